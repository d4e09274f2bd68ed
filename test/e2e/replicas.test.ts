/**
 * Replicas, tested (issue 19): two api processes (api/main.ts) and two worker processes
 * (worker/main.ts) on ports of their own, sharing PostgreSQL, a Redis, the Temporal server
 * and one S3 bucket (moto on loopback); each api has its own empty DATA_DIR, so nothing can
 * pass through a local folder. Asserted:
 *  1. a study list in Chromium on replica A shows a report started through replica B's HTTP
 *     api, without a reload;
 *  2. 200 reports × (start, save, finish) sent to A and B in turn while one worker is killed
 *     with SIGKILL a quarter of the way in: every report ends finished, each action in the
 *     audit exactly once, one version row, the workflow agreeing with the database;
 *  3. a study sent through B, its zip prepared through A (built by a worker into the bucket),
 *     is served through B: a 302 to a presigned bucket URL for a download, the bytes streamed
 *     for the app's own fetch(); `unzip -t` accepts it.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client, Connection } from '@temporalio/client';
import knexFactory, { type Knex } from 'knex';
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import { parseConfig } from '../../config/config';
import { freePort } from '../../scripts/temporal-dev';
import { ensureDocumentTools } from '../../scripts/tools';
import { laudoWorkflowId, stateQuery } from '../../workflows/laudo/messages';
import { testEnv } from '../setup/env';
import { type ApiProcess, startApiProcess } from '../support/api-process';
import { launchChromium, signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, createTenant } from '../support/fixtures';
import { startMotoServer, type MotoServer } from '../support/moto-server';
import { apiClient } from '../support/platform';
import { type RedisServer, startRedisServer } from '../support/redis-server';
import { login } from '../support/suite';
import { killHard, startWorkerProcess } from '../support/worker-process';

const REPORTS = 200;
const BOUND_S = 3;
/** Reports driven at once (a 503 answer is sent again, so more only piles up retries on 2 cores). */
const CONCURRENT = 25;
/** The whole run's bound, a killed worker's activities included (they wait out their 30 s start-to-close). */
const RUN_LIMIT_MS = 150_000;
/** One action's bound, its 503 retries included. */
const ACTION_LIMIT_MS = 90_000;

jest.setTimeout(240_000);

const BUCKET = 'laudos-replicas';
const S3_CREDENTIALS = { accessKeyId: 'laudos-test', secretAccessKey: 'laudos-test-secret' };
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-replicas-'));
  dirs.push(dir);
  return dir;
};

let moto: MotoServer | undefined;
let redis: RedisServer | undefined;
let bucket: S3Client | undefined;
let knex: Knex;
let browser: Browser | undefined;
const apis: ApiProcess[] = [];
const workers: ChildProcess[] = [];
/** The configuration every process shares (each api and worker adds its own DATA_DIR). */
let shared: Record<string, string>;

const A = () => apis[0]!;
const B = () => apis[1]!;

beforeAll(async () => {
  const t0 = Date.now();
  ensureDocumentTools(); // unzip
  const redisPort = await freePort();
  [moto, redis] = await Promise.all([startMotoServer(), startRedisServer(redisPort)]);
  bucket = new S3Client({ region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
  await bucket.send(new CreateBucketCommand({ Bucket: BUCKET }));
  shared = {
    NODE_ENV: 'test',
    DATABASE_URL: testEnv('databaseUrl'),
    TEMPORAL_ADDRESS: testEnv('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `replicas-${randomUUID()}`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    BROKER_SERVICE_TOKEN: `replicas-${randomUUID()}`,
    OBJECT_STORAGE: 's3',
    S3_ENDPOINT: moto.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    REPORT_ACTION_TIMEOUT_SECONDS: String(BOUND_S),
    STUDY_STABLE_SECONDS: '0.3',
    SEED_DEMO: 'false',
    DEADLINE_SWEEP_SECONDS: '0',
  };
  // Both replicas serve the web app; the browser uses A's.
  apis.push(...(await Promise.all([0, 1].map(() => startApiProcess({ ...shared, SERVE_WEB: 'true', DATA_DIR: tempDir() })))));
  const config = parseConfig(shared);
  workers.push(
    ...(await Promise.all(
      [0, 1].map(() => startWorkerProcess(config, `${A().url.replace('http', 'ws')}/mqtt`, { ...shared, DATA_DIR: tempDir() })),
    )),
  );
  knex = knexFactory({ client: 'pg', connection: shared.DATABASE_URL!, pool: { min: 0, max: 4 } });
  browser = await launchChromium();
  console.log(`replicas: 2 apis, 2 workers, moto, Redis and Chromium up in ${Date.now() - t0} ms`);
});

afterAll(async () => {
  await browser?.close();
  for (const w of workers) await killHard(w);
  const stopped = await Promise.allSettled(apis.map((api) => api.stop()));
  await knex?.destroy();
  bucket?.destroy();
  await redis?.stop();
  await moto?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const s of stopped) if (s.status === 'rejected') throw s.reason;
});

it('a study list on replica A shows, without a reload, a report started through replica B', async () => {
  const t = await createTenant(knex, { studies: 2, users: { reader: DOCTOR_PERMISSIONS, colleague: DOCTOR_PERMISSIONS } });
  const studyId = t.studyIds[0]!;
  const page = await signedInPage(browser!, A().url, t.users.reader!.username);
  try {
    await page.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });
    const status = page.getByTestId(`study-status-${studyId}`);
    await status.waitFor();
    expect(await status.innerText()).not.toContain('Em andamento');
    // A mark on the window: a reload or a navigation would lose it.
    await page.evaluate('window.__sameDocument = true');

    const colleague = await login(apiClient(B().url), t.users.colleague!.username);
    const started = Date.now();
    const res = await apiClient(B().url)('POST', `/studies/${studyId}/reports/start`, { token: colleague, body: {} });
    expect(res.status).toBe(200);
    await eventually(
      () => status.innerText(),
      (text) => text.includes('Em andamento'),
      { timeout: 10_000, what: 'the report started through B, on the list of A' },
    );
    console.log(`replicas: a start through B shown on A's list ${Date.now() - started} ms later`);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
  } finally {
    await page.context().close();
  }
});

