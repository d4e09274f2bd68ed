/**
 * The chaos run (issue 22): two api processes and two workers on a private Temporal dev server
 * (its SQLite file survives a restart), PostgreSQL and a private Redis; a driver sends report
 * actions over HTTP while a worker is killed with SIGKILL, api A is stopped, Redis and then
 * Temporal are stopped and restarted. Asserted: 0 actions lost, 0 applied twice, the database,
 * the workflow and the retained live document agree on every report, no request waited past
 * the bound, and every failure the driver saw was a 503 in the error shape (or a refused
 * connection to the stopped api, sent again to the other one).
 *
 * `npm test` runs the short version (25 reports × 8 actions = 200); `npm run test:chaos` runs
 * CHAOS_REPORTS=100 with longer outages.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { Knex } from 'knex';
import mqtt from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import { laudoWorkflowId, stateQuery } from '../../workflows/laudo/messages';
import type { Config } from '../../config/config';
import type { Platform } from '../../scripts/platform';
import { type TemporalDev, freePort, startTemporalDev } from '../../scripts/temporal-dev';
import { findTemporal } from '../../scripts/tools';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { startTestPlatform } from '../support/platform';
import { type RedisServer, startRedisServer } from '../support/redis-server';
import { killHard, startWorkerProcess } from '../support/worker-process';

const FULL = process.env.CHAOS_FULL === '1';
const REPORTS = Number(process.env.CHAOS_REPORTS ?? (FULL ? 100 : 25));
const OUTAGE_MS = FULL ? 8_000 : 3_000;
const BOUND_S = 3;
/** The longest one HTTP request may take: the bound, plus the api's own work under load. */
const REQUEST_LIMIT_MS = BOUND_S * 1000 + 9_000;

jest.setTimeout(FULL ? 900_000 : 300_000);

