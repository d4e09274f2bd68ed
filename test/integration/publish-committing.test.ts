/**
 * A write committed in the live document's round trip (ADR 053): a report's projection goes
 * with the read of its one document, as a transaction of its own before the lock's. It is
 * committed before the lock is waited for, its values arrive as bound values would, a failure
 * leaves nothing half done, and each connection prepares its text once.
 */
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import pino from 'pino';
import { MAX_NAMES, statementName } from '../../db/prepared';
import type { LivePublisher } from '../../live/publisher';
import { publishStudyDocuments } from '../../live/study-documents';
import { type CommitNotices, commitNotice, listenCommitNotices } from '../../services/reports/commit-notices';
import { notStartedLaudo } from '../../domain/laudo/snapshot';
import type { LaudoRecord } from '../../workflows/laudo/messages';
import { within } from '../support/eventually';
import { createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });
let notices: CommitNotices;

beforeAll(async () => {
  notices = await listenCommitNotices({ databaseUrl: suite.config.DATABASE_URL!, logger: pino({ level: 'silent' }) });
});
afterAll(() => notices.close());

type Doc = { examStatus: string | null };
const collecting = (docs: Doc[], gate?: Promise<void>) =>
  ({
    async publishRetained(_topic: string, payload: string) {
      await gate;
      docs.push(JSON.parse(payload) as Doc);
    },
  }) as unknown as LivePublisher;

const setStatus = (db: Knex, studyId: string, status: string) =>
  db('studies').where({ id: studyId }).update({ exam_status: status });
const statusOf = async (studyId: string) =>
  ((await suite.knex('studies').where({ id: studyId }).first('exam_status')) as { exam_status: string | null }).exam_status;

it("commits the write before waiting for the study's lock, and publishes what it wrote", async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  const studyId = t.studyIds[0]!;
  const docs: Doc[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const first = publishStudyDocuments(suite.knex, collecting(docs, gate), [studyId]);
  try {
    await new Promise((r) => setTimeout(r, 200));
    const second = publishStudyDocuments(suite.knex, collecting(docs), [studyId], {
      committing: { statement: setStatus(suite.knex, studyId, 'IN_PROGRESS'), label: 'test-status' },
    });
    // Waiting for the lock, its write is already committed: seen from another connection, and
    // its row is not held (a write to it goes through at once).
    expect(await within(second, 300)).toBeNull();
    expect(await statusOf(studyId)).toBe('IN_PROGRESS');
    expect(
      await within(Promise.resolve(suite.knex('studies').where({ id: studyId }).update({ updated_at: new Date() })), 2_000),
    ).not.toBeNull();
    release();
    await Promise.all([first, second]);
    expect(docs.map((d) => d.examStatus)).toEqual([null, 'IN_PROGRESS']);
  } finally {
    release();
  }
});

it('sends its values as bound values: quotes, backslashes, question marks, dollars, JSON and nulls', async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  const studyId = t.studyIds[0]!;
  const odd = "D'Ávila \\ ? $1 '' ? \\x00 ☃";
  const laudoId = ((await suite.knex('studies').where({ id: studyId }).first('laudo_id')) as { laudo_id: string }).laudo_id;
  const snapshot = { note: odd, list: [1, 'two', null], nested: { ok: true } };
  const docs: Doc[] = [];
  await publishStudyDocuments(suite.knex, collecting(docs), [studyId], {
    committing: {
      statement: suite
        .knex('laudos')
        .where({ id: laudoId })
        .update({
          doctor_name: odd,
          snapshot: JSON.stringify(snapshot),
          review_user_id: null,
          is_digitally_signed: true,
          version: 7,
        }),
      label: 'test-odd',
    },
  });
  const row = (await suite
    .knex('laudos')
    .where({ id: laudoId })
    .first('doctor_name', 'snapshot', 'review_user_id', 'is_digitally_signed', 'version')) as Record<string, unknown>;
  expect(row).toEqual({ doctor_name: odd, snapshot, review_user_id: null, is_digitally_signed: true, version: 7 });
  expect(docs).toHaveLength(1);
});