interface Step {
  path: string;
  body: unknown;
  action: string;
  state: number;
}
const STEPS: Step[] = [
  { path: 'start', body: {}, action: 'start', state: 1 },
  { path: 'save', body: { content: '<p>Achado 1: sem alterações.</p>', finish: false }, action: 'save', state: 1 },
  { path: 'save', body: { content: '<p>Achado 2: sem alterações.</p>', finish: true }, action: 'finish', state: 2 },
];

it(`${REPORTS} reports × ${STEPS.length} actions through both replicas, a worker killed mid-run: none lost or doubled`, async () => {
  const t = await createTenant(knex, { studies: REPORTS, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  const token = await login(apiClient(A().url), t.users.doctor!.username);
  const reports = await Promise.all(
    t.studyIds.map(async (studyId) => ({
      studyId,
      laudoId: ((await knex('studies').where({ id: studyId }).first('laudo_id')) as { laudo_id: string }).laudo_id,
      updateIds: [] as string[],
    })),
  );
  const total = REPORTS * STEPS.length;
  const stats = { requests: 0, unavailable: 0, slowest: 0, failures: [] as string[] };
  let done = 0;
  let turn = 0;

  /** One action until it is answered 200 (a 503 is sent again with the same Idempotency-Key). */
  async function perform(r: (typeof reports)[number], step: Step): Promise<void> {
    const key = `replicas-${randomUUID()}`;
    r.updateIds.push(`${step.action}:${key}`);
    const began = Date.now();
    for (;;) {
      if (Date.now() - began > ACTION_LIMIT_MS) {
        stats.failures.push(`${step.action} of ${r.laudoId}: no answer but 503 in ${ACTION_LIMIT_MS} ms`);
        return;
      }
      const api = apis[turn++ % apis.length]!;
      const t0 = Date.now();
      stats.requests++;
      const res = await fetch(`${api.url}/api/studies/${r.studyId}/reports/${step.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token, 'idempotency-key': key },
        body: JSON.stringify(step.body),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await res.json()) as any;
      stats.slowest = Math.max(stats.slowest, Date.now() - t0);
      if (res.status === 503) {
        stats.unavailable++;
        await new Promise((resolve) => setTimeout(resolve, 300));
        continue;
      }
      if (res.status !== 200 || body.report.state !== step.state) {
        stats.failures.push(`${step.action} of ${r.laudoId}: ${res.status} ${JSON.stringify(body)}`);
      }
      return;
    }
  }

  let killedAfter = -1;
  const chaos = (async () => {
    while (done < total / 4) await new Promise((resolve) => setTimeout(resolve, 20));
    killedAfter = done;
    await killHard(workers[0]!);
  })();
  const t0 = Date.now();
  // CONCURRENT reports at a time, each through its steps in order, like that many busy users.
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let r = reports[next++]; r; r = reports[next++]) {
        for (const step of STEPS) {
          await perform(r, step);
          done++;
        }
      }
    }),
  );
  await chaos;
  const elapsed = Date.now() - t0;
  console.log(
    `replicas: ${total} actions in ${elapsed} ms; worker killed after ${killedAfter}; requests ${stats.requests}, ` +
      `503 ${stats.unavailable}, slowest ${stats.slowest} ms, failures ${stats.failures.length}`,
  );
  expect(stats.failures.slice(0, 10)).toEqual([]);
  expect(killedAfter).toBeGreaterThan(0);
  expect(killedAfter).toBeLessThan(total / 2);
  expect(workers[0]!.exitCode ?? workers[0]!.signalCode).toBe('SIGKILL');
  expect(elapsed).toBeLessThan(RUN_LIMIT_MS);

  // The database: every report finished in version 1, each action audited once, in order.
  const laudoIds = reports.map((r) => r.laudoId);
  const rows: { id: string; state: number; version: number; seq: number }[] = await knex('laudos')
    .whereIn('id', laudoIds)
    .select('id', 'state', 'version', 'seq');
  expect(rows.filter((row) => row.state !== 2 || row.version !== 1)).toEqual([]);
  expect(rows).toHaveLength(REPORTS);
  const versions: { laudo_id: string; n: string }[] = await knex('laudo_versions')
    .whereIn('laudo_id', laudoIds)
    .groupBy('laudo_id')
    .select('laudo_id', knex.raw('count(*) as n'));
  expect(versions.filter((v) => Number(v.n) !== 1)).toEqual([]);
  expect(versions).toHaveLength(REPORTS);
  const audit: { laudo_id: string; action: string; detail: { seq: number; updateId: string } }[] = await knex('audit_log')
    .whereIn('laudo_id', laudoIds)
    .whereLike('action', 'laudo.%')
    .orderBy('id')
    .select('laudo_id', 'action', 'detail');
  const byReport = new Map<string, typeof audit>();
  for (const row of audit) byReport.set(row.laudo_id, [...(byReport.get(row.laudo_id) ?? []), row]);
  const wrong = reports.filter((r) => {
    const rowsOf = byReport.get(r.laudoId) ?? [];
    return (
      JSON.stringify(rowsOf.map((a) => [a.action, a.detail.seq, a.detail.updateId])) !==
      JSON.stringify(STEPS.map((s, i) => [`laudo.${s.action}`, i + 1, r.updateIds[i]]))
    );
  });
  expect(wrong.map((r) => ({ report: r.laudoId, audit: byReport.get(r.laudoId) }))).toEqual([]);

  // The workflows (asked through the worker left) hold what the database shows.
  const connection = await Connection.connect({ address: shared.TEMPORAL_ADDRESS! });
  try {
    const client = new Client({ connection });
    const disagree: string[] = [];
    const bySeq = new Map(rows.map((row) => [row.id, row]));
    for (let i = 0; i < laudoIds.length; i += 20) {
      await Promise.all(
        laudoIds.slice(i, i + 20).map(async (id) => {
          const wf = await client.workflow.getHandle(laudoWorkflowId(id)).query(stateQuery);
          const row = bySeq.get(id)!;
          if (wf.state !== row.state || wf.version !== row.version || wf.seq !== row.seq) {
            disagree.push(`${id}: workflow ${JSON.stringify(wf)} database ${JSON.stringify(row)}`);
          }
        }),
      );
    }
    expect(disagree).toEqual([]);
  } finally {
    await connection.close();
  }
});

it('a zip prepared through replica A is served through replica B, from the bucket', async () => {
  const t = await createTenant(knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM', 'STUDIES_SAVE_REPORTS'] } });
  const token = await login(apiClient(B().url), t.users.doctor!.username);
  const study = makeStudy({ series: 2, perSeries: 3, modalities: ['CT', 'MR'], patientName: 'Réplica^Ana' });
  const studyId = await ingestStudy(B().url, knex, token, study);

  const prepared = await apiClient(A().url)('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&dicomSeries=1`, {
    token,
  });
  expect(prepared.status).toBe(200);
  const live = await mqtt.connectAsync(`${A().url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: token,
    reconnectPeriod: 0,
  });
  let finished: { downloadUrl: string; done: number; total: number };
  try {
    const doc = new Promise<any>((resolve, reject) => {
      live.on('message', (_topic, payload) => {
        const d = JSON.parse(payload.toString());
        if (d.finished) resolve(d);
        if (d.error) reject(new Error(`download failed: ${d.errorMessage}`));
      });
    });
    const [granted] = await live.subscribeAsync(prepared.body.topic as string, { qos: 1 });
    expect(granted!.qos).not.toBe(128);
    finished = await doc;
  } finally {
    await live.endAsync(true);
  }
  expect(finished).toMatchObject({ done: 6, total: 6, downloadUrl: expect.stringMatching(/^\/api\/files\//) });

  // The zip is in the bucket; neither replica's DATA_DIR holds any object.
  const listed = await bucket!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `accounts/${t.accountId}/` }));
  expect((listed.Contents ?? []).some((o) => o.Key!.endsWith('.zip'))).toBe(true);
  for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'objects'))).toBe(false);

  // Opened as a download through B: a redirect to the presigned bucket URL, which serves the zip.
  const redirect = await fetch(`${B().url}${finished.downloadUrl}?download=1`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const location = new URL(redirect.headers.get('location')!);
  expect(location.origin).toBe(moto!.endpoint);
  const fromBucket = await fetch(location);
  expect(fromBucket.status).toBe(200);
  const zip = Buffer.from(await fromBucket.arrayBuffer());
  const file = path.join(tempDir(), 'study.zip');
  fs.writeFileSync(file, zip);
  expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
  expect(
    execFileSync('unzip', ['-Z1', file])
      .toString()
      .trim()
      .split('\n')
      .filter((p) => p.endsWith('.dcm')),
  ).toHaveLength(6);

  // The app's own fetch() through B: the same bytes, streamed by the api.
  const streamed = await fetch(`${B().url}${finished.downloadUrl}`, { headers: { 'sec-fetch-dest': 'empty' } });
  expect(streamed.status).toBe(200);
  expect(Buffer.from(await streamed.arrayBuffer()).equals(zip)).toBe(true);
});
