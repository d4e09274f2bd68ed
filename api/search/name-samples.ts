/**
 * Each account's sample of folded patient names (name-trigrams.ts), read in the background and
 * read again when old: a search never waits for one. Until an account's sample has arrived its
 * searches read the index with their whole terms, as they always did.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { NameSample } from './name-trigrams';

/** 2,000 names tell a trigram in 1 % of names from one in 5 %; reading them takes 20–300 ms. */
const SAMPLE_SIZE = 2_000;
/** An account's names change their make-up slowly: a new patient is one of thousands. */
const MAX_AGE_MS = 15 * 60_000;
/** A sample is ~0.5 MB; the accounts searched most recently keep theirs. */
const MAX_ACCOUNTS = 32;
/** After a failed read, searches go without a sample this long rather than each trying again. */
const RETRY_MS = 60_000;

interface Entry {
  sample?: NameSample;
  at: number;
  loading?: Promise<NameSample>;
}

/** One store per database (each platform in a test process has its own). */
const stores = new WeakMap<Knex, Map<string, Entry>>();

/**
 * Patient ids are random UUIDs: the names in id order from a random id on (wrapping round at the
 * end) are a random sample, read on the (account_id, id) index.
 */
async function readSample(knex: Knex, accountId: string): Promise<NameSample> {
  const from = randomUUID();
  const names = (op: '>=' | '<', limit: number) =>
    knex('patients')
      .where('account_id', accountId)
      .where('id', op, from)
      .orderBy('id')
      .limit(limit)
      .pluck('name_search') as Promise<(string | null)[]>;
  const after = await names('>=', SAMPLE_SIZE);
  const before = after.length < SAMPLE_SIZE ? await names('<', SAMPLE_SIZE - after.length) : [];
  return new NameSample([...after, ...before].filter((n): n is string => !!n));
}

function storeOf(knex: Knex): Map<string, Entry> {
  let store = stores.get(knex);
  if (!store) stores.set(knex, (store = new Map()));
  return store;
}

function startLoad(knex: Knex, accountId: string, entry: Entry): Promise<NameSample> {
  const loading = readSample(knex, accountId).then(
    (sample) => {
      Object.assign(entry, { sample, at: Date.now(), loading: undefined });
      return sample;
    },
    (err: unknown) => {
      Object.assign(entry, { at: Date.now() - MAX_AGE_MS + RETRY_MS, loading: undefined });
      throw err;
    },
  );
  entry.loading = loading;
  return loading;
}

function entryOf(knex: Knex, accountId: string): Entry {
  const store = storeOf(knex);
  const entry = store.get(accountId) ?? { at: 0 };
  // Most recently searched last: Map keeps insertion order.
  store.delete(accountId);
  store.set(accountId, entry);
  if (store.size > MAX_ACCOUNTS) store.delete(store.keys().next().value!);
  return entry;
}

/** The account's sample if one has been read; starts reading it (or a fresh one) otherwise. Never waits. */
export function nameSample(knex: Knex, accountId: string): NameSample | undefined {
  const entry = entryOf(knex, accountId);
  if (!entry.loading && Date.now() - entry.at > MAX_AGE_MS) startLoad(knex, accountId, entry).catch(() => undefined);
  return entry.sample;
}

/** The account's sample, waiting for it to be read (a bench's warm-up, a test). */
export async function loadNameSample(knex: Knex, accountId: string): Promise<NameSample> {
  const entry = entryOf(knex, accountId);
  if (entry.loading) return entry.loading;
  if (entry.sample && Date.now() - entry.at <= MAX_AGE_MS) return entry.sample;
  return startLoad(knex, accountId, entry);
}
