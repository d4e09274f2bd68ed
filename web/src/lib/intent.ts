import { ApiError, NETWORK_ERROR, toApiError } from './errors';
import { randomUuid } from './uuid';

/**
 * Idempotency keys belong to the user's intent, not to a click (issue 22): the same action on
 * the same report with the same body keeps its key until a definitive answer. A lost answer
 * (network error, 5xx, 503) is retried with that key, and a second click after a failure sends
 * it again: the server answers what the first attempt really did, never applies it twice.
 */
const keys = new Map<string, string>();

/** Short, stable fingerprint of an intent (its body may be a long report text). */
function fingerprint(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619);
    h2 = Math.imul(h2 + c, 2246822519);
  }
  return `${(h1 >>> 0).toString(16)}${(h2 >>> 0).toString(16)}:${text.length}`;
}

/** Whether the answer leaves the outcome unknown: the same key must be sent again. */
export function isIndefinite(err: unknown): boolean {
  const e = toApiError(err);
  return e.code === NETWORK_ERROR || (e.status !== null && e.status >= 500);
}

const RETRY_DELAYS_MS = [400, 1200];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `send` with the intent's key; an indefinite failure is retried (twice) with it, and a
 * failure still indefinite keeps the key for the user's next click.
 */
export async function sendIntent<T>(intent: string, body: unknown, send: (key: string) => Promise<T>): Promise<T> {
  const id = `${intent}|${fingerprint(JSON.stringify(body ?? null))}`;
  let key = keys.get(id);
  if (!key) {
    key = randomUuid();
    keys.set(id, key);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await send(key);
      keys.delete(id);
      return result;
    } catch (err) {
      if (!isIndefinite(err)) {
        keys.delete(id);
        throw err;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw err instanceof ApiError ? err : toApiError(err);
      await pause(delay);
    }
  }
}
