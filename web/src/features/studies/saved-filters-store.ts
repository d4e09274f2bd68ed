/**
 * Where saved filters live: the user's SAVED_FILTERS setting on the server (so they follow
 * the doctor to any machine), as a map of `savedFilters:{accountId}` → list. It answers
 * synchronously from memory and writes through; filters saved in this browser before the
 * server kept them are taken over once.
 */
import { apiRequest } from '../../lib/api';

export const SAVED_FILTERS_CONFIG_KEY = 'SAVED_FILTERS';

export type FilterStore = Pick<Storage, 'getItem' | 'setItem'>;

function parseMap(raw: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A store over the user's setting; `persist` sends the whole map (one small JSON). */
export function createFilterStore(
  configValue: string | undefined,
  persist: (value: string) => Promise<unknown>,
  legacy?: Pick<Storage, 'getItem'>,
): FilterStore {
  let all = parseMap(configValue);
  return {
    getItem(key) {
      if (!(key in all)) {
        const old = legacy?.getItem(key);
        return old ?? null;
      }
      return JSON.stringify(all[key]);
    },
    setItem(key, value) {
      all = { ...all, [key]: JSON.parse(value) as unknown };
      void persist(JSON.stringify(all)).catch(() => undefined);
    },
  };
}

let current: { userId: string; store: FilterStore } | null = null;

/** The signed-in user's store, made once per user from the session's userConfig. */
export function userFilterStore(userId: string, userConfig: { key: string; value: string }[]): FilterStore {
  if (current?.userId !== userId) {
    const value = userConfig.find((c) => c.key === SAVED_FILTERS_CONFIG_KEY)?.value;
    const persist = (v: string) =>
      apiRequest('/users/config', { method: 'POST', body: { key: SAVED_FILTERS_CONFIG_KEY, value: v } });
    current = { userId, store: createFilterStore(value, persist, safeLocalStorage()) };
  }
  return current.store;
}

function safeLocalStorage(): Pick<Storage, 'getItem'> | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
