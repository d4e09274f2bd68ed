/**
 * Report commits heard by the api (ADR 042): the commit activity announces each transition it
 * committed and published, with its Update's id and record; a waiter hears only its own, only
 * once committed, and the listener comes back after losing its connection. The answer of an
 * action over HTTP is the record the notice carries.
 */
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import pino from 'pino';
import pg from 'pg';
import { notify } from '../../db/listen';
import { notStartedLaudo } from '../../domain/laudo/snapshot';
import type { LivePublisher } from '../../live/publisher';
import { publishStudyDocuments } from '../../live/study-documents';
import {
  type CommitNotices,
  LAUDO_COMMITTED_CHANNEL,
  commitNotice,
  listenCommitNotices,
} from '../../services/reports/commit-notices';
import type { LaudoRecord } from '../../workflows/laudo/messages';
import { within } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
let notices: CommitNotices;

const record = (extra: Partial<LaudoRecord> = {}): LaudoRecord => ({
  ...notStartedLaudo({
    hasInstitution: true,
    modalities: ['CT'],
    allowSismama: false,
    patientId: 'P1',
    studyIds: [randomUUID()],
  }),
  laudoId: randomUUID(),
  accountId: randomUUID(),
  institutionId: randomUUID(),
  seq: 1,
  contentId: null,
  reviewContentId: null,
  ...extra,
});

beforeAll(async () => {
  notices = await listenCommitNotices({ databaseUrl: suite.config.DATABASE_URL!, logger: pino({ level: 'silent' }) });
});
afterAll(() => notices.close());

it('hears a commit, not a rollback, and only its own Update', async () => {
  const mine = `save:${randomUUID()}`;
  const r = record();
  const wait = notices.waitFor(mine);
  const other = notices.waitFor(`save:${randomUUID()}`);
  try {
    await suite.knex
      .transaction(async (trx) => {
        await notify(trx, LAUDO_COMMITTED_CHANNEL, commitNotice(mine, record({ seq: 99 }))!.payload);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await within(wait.committed, 300)).toBeNull();

    await suite.knex.transaction(async (trx) => {
      await notify(trx, LAUDO_COMMITTED_CHANNEL, commitNotice(mine, r)!.payload);
      // Not heard before the commit.
      expect(await within(wait.committed, 200)).toBeNull();
    });
    expect(await within(wait.committed, 5_000)).toEqual({ value: r });
    expect(await within(other.committed, 200)).toBeNull();
  } finally {
    wait.cancel();
    other.cancel();
  }
});

it('comes with the last live document: heard after every document is published, never when publishing fails', async () => {
  const t = await createTenant(suite.knex, { studies: 3 });
  const published: string[] = [];
  let heardAfter: number | null = null;
  const publisher = {
    async publishRetained(topic: string) {
      // Each document waits a little: a notice sent early would be heard in between.
      await new Promise((r) => setTimeout(r, 50));
      published.push(topic);
    },
  } as unknown as LivePublisher;
  const id = `save:${randomUUID()}`;
  const r = record();
  const wait = notices.waitFor(id);
  try {
    void wait.committed.then(() => (heardAfter = published.length));
    const notice = commitNotice(id, r)!;
    await publishStudyDocuments(suite.knex, publisher, t.studyIds, { notice });
    expect(await within(wait.committed, 5_000)).toEqual({ value: r });
    expect(published).toHaveLength(3);
    expect(heardAfter).toBe(3);
  } finally {
    wait.cancel();
  }

  // The publish fails: its transaction rolls back, and the notice with it.
  const failing = { publishRetained: () => Promise.reject(new Error('broker down')) } as unknown as LivePublisher;
  const lost = `save:${randomUUID()}`;
  const never = notices.waitFor(lost);
  try {
    const notice = commitNotice(lost, r)!;
    await expect(publishStudyDocuments(suite.knex, failing, t.studyIds, { notice })).rejects.toThrow('broker down');
    expect(await within(never.committed, 300)).toBeNull();
  } finally {
    never.cancel();
  }

  // No study to publish: the notice still goes out.
  const alone = `save:${randomUUID()}`;
  const heard = notices.waitFor(alone);
  try {
    await publishStudyDocuments(suite.knex, publisher, [], {
      notice: commitNotice(alone, r)!,
    });
    expect(await within(heard.committed, 5_000)).toEqual({ value: r });
  } finally {
    heard.cancel();
  }
});

it("serialises one study's publishers, and the later one reads what committed while it waited", async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  const studyId = t.studyIds[0]!;
  const docs: { examStatus: string | null }[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held = {
    async publishRetained(_topic: string, payload: string) {
      await gate; // the first publisher holds the study's lock here
      docs.push(JSON.parse(payload));
    },
  } as unknown as LivePublisher;
  const plain = {
    async publishRetained(_topic: string, payload: string) {
      docs.push(JSON.parse(payload));
    },
  } as unknown as LivePublisher;
  const first = publishStudyDocuments(suite.knex, held, [studyId]);
  try {
    await new Promise((r) => setTimeout(r, 200));
    // The second publisher waits for the first's lock; a write commits while it waits.
    const second = publishStudyDocuments(suite.knex, plain, [studyId]);
    expect(await within(second, 300)).toBeNull();
    await suite.knex('studies').where({ id: studyId }).update({ exam_status: 'IN_PROGRESS' });
    expect(docs).toHaveLength(0);
    release();
    await Promise.all([first, second]);
    // The first read before the write; the second, sent before it, read it after its wait.
    expect(docs.map((d) => d.examStatus)).toEqual([null, 'IN_PROGRESS']);
  } finally {
    release(); // a failed expectation must not leave the lock (and a connection) held
  }

  // A failed publish ends its transaction: the lock is free for the next one at once.
  const failing = { publishRetained: () => Promise.reject(new Error('broker down')) } as unknown as LivePublisher;
  await expect(publishStudyDocuments(suite.knex, failing, [studyId])).rejects.toThrow('broker down');
  expect(await within(publishStudyDocuments(suite.knex, plain, [studyId]), 2_000)).toEqual({ value: undefined });
  expect(docs).toHaveLength(3);
});

it("carries a notice's quotes, backslashes and question marks as they are", async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  const r = record({ doctorName: "Dra. D'Ávila \\ ? $1 '' ?" });
  const id = `save:${randomUUID()}`;
  const wait = notices.waitFor(id);
  try {
    await publishStudyDocuments(suite.knex, { publishRetained: async () => undefined } as unknown as LivePublisher, t.studyIds, {
      notice: commitNotice(id, r)!,
    });
    expect(await within(wait.committed, 5_000)).toEqual({ value: r });
  } finally {
    wait.cancel();
  }
});

