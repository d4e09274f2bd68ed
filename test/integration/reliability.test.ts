/**
 * A worker killed with SIGKILL in the middle of a run of report actions: the api (with its
 * broker) keeps running, a new worker process takes over, and every action sent over HTTP
 * ends up done exactly once — no lost or duplicated transition, version, audit row or seq.
 *
 * Ten reports are driven at once, half along a reviewed path (start → save → request review
 * → review → reopen → … , 10 transitions), half along a plain one (8 transitions). A call
 * that fails with a 5xx or times out is sent again with the same Idempotency-Key (the
 * Update id is derived from it); a retry the api refuses must mean the first attempt
 * happened, once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import mqtt from 'mqtt';
import { institutionStudiesFilter } from '../../domain/live/study-document';
import type { LaudoAction } from '../../domain/laudo/transitions';
import { laudoWorkflowId, stateQuery } from '../../workflows/laudo/messages';
import { eventually } from '../support/eventually';
import { type Tenant, PASSWORD, createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';
import { killHard, startWorkerProcess } from '../support/worker-process';
import { testEnv } from '../setup/env';

jest.setTimeout(90_000);

/** A call that takes longer than this is abandoned and sent again with the same key. */
const CALL_TIMEOUT_MS = 8_000;
const STUDIES = 10;

type Who = 'doctor' | 'reviewer';
interface Step {
  who: Who;
  path: string;
  body: unknown;
  /** The domain action the route runs (audit_log says `laudo.<action>`). */
  action: LaudoAction;
  /** The report after it. */
  state: number;
  version: number;
}

const text = (n: number) => ({ content: `<p>Achado ${n}: sem alterações.</p>` });

/** Reviewed: a reopen with a reviewer goes back to the reviewer (reopenReview, state 12). */
const REVIEWED: Step[] = [
  { who: 'doctor', path: 'start', body: {}, action: 'start', state: 1, version: 1 },
  { who: 'doctor', path: 'save', body: { ...text(1), finish: false }, action: 'save', state: 1, version: 1 },
  { who: 'doctor', path: 'requestReview', body: {}, action: 'requestReview', state: 11, version: 1 },
  { who: 'reviewer', path: 'associateReview', body: {}, action: 'startReview', state: 12, version: 1 },
  { who: 'reviewer', path: 'review', body: { ...text(2), finish: true }, action: 'finishReview', state: 2, version: 1 },
  { who: 'doctor', path: 'reopen', body: { motive: 'GRAMMAR_ERROR' }, action: 'reopenReview', state: 12, version: 2 },
  { who: 'reviewer', path: 'save', body: { ...text(3), finish: false }, action: 'save', state: 12, version: 2 },
  { who: 'reviewer', path: 'save', body: { ...text(4), finish: true }, action: 'finish', state: 2, version: 2 },
  {
    who: 'doctor',
    path: 'reopen',
    body: { motive: 'OTHER', open: 'Lateralidade trocada' },
    action: 'reopenReview',
    state: 12,
    version: 3,
  },
  { who: 'reviewer', path: 'review', body: { ...text(5), finish: true }, action: 'finishReview', state: 2, version: 3 },
];

/** Plain: the doctor alone; each reopen starts a new version in progress. */
const PLAIN: Step[] = [
  { who: 'doctor', path: 'start', body: {}, action: 'start', state: 1, version: 1 },
  { who: 'doctor', path: 'save', body: { ...text(1), finish: false }, action: 'save', state: 1, version: 1 },
  { who: 'doctor', path: 'save', body: { ...text(2), finish: true }, action: 'finish', state: 2, version: 1 },
  { who: 'doctor', path: 'reopen', body: { motive: 'INCORRECT_RESULT' }, action: 'reopen', state: 1, version: 2 },
  { who: 'doctor', path: 'save', body: { ...text(3), finish: false }, action: 'save', state: 1, version: 2 },
  { who: 'doctor', path: 'save', body: { ...text(4), finish: true }, action: 'finish', state: 2, version: 2 },
  { who: 'doctor', path: 'reopen', body: { motive: 'WRONG_PATIENT_DATA' }, action: 'reopen', state: 1, version: 3 },
  { who: 'doctor', path: 'save', body: { ...text(5), finish: true }, action: 'finish', state: 2, version: 3 },
];

/** The justification the projection keeps on the version a reopen archived. */
const justification = (step: Step) => {
  const b = step.body as { motive?: string; open?: string };
  return { motive: b.motive ?? null, text: b.open ?? null };
};

