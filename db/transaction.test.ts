/**
 * inTransaction's decision on a fake knex whose transaction runs the body and then "commits":
 * a connection lost inside the body is retried once; lost at COMMIT, another error, the pool's
 * timeout, a savepoint: never.
 */
import { KnexTimeoutError, type Knex } from 'knex';
import { isLostConnection } from './lost-connection';
import { inTransaction } from './transaction';

const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const closed = () => new Error('Client was closed and is not queryable');

type Step = 'ok' | 'lost in body' | 'lost at commit' | 'refused' | 'pool timeout';

/** Each call to transaction() plays the next step; counts bodies run and commits done. */
function fakeKnex(steps: Step[], opts: { nested?: boolean } = {}) {
  const seen = { bodies: 0, commits: 0 };
  let call = 0;
  const knex = {
    isTransaction: opts.nested,
    async transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      const step = steps[call++] ?? 'ok';
      if (step === 'pool timeout') throw new KnexTimeoutError('Knex: Timeout acquiring a connection. The pool is probably full.');
      const value = await fn({ step } as unknown as Knex.Transaction);
      if (step === 'lost at commit') throw closed();
      seen.commits++;
      return value;
    },
  } as unknown as Knex;
  const body = async (trx: Knex.Transaction) => {
    seen.bodies++;
    const step = (trx as unknown as { step: Step }).step;
    if (step === 'lost in body') throw terminated();
    if (step === 'refused') throw new Error('duplicate key value violates unique constraint');
    return `written by body ${seen.bodies}`;
  };
  return { knex, body, seen };
}

it('runs the body once more when the connection is lost inside it, and answers the second run', async () => {
  const { knex, body, seen } = fakeKnex(['lost in body', 'ok']);
  await expect(inTransaction(knex, body)).resolves.toBe('written by body 2');
  expect(seen).toEqual({ bodies: 2, commits: 1 });
});

it('retries only once: a second loss propagates, still a lost connection (503)', async () => {
  const { knex, body, seen } = fakeKnex(['lost in body', 'lost in body', 'ok']);
  const err = await inTransaction(knex, body).catch((e: unknown) => e);
  expect(isLostConnection(err)).toBe(true);
  expect(seen).toEqual({ bodies: 2, commits: 0 });
});

it('does not retry a connection lost at COMMIT (the outcome is unknown)', async () => {
  const { knex, body, seen } = fakeKnex(['lost at commit', 'ok']);
  await expect(inTransaction(knex, body)).rejects.toThrow('not queryable');
  expect(seen).toEqual({ bodies: 1, commits: 0 });
});

it('does not retry other errors, the pool timeout, or inside a savepoint', async () => {
  const refused = fakeKnex(['refused', 'ok']);
  await expect(inTransaction(refused.knex, refused.body)).rejects.toThrow('duplicate key');
  expect(refused.seen.bodies).toBe(1);

  const timeout = fakeKnex(['pool timeout', 'ok']);
  await expect(inTransaction(timeout.knex, timeout.body)).rejects.toBeInstanceOf(KnexTimeoutError);
  expect(timeout.seen.bodies).toBe(0);

  const nested = fakeKnex(['lost in body', 'ok'], { nested: true });
  await expect(inTransaction(nested.knex, nested.body)).rejects.toMatchObject({ code: '57P01' });
  expect(nested.seen.bodies).toBe(1);
});

it('runs a body that succeeds once', async () => {
  const { knex, body, seen } = fakeKnex(['ok', 'ok']);
  await expect(inTransaction(knex, body)).resolves.toBe('written by body 1');
  expect(seen).toEqual({ bodies: 1, commits: 1 });
});
