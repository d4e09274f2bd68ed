/**
 * The sign-in rate limit with REDIS_URL (rate-limiter-flexible on Redis): two api replicas count
 * one allowance per address, so a client cannot double its attempts by spreading them.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Platform } from '../../scripts/platform';
import { startTestPlatform } from '../support/platform';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: Platform;
let b: Platform;
let knexA: Knex;
let knexB: Knex;

beforeAll(async () => {
  // Every suite's platform calls from 127.0.0.1 on the one Redis: behind a trusted proxy this
  // test's calls come from an address of its own, so suites running at once don't share its count.
  const shared = { REDIS_URL, LOGIN_RATE_PER_MINUTE: '4', TRUST_PROXY: '1' };
  ({ platform: a, knex: knexA } = await startTestPlatform(shared, { worker: false }));
  ({ platform: b, knex: knexB } = await startTestPlatform(shared, { worker: false }));
});

afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await knexB?.destroy();
  await knexA?.destroy();
});

it('two replicas share one allowance per address through Redis, with Retry-After past it', async () => {
  const own = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`; // documentation range
  const answers: { status: number; retryAfter: string | null }[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${(i % 2 ? b : a).url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': own },
      body: JSON.stringify({ username: `nobody.${randomUUID().slice(0, 8)}`, password: 'Wrong@123' }),
    });
    answers.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
  }
  // In memory each replica would have let 4 through: 8 in all.
  expect(answers.map((x) => x.status)).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  expect(answers.slice(4).every((x) => Number(x.retryAfter) >= 1 && Number(x.retryAfter) <= 60)).toBe(true);
});
