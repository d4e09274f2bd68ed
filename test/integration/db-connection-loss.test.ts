/**
 * PostgreSQL connections killed under load (issue 22): every backend of the api's database is
 * terminated while 20 requests are in flight, round after round. No answer is a 500: each is
 * the data (200) or 503 DATABASE_UNAVAILABLE with Retry-After, and the api serves normally
 * right after.
 */
import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../setup/env';
import { createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });

it('answers 200 or 503 DATABASE_UNAVAILABLE, never 500, while its connections are killed, and recovers', async () => {
  const t = await createTenant(suite.knex, { studies: 3 });
  const token = await login(suite.api, t.users.doctor!.username);
  const database = new URL(suite.config.DATABASE_URL!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  const tally: Record<string, number> = {};
  try {
    for (let round = 0; round < 8; round++) {
      const calls = Array.from({ length: 20 }, () =>
        fetch(suite.apiUrl('/studies'), { headers: { access_token: token } }).then(async (res) => ({
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: (await res.json()) as { error?: { code: string } },
        })),
      );
      await new Promise((r) => setTimeout(r, 5 + round * 3));
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        database,
      ]);
      for (const answer of await Promise.all(calls)) {
        const key = answer.status === 200 ? '200' : `${answer.status} ${answer.body.error?.code}`;
        tally[key] = (tally[key] ?? 0) + 1;
        if (answer.status === 503) expect(answer.retryAfter).toBe('5');
      }
    }
  } finally {
    await admin.end();
  }
  console.log('answers while connections were killed:', tally);
  expect(Object.keys(tally).filter((k) => k !== '200' && k !== '503 DATABASE_UNAVAILABLE')).toEqual([]);
  // Right after: normal service.
  const after = await suite.api('GET', '/studies', { token });
  expect(after.status).toBe(200);
  expect(after.body.total).toBe(3);
});
