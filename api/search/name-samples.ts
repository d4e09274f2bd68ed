/**
 * Each account's sample of folded patient names (name-trigrams.ts), kept by account-samples.ts:
 * a search never waits for one.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { sampleStore } from './account-samples';
import { NameSample } from './name-trigrams';

/** 2,000 names tell a trigram in 1 % of names from one in 5 %; reading them takes 20–300 ms. */
const SAMPLE_SIZE = 2_000;

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

// A sample is ~0.5 MB; an account's names change their make-up slowly.
const store = sampleStore(readSample, { maxAgeMs: 15 * 60_000, maxAccounts: 32, retryMs: 60_000 });

/** The account's sample if one has been read; starts reading it (or a fresh one) otherwise. Never waits. */
export const nameSample = (knex: Knex, accountId: string): NameSample | undefined => store.get(knex, accountId);

/** The account's sample, waiting for it to be read (a bench's warm-up, a test). */
export const loadNameSample = (knex: Knex, accountId: string): Promise<NameSample> => store.load(knex, accountId);