interface Step {
  path: string;
  body: unknown;
  action: string;
  state: number;
  version: number;
}
const text = (n: number) => ({ content: `<p>Achado ${n}: sem alterações.</p>` });
const STEPS: Step[] = [
  { path: 'start', body: {}, action: 'start', state: 1, version: 1 },
  { path: 'save', body: { ...text(1), finish: false }, action: 'save', state: 1, version: 1 },
  { path: 'save', body: { ...text(2), finish: true }, action: 'finish', state: 2, version: 1 },
  { path: 'reopen', body: { motive: 'INCORRECT_RESULT' }, action: 'reopen', state: 1, version: 2 },
  { path: 'save', body: { ...text(3), finish: false }, action: 'save', state: 1, version: 2 },
  { path: 'save', body: { ...text(4), finish: true }, action: 'finish', state: 2, version: 2 },
  { path: 'reopen', body: { motive: 'WRONG_PATIENT_DATA' }, action: 'reopen', state: 1, version: 3 },
  { path: 'save', body: { ...text(5), finish: true }, action: 'finish', state: 2, version: 3 },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-chaos-'));
let temporalPort: number;
let redisPort: number;
let temporal: TemporalDev | undefined;
let redis: RedisServer | undefined;
const apis: { name: string; platform: Platform | undefined; knex: Knex }[] = [];
let config: Config;
const workers: (ChildProcess | undefined)[] = [];
let tenant: Tenant;
let token: string;

async function startRedis(): Promise<void> {
  // Its data survives the restart, as a production Redis's does (the retained documents).
  redis = await startRedisServer(redisPort, dir);
}

async function stopRedis(): Promise<void> {
  const server = redis;
  redis = undefined;
  await server?.stop();
}

const startTemporal = async () => {
  temporal = await startTemporalDev({
    bin: findTemporal(process.env.TEMPORAL_CLI),
    port: temporalPort,
    uiPort: null,
    dbFile: path.join(dir, 'temporal.db'),
  });
};

const startWorker = (i: number) =>
  startWorkerProcess(config, 'ws://127.0.0.1:1/unused', { REDIS_URL: config.REDIS_URL!, REPORT_ACTION_TIMEOUT_SECONDS: String(BOUND_S) }).then(
    (w) => (workers[i] = w),
  );

beforeAll(async () => {
  temporalPort = await freePort();
  redisPort = await freePort();
  await startTemporal();
  await startRedis();
  const shared = {
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    TEMPORAL_TASK_QUEUE: `chaos-${randomUUID()}`,
    BROKER_SERVICE_TOKEN: `chaos-${randomUUID()}`,
    REPORT_ACTION_TIMEOUT_SECONDS: String(BOUND_S),
    // Two replicas × this stays under Temporal's 10 Updates in flight per workflow.
    REPORT_UPDATES_IN_FLIGHT: '4',
  };
  for (const name of ['A', 'B']) {
    const started = await startTestPlatform(shared, { worker: false });
    config = started.config;
    apis.push({ name, platform: started.platform, knex: started.knex });
  }
  await Promise.all([startWorker(0), startWorker(1)]);
  tenant = await createTenant(apis[0]!.knex, { studies: REPORTS, users: { doctor: ['STUDIES_SAVE_REPORTS', 'STUDIES_REOPEN_REPORTS'] } });
  const res = await fetch(`${apis[1]!.platform!.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: tenant.users.doctor!.username, password: PASSWORD }),
  });
  token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
});

afterAll(async () => {
  for (const w of workers) if (w) await killHard(w);
  for (const a of apis) {
    await a.platform?.stop();
    await a.knex.destroy();
  }
  await temporal?.stop();
  await stopRedis();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stats = {
  requests: 0,
  ok: 0,
  unavailable: {} as Record<string, number>,
  refusedConnections: 0,
  refusedRetries: 0,
  slowestRequest: 0,
  otherFailures: [] as string[],
};
let turn = 0;

/** One action until a definitive answer, through whichever api is up (round robin). */
async function perform(step: Step, studyId: string, laudoId: string, seq: number, knex: Knex): Promise<void> {
  const key = `chaos-${randomUUID()}`;
  const began = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (Date.now() - began > 120_000) throw new Error(`${step.action} #${seq} of ${laudoId} not answered in 120 s`);
    const up = apis.filter((a) => a.platform);
    const api = up[turn++ % up.length]!;
    const t0 = Date.now();
    let status: number;
    let body: any;
    try {
      stats.requests++;
      const res = await fetch(`${api.platform!.url}/api/studies/${studyId}/reports/${step.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token, 'idempotency-key': key },
        body: JSON.stringify(step.body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      const raw = await res.text();
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // The stopped api refuses the connection (or closed it mid-request): the other one is asked.
      stats.refusedConnections++;
      await new Promise((r) => setTimeout(r, 100));
      continue;
    } finally {
      stats.slowestRequest = Math.max(stats.slowestRequest, Date.now() - t0);
    }
    if (status === 503) {
      const code = String(body?.error?.code);
      stats.unavailable[code] = (stats.unavailable[code] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    if (status === 200) {
      stats.ok++;
      expect({ action: step.action, seq, state: body.report.state, version: body.report.version }).toEqual({
        action: step.action,
        seq,
        state: step.state,
        version: step.version,
      });
      return;
    }
    if (attempt > 0 && status === 409) {
      // A refused retry: the first attempt went through, exactly once.
      stats.refusedRetries++;
      const rows = await knex('audit_log').where({ laudo_id: laudoId }).whereRaw("(detail->>'seq')::int = ?", [seq]);
      expect({ seq, rows: rows.map((r) => r.action) }).toEqual({ seq, rows: [`laudo.${step.action}`] });
      return;
    }
    stats.otherFailures.push(`${step.action} #${seq}: ${status} ${JSON.stringify(body)}`);
    return;
  }
}

it(`${REPORTS * STEPS.length} report actions across a killed worker, a stopped api, Redis and Temporal outages: none lost or doubled`, async () => {
  const knex = apis[1]!.knex;
  const reports = await Promise.all(
    tenant.studyIds.map(async (studyId) => ({
      studyId,
      laudoId: ((await knex('studies').where({ id: studyId }).first('laudo_id')) as { laudo_id: string }).laudo_id,
    })),
  );
  const total = reports.length * STEPS.length;
  let done = 0;
  const events: string[] = [];
  const at = (n: number) => done >= Math.floor(total * n);
  const when = async (fraction: number) => {
    while (!at(fraction)) await new Promise((r) => setTimeout(r, 50));
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const chaos = (async () => {
    await when(0.1);
    events.push(`worker 1 killed after ${done}`);
    await killHard(workers[0]!);
    await pause(OUTAGE_MS / 2);
    await startWorker(0);
    await when(0.3);
    events.push(`api A stopped after ${done}`);
    const a = apis[0]!;
    const stopping = a.platform!;
    a.platform = undefined;
    await stopping.stop();
    await when(0.45);
    events.push(`Redis stopped after ${done}`);
    await stopRedis();
    await pause(OUTAGE_MS);
    await startRedis();
    events.push(`Redis back after ${done}`);
    await when(0.65);
    events.push(`Temporal stopped after ${done}`);
    await temporal!.stop();
    await pause(OUTAGE_MS);
    await startTemporal();
    events.push(`Temporal back after ${done}`);
  })();

  const t0 = Date.now();
  await Promise.all(
    reports.map(async (r, n) => {
      await pause(n * 15);
      for (const [i, step] of STEPS.entries()) {
        await perform(step, r.studyId, r.laudoId, i + 1, knex);
        done++;
      }
    }),
  );
  await chaos;
  console.log(
    `chaos: ${total} actions in ${Date.now() - t0} ms; ${events.join('; ')}; requests ${stats.requests}, ok ${stats.ok}, ` +
      `503 ${JSON.stringify(stats.unavailable)}, refused connections ${stats.refusedConnections}, refused retries ` +
      `${stats.refusedRetries}; slowest request ${stats.slowestRequest} ms`,
  );
  expect(stats.otherFailures).toEqual([]);
  expect(stats.slowestRequest).toBeLessThan(REQUEST_LIMIT_MS);
  expect(events).toHaveLength(6);

  // Every report: its database row, its workflow and its retained document agree; each action once.
  const connection = await Connection.connect({ address: `127.0.0.1:${temporalPort}` });
  const client = new Client({ connection });
  const b = apis[1]!.platform!;
  const live = await mqtt.connectAsync(`${b.url.replace('http', 'ws')}/mqtt`, { username: 's', password: token, reconnectPeriod: 0 });
  try {
    for (const r of reports) {
      const row = await knex('laudos').where({ id: r.laudoId }).first('state', 'version', 'seq');
      expect({ report: r.laudoId, state: row.state, version: row.version }).toEqual({ report: r.laudoId, state: 2, version: 3 });
      const audit = await knex('audit_log').where({ laudo_id: r.laudoId }).whereLike('action', 'laudo.%').orderBy('id');
      expect(audit.map((a) => a.action)).toEqual(STEPS.map((s) => `laudo.${s.action}`));
      expect(audit.map((a) => a.detail.seq)).toEqual(STEPS.map((_, i) => i + 1));
      const wf = await client.workflow.getHandle(laudoWorkflowId(r.laudoId)).query(stateQuery);
      expect({ state: wf.state, version: wf.version, seq: wf.seq }).toEqual({ state: row.state, version: row.version, seq: row.seq });
      const topic = studyTopic(tenant.accountId, tenant.institutionId, r.studyId);
      const doc = await new Promise<{ seq: number; laudoState: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no retained document for ${r.laudoId}`)), 10_000);
        const onMessage = (t: string, payload: Buffer) => {
          if (t !== topic) return;
          clearTimeout(timer);
          live.off('message', onMessage);
          resolve(JSON.parse(payload.toString()) as { seq: number; laudoState: number });
        };
        live.on('message', onMessage);
        void live.subscribeAsync(topic, { qos: 1 });
      });
      await live.unsubscribeAsync(topic);
      expect({ report: r.laudoId, seq: doc.seq, state: doc.laudoState }).toEqual({ report: r.laudoId, seq: row.seq, state: row.state });
    }
  } finally {
    await live.endAsync(true);
    await connection.close();
  }
});
