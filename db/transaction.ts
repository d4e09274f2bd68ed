/**
 * A write transaction that survives one lost connection (issue 22): a PostgreSQL backend killed
 * (failover, pg_terminate_backend, a reset socket) while the body runs rolls the transaction
 * back on the server, so running the body once more on a fresh connection cannot apply it twice.
 *
 * Retried only when that is certain:
 * - the failure came before COMMIT was sent (the body had not finished). A connection lost
 *   during COMMIT leaves the outcome unknown: that one propagates (503 DATABASE_UNAVAILABLE);
 * - the error is a lost connection, not the pool's timeout (which already waited its full time);
 * - `knex` is not itself a transaction (a savepoint's outer transaction died with it).
 * The body must touch nothing but the database through `trx` (no Temporal, mail, files, MQTT),
 * or only in a way that is safe to repeat; it may run twice. A second failure propagates.
 */
import type { Knex } from 'knex';
import { isLostConnection, isPoolTimeout } from './lost-connection';

type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown; retry: boolean };

export async function inTransaction<T>(knex: Knex, body: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const first = await attempt(knex, body);
  if (first.ok) return first.value;
  if (!first.retry) throw first.error;
  const second = await attempt(knex, body);
  if (second.ok) return second.value;
  throw second.error;
}

async function attempt<T>(knex: Knex, body: (trx: Knex.Transaction) => Promise<T>): Promise<Attempt<T>> {
  // Set once the body has resolved: from then on knex sends COMMIT, whose loss is not retried.
  let bodyDone = false;
  try {
    const value = await knex.transaction(async (trx) => {
      const result = await body(trx);
      bodyDone = true;
      return result;
    });
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error, retry: shouldRetry(error, { bodyDone, nested: knex.isTransaction === true }) };
  }
}

/** The decision alone, for the tests: a lost connection before COMMIT, outside a savepoint. */
export function shouldRetry(error: unknown, at: { bodyDone: boolean; nested: boolean }): boolean {
  return !at.bodyDone && !at.nested && isLostConnection(error) && !isPoolTimeout(error);
}
