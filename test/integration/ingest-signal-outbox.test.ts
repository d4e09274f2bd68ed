/**
 * The ingest workflow's signal outbox (decision 027): the STOW answer no longer waits for
 * Temporal, so the signal must be certain another way — a row committed with the instances,
 * deleted once signal-with-start succeeded, and sent again by the sweep when the process died
 * in between or Temporal refused it.
 */
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { readDicomBuffer } from '../../imaging/dicom-header';
import { ingestBatch } from '../../imaging/ingest-batch';
import { LocalObjectStorage } from '../../storage/local-storage';
import { signalOutbox } from '../../imaging/ingest-signal-outbox';
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
let t: Tenant;
let token: string;
let connection: Connection;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { uploader: ['STUDIES_UPLOAD_DICOM'] } });
  token = await login(suite.api, t.users.uploader!.username);
  connection = await Connection.connect({ address: suite.config.TEMPORAL_ADDRESS! });
});

afterAll(async () => {
  await connection?.close();
});

const owed = (studyId: string) => suite.knex('study_ingest_signals').where({ study_id: studyId }).first();
const studyOfUid = (uid: string) => suite.knex('studies').where({ study_instance_uid: uid }).first('id', 'stable_at');

function outbox(temporal: Client) {
  return signalOutbox({
    knex: suite.knex,
    temporal,
    taskQueue: suite.config.TEMPORAL_TASK_QUEUE,
    stableMs: 200,
    logger: pino({ level: 'silent' }),
  });
}

it('an upload owes its study a signal until the workflow has it, then the study turns stable', async () => {
  const s = makeStudy({ series: 1, perSeries: 3, rows: 32, columns: 32 });
  const res = await stow(suite.platform.url, token, s.files);
  expect(res.status).toBe(200);
  const study = await studyOfUid(s.studyUid);
  // Sent after the answer: the row goes once signal-with-start succeeded.
  await eventually(
    () => owed(study.id),
    (row) => row === undefined,
    { what: 'the owed signal sent' },
  );
  await eventually(
    () => studyOfUid(s.studyUid),
    (row) => Boolean(row?.stable_at),
    { what: 'study stable' },
  );
});

it('storing instances commits the owed signal of their study with them, counted, before any send', async () => {
  const s = makeStudy({ series: 2, perSeries: 2, rows: 32, columns: 32 });
  const storage = new LocalObjectStorage(path.join(suite.config.DATA_DIR, 'objects'));
  const target = { accountId: t.accountId, institutionId: t.institutionId, connectId: null, userId: null };
  const items = s.files.map((body) => ({ header: readDicomBuffer(body), body }));
  // No STOW handler and so no send: what a process dying right after the commit leaves.
  const outcomes = await ingestBatch({ knex: suite.knex, storage }, target, items);
  expect(outcomes.every((o) => o.ok)).toBe(true);
  const study = await studyOfUid(s.studyUid);
  expect(await owed(study.id)).toMatchObject({ account_id: t.accountId, study_instance_uid: s.studyUid, instances: 4 });
  // The same instances again are duplicates: nothing more owed.
  await ingestBatch({ knex: suite.knex, storage }, target, items);
  expect(await owed(study.id)).toMatchObject({ instances: 4 });
  await outbox(new Client({ connection })).replay(0);
  await eventually(
    () => owed(study.id),
    (row) => row === undefined,
    { what: 'the owed signal replayed' },
  );
  await eventually(
    () => studyOfUid(s.studyUid),
    (row) => Boolean(row?.stable_at),
    { what: 'study stable' },
  );
});

it('a signal left owed by a process that died after the commit is sent by the replay', async () => {
  const s = makeStudy({ series: 1, perSeries: 2, rows: 32, columns: 32 });
  expect((await stow(suite.platform.url, token, s.files)).status).toBe(200);
  const study = await studyOfUid(s.studyUid);
  await eventually(
    () => studyOfUid(s.studyUid),
    (row) => Boolean(row?.stable_at),
    { what: 'study stable' },
  );
  await eventually(
    () => owed(study.id),
    (row) => row === undefined,
    { what: 'the first signal sent' },
  );

  // As if more instances were committed and the process died before signalling: the row is
  // there, the workflow (ended at its stable point) was never told.
  await suite.knex('study_ingest_signals').insert({
    study_id: study.id,
    account_id: t.accountId,
    study_instance_uid: s.studyUid,
    instances: 5,
    updated_at: suite.knex.raw(`now() - interval '1 minute'`),
  });
  await suite.knex('studies').where({ id: study.id }).update({ stable_at: null });

  // The replay (this one, or the platform's own sweep if it came first) sends it and clears the row.
  await outbox(new Client({ connection })).replay();
  await eventually(
    () => owed(study.id),
    (row) => row === undefined,
    { what: 'the owed signal replayed' },
  );
  // The workflow started again and reached a stable point.
  await eventually(
    () => studyOfUid(s.studyUid),
    (row) => Boolean(row?.stable_at),
    { what: 'study stable again' },
  );
});

it('a refused signal keeps its row (the sweep sends it later), and a recent row is left to its request', async () => {
  const s = makeStudy({ series: 1, perSeries: 1, rows: 32, columns: 32 });
  expect((await stow(suite.platform.url, token, s.files)).status).toBe(200);
  const study = await studyOfUid(s.studyUid);
  await eventually(
    () => owed(study.id),
    (row) => row === undefined,
    { what: 'the first signal sent' },
  );
  await suite.knex('study_ingest_signals').insert({
    study_id: study.id,
    account_id: t.accountId,
    study_instance_uid: s.studyUid,
    instances: 1,
  });

  const down = { workflow: { signalWithStart: () => Promise.reject(new Error('Temporal unavailable')) } } as unknown as Client;
  // Just written: the replay leaves it to the request that wrote it.
  expect(await outbox(down).replay()).toBe(0);
  // Sent and refused: never thrown at the caller, the row stays for the next sweep.
  await outbox(down).send(study.id);
  expect(await owed(study.id)).toMatchObject({ instances: 1 });

  await outbox(new Client({ connection })).send(study.id);
  expect(await owed(study.id)).toBeUndefined();
});

it('a write after the signal was read is not deleted with it (its own send follows)', async () => {
  const s = makeStudy({ series: 1, perSeries: 1, rows: 32, columns: 32 });
  expect((await stow(suite.platform.url, token, s.files)).status).toBe(200);
  const study = await studyOfUid(s.studyUid);
  await eventually(
    () => owed(study.id),
    (row) => row === undefined,
    { what: 'the first signal sent' },
  );
  await suite.knex('study_ingest_signals').insert({
    study_id: study.id,
    account_id: t.accountId,
    study_instance_uid: s.studyUid,
    instances: 1,
  });
  const real = new Client({ connection });
  // Another upload commits while signal-with-start is on its way.
  const racing = {
    workflow: {
      signalWithStart: async (...args: Parameters<Client['workflow']['signalWithStart']>) => {
        await suite.knex('study_ingest_signals').where({ study_id: study.id }).increment({ instances: 2, version: 1 });
        return real.workflow.signalWithStart(...args);
      },
    },
  } as unknown as Client;
  await outbox(racing).send(study.id);
  expect(await owed(study.id)).toMatchObject({ instances: 3 });
});
