/**
 * A store of per-account samples that search plans read (name-samples.ts, study-samples.ts): read
 * in the background and read again when old, so a search never waits for one. Until an
 * account's sample has arrived its searches go without, as they always did.
 */
import type { Knex } from 'knex';

export interface SampleStoreOptions {
  /** A sample's make-up changes slowly (a new patient is one of thousands): read again after this. */
  maxAgeMs: number;
  /** The accounts searched most recently keep theirs. */
  maxAccounts: number;
  /** After a failed read, searches go without a sample this long rather than each trying again. */
  retryMs: number;
}

interface Entry<T> {
  sample?: T;
  at: number;
  loading?: Promise<T>;
}

export interface SampleStore<T> {
  /** The account's sample if one has been read; starts reading it (or a fresh one) otherwise. Never waits. */
  get(knex: Knex, accountId: string): T | undefined;
  /** The account's sample, waiting for it to be read (a bench's warm-up, a test). */
  load(knex: Knex, accountId: string): Promise<T>;
}

export function sampleStore<T>(
  read: (knex: Knex, accountId: string) => Promise<T>,
  { maxAgeMs, maxAccounts, retryMs }: SampleStoreOptions,
): SampleStore<T> {
  /** One store per database (each platform in a test process has its own). */
  const stores = new WeakMap<Knex, Map<string, Entry<T>>>();

  const entryOf = (knex: Knex, accountId: string): Entry<T> => {
    let store = stores.get(knex);
    if (!store) stores.set(knex, (store = new Map()));
    const entry = store.get(accountId) ?? { at: 0 };
    // Most recently searched last: Map keeps insertion order.
    store.delete(accountId);
    store.set(accountId, entry);
    if (store.size > maxAccounts) store.delete(store.keys().next().value!);
    return entry;
  };

  const startLoad = (knex: Knex, accountId: string, entry: Entry<T>): Promise<T> => {
    const loading = read(knex, accountId).then(
      (sample) => {
        Object.assign(entry, { sample, at: Date.now(), loading: undefined });
        return sample;
      },
      (err: unknown) => {
        Object.assign(entry, { at: Date.now() - maxAgeMs + retryMs, loading: undefined });
        throw err;
      },
    );
    entry.loading = loading;
    return loading;
  };

  return {
    get(knex, accountId) {
      const entry = entryOf(knex, accountId);
      if (!entry.loading && Date.now() - entry.at > maxAgeMs) startLoad(knex, accountId, entry).catch(() => undefined);
      return entry.sample;
    },
    async load(knex, accountId) {
      const entry = entryOf(knex, accountId);
      if (entry.loading) return entry.loading;
      if (entry.sample && Date.now() - entry.at <= maxAgeMs) return entry.sample;
      return startLoad(knex, accountId, entry);
    },
  };
}