it("commits its notice without a WAL flush, and leaves the connection's later commits durable", async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  // One connection: the publish's, then the statement after it.
  const one = knexFactory({ client: 'pg', connection: suite.config.DATABASE_URL, pool: { min: 1, max: 1 } });
  try {
    const id = `save:${randomUUID()}`;
    const wait = notices.waitFor(id);
    try {
      const silent = { publishRetained: async () => undefined } as unknown as LivePublisher;
      await publishStudyDocuments(one, silent, t.studyIds, { notice: commitNotice(id, record())! });
      expect(await within(wait.committed, 5_000)).not.toBeNull();
    } finally {
      wait.cancel();
    }
    // The setting was the transaction's own (SET LOCAL): a projection on this connection waits for its flush.
    const shown = (await one.raw('SHOW synchronous_commit')) as { rows: { synchronous_commit: string }[] };
    expect(shown.rows[0]!.synchronous_commit).toBe('on');
  } finally {
    await one.destroy();
  }
});

it('sends no notice for a record too large for NOTIFY, nor without an Update id', () => {
  expect(commitNotice('start:k', record())).not.toBeNull();
  expect(commitNotice('start:k', record({ studyIds: Array.from({ length: 300 }, () => randomUUID()) }))).toBeNull();
  expect(commitNotice(null, record())).toBeNull();
});

it('listens again after its connection is cut', async () => {
  const admin = new pg.Client({ connectionString: suite.config.DATABASE_URL });
  await admin.connect();
  try {
    const cut = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ${LAUDO_COMMITTED_CHANNEL}' AND datname = current_database() AND pid <> pg_backend_pid()`,
    );
    expect(cut.rowCount).toBeGreaterThan(0);
    const id = `save:${randomUUID()}`;
    const r = record();
    const wait = notices.waitFor(id);
    try {
      // Sent until heard: the listener reconnects within about a second.
      for (let i = 0; i < 40 && !(await within(wait.committed, 100)); i++)
        await notify(suite.knex, LAUDO_COMMITTED_CHANNEL, commitNotice(id, r)!.payload);
      expect(await within(wait.committed, 100)).toEqual({ value: r });
    } finally {
      wait.cancel();
    }
  } finally {
    await admin.end();
  }
});

it('waits at close for the Update outcomes still on their way', async () => {
  const other = await listenCommitNotices({ databaseUrl: suite.config.DATABASE_URL!, logger: pino({ level: 'silent' }) });
  let arrive!: () => void;
  other.track(new Promise<void>((r) => (arrive = r)));
  const closed = other.close();
  expect(await within(closed, 200)).toBeNull();
  arrive();
  expect(await within(closed, 2_000)).not.toBeNull();
});

describe('over HTTP', () => {
  let t: Tenant;
  let token: string;
  beforeAll(async () => {
    t = await createTenant(suite.knex, { studies: 1 });
    token = await login(suite.api, t.users.doctor!.username);
  });

  it("announces the action's Update with the record the api answers", async () => {
    const key = `notice-${randomUUID()}`;
    const heard = notices.waitFor(`start:${key}`);
    try {
      const res = await fetch(suite.apiUrl(`/studies/${t.studyIds[0]}/reports/start`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token, 'idempotency-key': key },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { report: { state: number; userId: string } };
      const got = await within(heard.committed, 5_000);
      expect(got).not.toBeNull();
      expect(got!.value.state).toBe(1);
      expect(body.report.state).toBe(got!.value.state);
      expect(got!.value.userId).toBe(t.users.doctor!.id);
      // Committed before it was announced.
      const laudo = await suite.knex('laudos').where({ id: got!.value.laudoId }).first('state', 'seq');
      expect(laudo).toMatchObject({ state: 1, seq: got!.value.seq });
    } finally {
      heard.cancel();
    }
  });
});
