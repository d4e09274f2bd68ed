/**
 * Lazy-loaded modules (spec 3 §8): a chunk that fails to load is tried up to 5 times in all,
 * then a ModuleLoadError says so (the route's error screen shows the connection message).
 * A browser keeps a failed dynamic import in its module map, so a retry imports the chunk's
 * address again with a query string: a new fetch of the same file.
 */
import { lazy, type ComponentType } from 'react';

export const LAZY_LOAD_ATTEMPTS = 5;
const RETRY_DELAY_MS = 300;

export class ModuleLoadError extends Error {
  constructor(override readonly cause: unknown) {
    super('module load failed');
    this.name = 'ModuleLoadError';
  }
}

/** The chunk's address in a failed import's message ('Failed to fetch dynamically imported module: …'). */
export function failedModuleUrl(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  const m = /(https?:\/\/\S+?\.m?js)\b/.exec(message);
  return m ? m[1]! : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function importWithRetry<T>(
  load: () => Promise<T>,
  opts: { attempts?: number; delayMs?: number; importUrl?: (url: string) => Promise<T> } = {},
): Promise<T> {
  const attempts = opts.attempts ?? LAZY_LOAD_ATTEMPTS;
  const importUrl = opts.importUrl ?? ((url: string) => import(/* @vite-ignore */ url) as Promise<T>);
  let url: string | null = null;
  let lastError: unknown;
  for (let n = 1; n <= attempts; n++) {
    try {
      return await (url ? importUrl(`${url}?retry=${n}`) : load());
    } catch (err) {
      lastError = err;
      url ??= failedModuleUrl(err);
      if (n < attempts) await sleep((opts.delayMs ?? RETRY_DELAY_MS) * n);
    }
  }
  throw new ModuleLoadError(lastError);
}

/** A react-router `lazy` for a page component, loaded with retries. */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return async () => ({ Component: pick(await importWithRetry(load)) });
}

/**
 * A component loaded, with retries, the first time it renders (inside a Suspense): dialogs a
 * page opens on demand stay out of the chunk that loads with the page.
 */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await importWithRetry(load)) }));
}
