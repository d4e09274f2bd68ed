/**
 * A write whose PostgreSQL connection is killed mid-transaction (issue 22) is retried once on a
 * fresh connection: the user sees it done, written once. Killed again, it answers 503
 * DATABASE_UNAVAILABLE with Retry-After, and nothing of it is left.
 *
 * The write held in flight is posting a comment (comment, read mark, audit row in one
 * transaction): a test connection holds the audit table in SHARE mode, so the transaction has
 * written its comment and waits on its audit row; its backend is found in pg_stat_activity and
 * terminated there.
 */
import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../setup/env';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ worker: false });
let t: Tenant;
let token: string;
let admin: pg.Client;
let database: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_CREATE_COMMENTS'] } });
  token = await login(suite.api, t.users.doctor!.username);
  database = new URL(suite.config.DATABASE_URL!).pathname.slice(1);
  admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
});

/** Holds the audit table against inserts until released: writes that audit wait in flight. */
async function holdAuditTable(): Promise<{ release(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: suite.config.DATABASE_URL });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE audit_log IN SHARE MODE');
  return {
    async release() {
      await holder.query('COMMIT');
      await holder.end();
    },
  };
}

/** The backends of the test database waiting for the audit table's lock. */
async function waiting(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = $1 AND wait_event_type = 'Lock' AND query ILIKE 'insert into "audit_log"%'`,
    [database],
  );
  return rows.map((r) => r.pid);
}

/** Waits for exactly one waiting backend other than `not`. */
async function nextWaiter(not: number[], what: string): Promise<number> {
  const found = await eventually(
    async () => (await waiting()).filter((p) => !not.includes(p)),
    (pids) => pids.length === 1,
    { what },
  );
  return found[0]!;
}

/** Waits for a waiting backend other than `not`, and terminates it. */
async function killNextWaiter(not: number[]): Promise<number> {
  const pid = await nextWaiter(not, 'a write waiting on the audit table');
  const { rows } = await admin.query<{ done: boolean }>('SELECT pg_terminate_backend($1) AS done', [pid]);
  expect(rows[0]!.done).toBe(true);
  return pid;
}

function postComment(studyId: string, message: string) {
  return fetch(suite.apiUrl('/studies/comments'), {
    method: 'POST',
    headers: { access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify({ studyId, message }),
  }).then(async (res) => ({
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { error?: { code: string }; comments?: { comment: string }[] },
  }));
}

async function written(studyId: string) {
  const count = async (q: Promise<{ n: string | number }[]>) => Number((await q)[0]!.n);
  return {
    comments: await count(suite.knex('study_comments').where({ study_id: studyId }).count({ n: '*' })),
    reads: await count(
      suite
        .knex('study_comment_reads as r')
        .join('study_comments as c', 'c.id', 'r.comment_id')
        .where('c.study_id', studyId)
        .count({ n: '*' }),
    ),
    audits: await count(suite.knex('audit_log').where({ study_id: studyId, action: 'study.comment.create' }).count({ n: '*' })),
  };
}

it('retries a write whose connection was killed before COMMIT: the user sees it done, written once', async () => {
  const studyId = t.studyIds[0]!;
  const lock = await holdAuditTable();
  let answer: ReturnType<typeof postComment> | undefined;
  try {
    answer = postComment(studyId, 'Escrito uma vez.');
    const first = await killNextWaiter([]);
    // The retry runs on another connection and waits on the same lock: then it may go on.
    await nextWaiter([first], 'the retried write');
  } finally {
    await lock.release();
  }
  const res = await answer!;
  expect(res.status).toBe(201);
  expect(res.body.comments?.map((c) => c.comment)).toEqual(['Escrito uma vez.']);
  expect(await written(studyId)).toEqual({ comments: 1, reads: 1, audits: 1 });
});

it('answers 503 DATABASE_UNAVAILABLE with Retry-After when the retry is killed too, and leaves nothing half-written', async () => {
  const studyId = t.studyIds[1]!;
  const lock = await holdAuditTable();
  try {
    const answer = postComment(studyId, 'Nunca escrito.');
    const first = await killNextWaiter([]);
    await killNextWaiter([first]);
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.retryAfter).toBe('5');
    expect(res.body.error?.code).toBe('DATABASE_UNAVAILABLE');
    // Retried once only: no third attempt waits on the lock.
    expect(await waiting()).toEqual([]);
  } finally {
    await lock.release();
  }
  // The comment each attempt had inserted before its audit row was rolled back with it.
  expect(await written(studyId)).toEqual({ comments: 0, reads: 0, audits: 0 });
  // And the api serves the next write normally.
  const next = await postComment(studyId, 'Depois da falha.');
  expect(next.status).toBe(201);
  expect(await written(studyId)).toEqual({ comments: 1, reads: 1, audits: 1 });
});