it('publishes nothing, sends no notice and frees the lock when the write fails', async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  const studyId = t.studyIds[0]!;
  const docs: Doc[] = [];
  const id = `save:${randomUUID()}`;
  const wait = notices.waitFor(id);
  try {
    const record: LaudoRecord = {
      ...notStartedLaudo({ hasInstitution: true, modalities: ['CT'], allowSismama: false, patientId: 'P1', studyIds: [studyId] }),
      laudoId: randomUUID(),
      accountId: t.accountId,
      institutionId: t.institutionId,
      seq: 1,
      contentId: null,
      reviewContentId: null,
    };
    // A status the column's check refuses.
    const failing = setStatus(suite.knex, studyId, 'NO SUCH STATUS');
    await expect(
      publishStudyDocuments(suite.knex, collecting(docs), [studyId], {
        committing: { statement: failing, label: 'test-failing' },
        notice: commitNotice(id, record)!,
      }),
    ).rejects.toThrow();
    expect(docs).toHaveLength(0);
    expect(await within(wait.committed, 300)).toBeNull();
  } finally {
    wait.cancel();
  }
  // The lock is free and the connections are clean: the next publish goes at once.
  expect(await within(publishStudyDocuments(suite.knex, collecting(docs), [studyId]), 2_000)).not.toBeNull();
  expect(docs).toHaveLength(1);
});

it('prepares its text once per connection, and runs it with each call’s values', async () => {
  const t = await createTenant(suite.knex, { studies: 1 });
  const studyId = t.studyIds[0]!;
  const one = knexFactory({ client: 'pg', connection: suite.config.DATABASE_URL, pool: { min: 1, max: 1 } });
  try {
    const docs: Doc[] = [];
    for (const status of ['IN_PROGRESS', 'CALL_PATIENT', 'IN_PROGRESS'])
      await publishStudyDocuments(one, collecting(docs), [studyId], {
        committing: { statement: setStatus(one, studyId, status), label: 'test-once' },
      });
    expect(docs.map((d) => d.examStatus)).toEqual(['IN_PROGRESS', 'CALL_PATIENT', 'IN_PROGRESS']);
    const prepared = (await one.raw("SELECT name FROM pg_prepared_statements WHERE name LIKE 'sql-test-once:%'")) as {
      rows: unknown[];
    };
    expect(prepared.rows).toHaveLength(1);
    // The connection is left outside any transaction.
    const state = (await one.raw('SELECT now() = statement_timestamp() AS fresh')) as { rows: { fresh: boolean }[] };
    expect(state.rows[0]!.fresh).toBe(true);
  } finally {
    await one.destroy();
  }
});

it('with several studies, or once the statement names are used up, commits the write on its own first', async () => {
  const t = await createTenant(suite.knex, { studies: 2 });
  const docs: Doc[] = [];
  await publishStudyDocuments(suite.knex, collecting(docs), t.studyIds, {
    committing: {
      statement: suite.knex('studies').whereIn('id', t.studyIds).update({ exam_status: 'CALL_PATIENT' }),
      label: 'test-many',
    },
  });
  expect(docs.map((d) => d.examStatus)).toEqual(['CALL_PATIENT', 'CALL_PATIENT']);

  // Last in this file: it takes every name this process had left.
  for (let i = 0; statementName(`fill-${i}`, 'SELECT 1') && i < MAX_NAMES; i++);
  const studyId = t.studyIds[0]!;
  await publishStudyDocuments(suite.knex, collecting(docs), [studyId], {
    committing: { statement: setStatus(suite.knex, studyId, 'IN_PROGRESS'), label: 'test-unnamed' },
  });
  expect(docs.at(-1)!.examStatus).toBe('IN_PROGRESS');
  expect(await statusOf(studyId)).toBe('IN_PROGRESS');
});
