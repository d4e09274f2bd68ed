/**
 * A report action never waits without limit (issue 22): with no worker to take it, the api
 * answers 503 REPORT_SERVICE_UNAVAILABLE with Retry-After once REPORT_ACTION_TIMEOUT_SECONDS
 * pass; when a worker comes back, the same Idempotency-Key answers the action's true outcome,
 * applied exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';
import { killHard, startWorkerProcess } from '../support/worker-process';
import { Client, Connection } from '@temporalio/client';
import { laudoWorkflowId } from '../../workflows/laudo/messages';

jest.setTimeout(120_000);

let worker: ChildProcess | undefined;
const suite = platformSuite({
  overrides: { BROKER_SERVICE_TOKEN: `bound-${randomUUID()}`, REPORT_ACTION_TIMEOUT_SECONDS: '2' },
  worker: false,
  beforeStop: async () => {
    if (worker) await killHard(worker);
  },
});
let t: Tenant;
let token: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  token = await login(suite.api, t.users.doctor!.username);
});

async function act(path: string, key: string, body: unknown = {}) {
  const began = Date.now();
  const res = await fetch(suite.apiUrl(`/studies/${t.studyIds[0]}/reports/${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', access_token: token, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as any, ms: Date.now() - began };
}
const start = (key: string) => act('start', key);

/**
 * Waits until the report's workflow has no commit left running: an answer comes once its commit
 * activity has done its work, and the workflow records the activity's end just after (ADR 042).
 */
async function commitsSettled(): Promise<void> {
  const laudo = await suite.knex('studies').where({ id: t.studyIds[0] }).first('laudo_id');
  const connection = await Connection.connect({ address: suite.config.TEMPORAL_ADDRESS! });
  try {
    const handle = new Client({ connection }).workflow.getHandle(laudoWorkflowId(laudo.laudo_id));
    for (let i = 0; i < 200 && (await handle.describe()).raw.pendingActivities?.length; i++)
      await new Promise((r) => setTimeout(r, 50));
  } finally {
    await connection.close();
  }
}
const brokerUrl = () => `${suite.platform.url.replace('http', 'ws')}/mqtt`;

it('answers 503 with Retry-After within the bound while no worker runs, then the true outcome once, by the same key', async () => {
  const key = `bound-${randomUUID()}`;
  const first = await start(key);
  expect(first.res.status).toBe(503);
  expect(first.res.headers.get('retry-after')).toBe('5');
  expect(first.body.error.code).toBe('REPORT_SERVICE_UNAVAILABLE');
  expect(first.body.error.description).toMatch(/não respondeu a tempo/);
  expect(first.ms).toBeLessThan(6_000);

  worker = await startWorkerProcess(suite.config, brokerUrl());
  let again = await start(key);
  for (let n = 0; again.res.status === 503 && n < 5; n++) again = await start(key);
  expect(again.res.status).toBe(200);
  expect(again.body.report.state).toBe(1);
  // Applied once: one start in the report's audit.
  const laudo = await suite.knex('studies').where({ id: t.studyIds[0] }).first('laudo_id');
  const starts = await suite.knex('audit_log').where({ action: 'laudo.start', laudo_id: laudo.laudo_id });
  expect(starts).toHaveLength(1);
});

it("keeps a text whose outcome is unknown (503) and commits it once when the same key returns; no copy is left", async () => {
  const content = `<p>Texto enviado durante a falha ${randomUUID()}</p>`;
  const key = `bound-save-${randomUUID()}`;
  await commitsSettled();
  await killHard(worker!);
  worker = undefined;
  const first = await act('save', key, { content, finish: false });
  expect(first.res.status).toBe(503);
  const waiting = await suite.knex('laudo_contents').where({ body: content });
  expect(waiting.map((r) => r.committed_at)).toEqual([null]);

  worker = await startWorkerProcess(suite.config, brokerUrl());
  let again = await act('save', key, { content, finish: false });
  for (let n = 0; again.res.status === 503 && n < 5; n++) again = await act('save', key, { content, finish: false });
  expect(again.res.status).toBe(200);
  const rows = await suite.knex('laudo_contents').where({ body: content });
  expect(rows).toHaveLength(1);
  expect(rows[0].committed_at).not.toBeNull();
});
