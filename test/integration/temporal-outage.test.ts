/**
 * The Temporal server stopped under a running platform (issue 22), on a private dev server
 * whose SQLite file survives the restart: report actions answer 503 REPORT_SERVICE_UNAVAILABLE
 * within the bound (not a generic 500, not a hang), /api/health says Temporal is down, and
 * within a few seconds of the server's return health and actions are back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { type TemporalDev, freePort, startTemporalDev } from '../../scripts/temporal-dev';
import { findTemporal } from '../../scripts/tools';
import type { Platform } from '../../scripts/platform';
import { type Tenant, createTenant } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { apiClient, startTestPlatform } from '../support/platform';
import { login } from '../support/suite';

jest.setTimeout(180_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-temporal-outage-'));
let port: number;
let dev: TemporalDev | undefined;
let platform: Platform;
let knex: Knex;
let t: Tenant;
let token: string;

const startDev = async () => {
  dev = await startTemporalDev({ bin: findTemporal(process.env.TEMPORAL_CLI), port, uiPort: null, dbFile: path.join(dir, 'temporal.db') });
};

beforeAll(async () => {
  port = await freePort();
  await startDev();
  ({ platform, knex } = await startTestPlatform({
    TEMPORAL_ADDRESS: `127.0.0.1:${port}`,
    TEMPORAL_TASK_QUEUE: `outage-${randomUUID()}`,
    REPORT_ACTION_TIMEOUT_SECONDS: '3',
  }));
  t = await createTenant(knex, { studies: 3, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  token = await login(apiClient(platform.url), t.users.doctor!.username);
});

afterAll(async () => {
  await platform?.stop();
  await knex?.destroy();
  await dev?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const api = () => apiClient(platform.url);
const health = async () => (await api()('GET', '/health')).body as { status: string; temporal: string };
const start = (studyId: string) => api()('POST', `/studies/${studyId}/reports/start`, { token, body: {} });

it('answers 503 within the bound while Temporal is down, says so on /api/health, and is back soon after it returns', async () => {
  expect(await health()).toMatchObject({ status: 'ok', temporal: 'up' });
  expect((await start(t.studyIds[0]!)).status).toBe(200);

  await dev!.stop();
  const began = Date.now();
  const refused = await start(t.studyIds[1]!);
  expect(refused.status).toBe(503);
  expect(refused.body.error.code).toBe('REPORT_SERVICE_UNAVAILABLE');
  expect(Date.now() - began).toBeLessThan(8_000);
  await eventually(health, (h) => h.temporal === 'down', { timeout: 5_000, what: 'health: Temporal down' });
  expect((await health()).status).toBe('degraded');
  // The rest of the api is unaffected.
  expect((await api()('GET', '/studies', { token })).status).toBe(200);

  await startDev();
  const back = Date.now();
  await eventually(health, (h) => h.temporal === 'up', { timeout: 10_000, interval: 200, what: 'health: Temporal up again' });
  expect(Date.now() - back).toBeLessThan(5_000);
  // A new report and the first one (its workflow kept in the server's file) both take actions again.
  // One intent, one Idempotency-Key: an attempt answered 503 may still be applied once the
  // worker is back (slow machines), and its retry must get that outcome, not a second start.
  const intent = randomUUID();
  const again = await eventually(
    () => api()('POST', `/studies/${t.studyIds[2]!}/reports/start`, { token, body: {}, headers: { 'Idempotency-Key': intent } }),
    (r) => r.status === 200,
    { timeout: 30_000, what: 'a report action after the return' },
  );
  expect(again.body.report.state).toBe(1);
  const saved = await api()('POST', `/studies/${t.studyIds[0]}/reports/save`, {
    token,
    body: { content: '<p>De volta.</p>', finish: false },
  });
  expect(saved.status).toBe(200);
});