const suite = platformSuite({
  overrides: { BROKER_SERVICE_TOKEN: `reliability-${randomUUID()}` },
  worker: false,
  beforeStop: async () => {
    if (worker) await killWorker(worker);
    await temporalConnection?.close();
  },
});
let brokerUrl: string;
let worker: ChildProcess | undefined;
let tenant: Tenant;
const tokens = {} as Record<Who, string>;
let temporalConnection: Connection;

beforeAll(async () => {
  brokerUrl = `${suite.platform.url.replace('http', 'ws')}/mqtt`;
  worker = await startWorkerProcess(suite.config, brokerUrl);
  const doctor = ['STUDIES_SAVE_REPORTS', 'STUDIES_REOPEN_REPORTS'] as const;
  tenant = await createTenant(suite.knex, {
    studies: STUDIES,
    users: { doctor: [...doctor], reviewer: [...doctor, 'REPORTS_REVIEW'] },
  });
  for (const who of ['doctor', 'reviewer'] as const) {
    const res = await fetch(`${suite.platform.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tenant.users[who]!.username, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    tokens[who] = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  }
  temporalConnection = await Connection.connect({ address: testEnv('temporalAddress') });
});

/** SIGKILL to the worker process (startWorkerProcess runs worker/main.ts as that process). */
async function killWorker(child: ChildProcess): Promise<void> {
  await killHard(child);
}

/** What happened to the calls, for the failure messages and the summary line. */
const stats = { calls: 0, timeouts: 0, serverErrors: 0, retriedOk: 0, refusedRetries: 0, slowest: 0 };

async function send(step: Step, studyId: string, key: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${suite.platform.url}/api/studies/${studyId}/reports/${step.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', access_token: tokens[step.who], 'idempotency-key': key },
    body: JSON.stringify(step.body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = await res.text();
  return { status: res.status, body: body ? JSON.parse(body) : undefined };
}

/**
 * Sends one action until it is answered: a 5xx or a timeout is retried with the same
 * Idempotency-Key. A refusal of a retry is accepted only when the action is recorded once,
 * at its place in the report's sequence.
 */
async function perform(step: Step, studyId: string, laudoId: string, seq: number): Promise<void> {
  const key = `rel-${randomUUID()}`;
  const t0 = Date.now();
  for (let attempt = 0; ; attempt++) {
    stats.calls++;
    if (Date.now() - t0 > 60_000) throw new Error(`${step.action} #${seq} of ${laudoId} not answered in 60 s`);
    let res: { status: number; body: any };
    try {
      res = await send(step, studyId, key);
    } catch (err) {
      const name = (err as Error).name;
      if (name !== 'TimeoutError' && name !== 'AbortError') throw err;
      stats.timeouts++;
      continue;
    }
    if (res.status >= 500) {
      stats.serverErrors++;
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    stats.slowest = Math.max(stats.slowest, Date.now() - t0);
    if (res.status === 200) {
      if (attempt > 0) stats.retriedOk++;
      expect({ action: step.action, seq, ...pick(res.body.report) }).toEqual({
        action: step.action,
        seq,
        state: step.state,
        version: step.version,
      });
      return;
    }
    if (attempt === 0) {
      throw new Error(
        `${step.action} #${seq} of ${laudoId} refused on its first attempt: ${res.status} ${JSON.stringify(res.body)}`,
      );
    }
    // A refused retry: the first attempt went through, exactly once.
    stats.refusedRetries++;
    const rows = await suite.knex('audit_log').where({ laudo_id: laudoId }).whereRaw("(detail->>'seq')::int = ?", [seq]);
    expect({ seq, refused: res.body, rows: rows.map((r) => r.action) }).toEqual({
      seq,
      refused: res.body,
      rows: [`laudo.${step.action}`],
    });
    return;
  }
}

const pick = (r: { state: number; version: number }) => ({ state: r.state, version: r.version });

it('finishes every action exactly once across a SIGKILLed worker', async () => {
  const reports = await Promise.all(
    tenant.studyIds.map(async (studyId, n) => {
      const study = await suite.knex('studies').where({ id: studyId }).first('laudo_id');
      return { studyId, laudoId: study.laudo_id as string, steps: n % 2 === 0 ? REVIEWED : PLAIN };
    }),
  );
  const total = reports.reduce((sum, r) => sum + r.steps.length, 0);
  let done = 0;
  let doneAtKill = -1;
  let doneAtRestart = -1;
  let failover: Promise<void> | undefined;
  const t0 = Date.now();

  // A third of the way in, with calls in flight on every report, the worker dies.
  const killAndRestart = async () => {
    doneAtKill = done;
    await killWorker(worker!);
    await new Promise((r) => setTimeout(r, 1000));
    worker = await startWorkerProcess(suite.config, brokerUrl);
    doneAtRestart = done;
  };

  await Promise.all(
    reports.map(async (report, n) => {
      await new Promise((r) => setTimeout(r, n * 20));
      for (const [i, step] of report.steps.entries()) {
        await perform(step, report.studyId, report.laudoId, i + 1);
        done++;
        if (done === Math.floor(total / 3)) {
          failover = killAndRestart();
          failover.catch(() => undefined); // awaited below
        }
      }
    }),
  );
  await failover;
  const elapsed = Date.now() - t0;
  console.log(
    `reliability: ${total} transitions in ${elapsed} ms; worker killed after ${doneAtKill}, back after ${doneAtRestart}; ` +
      `calls ${stats.calls}, timeouts ${stats.timeouts}, 5xx ${stats.serverErrors}, retries answered ${stats.retriedOk}, ` +
      `retries refused ${stats.refusedRetries}; slowest action ${stats.slowest} ms`,
  );
  // The kill happened in the middle: work was left when it died and done after it.
  expect(doneAtKill).toBeGreaterThan(0);
  expect(doneAtKill).toBeLessThan(total);
  expect(doneAtRestart).toBeLessThan(total);
  // Calls in flight at the kill waited for the new worker (at least the second between the two).
  expect(stats.slowest).toBeGreaterThan(1000);

  const client = new Client({ connection: temporalConnection });
  for (const { laudoId, studyId, steps } of reports) {
    const last = steps.at(-1)!;
    const laudo = await suite.knex('laudos').where({ id: laudoId }).first('state', 'version', 'seq');
    expect({ laudoId, ...laudo }).toEqual({ laudoId, state: last.state, version: last.version, seq: steps.length });
    expect((await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state).toBe(last.state);

    // One audit row per transition, in order, none twice.
    const audit = await suite.knex('audit_log').where({ laudo_id: laudoId }).orderBy('id').select('action', 'detail');
    expect({ laudoId, audit: audit.map((a) => [a.detail.seq, a.action]) }).toEqual({
      laudoId,
      audit: steps.map((s, i) => [i + 1, `laudo.${s.action}`]),
    });

    // One row per version: the two a reopen archived (with its justification), the last one live.
    const reopens = steps.filter((s) => s.action === 'reopen' || s.action === 'reopenReview');
    const versions = await suite
      .knex('laudo_versions')
      .where({ laudo_id: laudoId })
      .orderBy('version')
      .select('version', 'state', 'cancelled', 'justification');
    expect({ laudoId, versions }).toEqual({
      laudoId,
      versions: [
        { version: 1, state: 2, cancelled: true, justification: justification(reopens[0]!) },
        { version: 2, state: 2, cancelled: true, justification: justification(reopens[1]!) },
        { version: 3, state: 2, cancelled: false, justification: null },
      ],
    });

    // The workflow agrees with its projection, in the third run (one per version).
    const handle = client.workflow.getHandle(laudoWorkflowId(laudoId));
    expect(pick(await handle.query(stateQuery))).toEqual(pick(last));
    expect((await handle.query(stateQuery)).seq).toBe(steps.length);
    await eventually(
      async () => {
        let runs = 0;
        for await (const _ of client.workflow.list({ query: `WorkflowId = '${laudoWorkflowId(laudoId)}'` })) runs++;
        return runs;
      },
      (runs) => runs === 3,
      { what: `3 runs of ${laudoWorkflowId(laudoId)}`, timeout: 10_000, interval: 200 },
    );
  }

  // The new worker published through the api's broker: the retained documents are the last ones.
  const watcher = await mqtt.connectAsync(brokerUrl, { username: 's', password: tokens.doctor, reconnectPeriod: 0 });
  try {
    const latest = new Map<string, { laudoState: number; seq: number }>();
    watcher.on('message', (_topic, payload) => {
      const doc = JSON.parse(payload.toString());
      latest.set(doc.studyId, { laudoState: doc.laudoState, seq: doc.seq });
    });
    await watcher.subscribeAsync(institutionStudiesFilter(tenant.accountId, tenant.institutionId), { qos: 1 });
    await eventually(
      () => reports.map((r) => ({ studyId: r.studyId, ...latest.get(r.studyId) })),
      (got) => got.every((doc, i) => doc.laudoState === 2 && doc.seq === reports[i]!.steps.length),
      { what: 'retained live documents at the last state', timeout: 5_000 },
    );
  } finally {
    await watcher.endAsync();
  }
});
