/**
 * The live link left alone (issue 12): a signed-in study list in Chromium keeps one MQTT
 * connection through five quiet minutes at the default keepalive — PINGREQs leave (mqtt.js's
 * timer worker runs under the served CSP), the broker never drops it, no retained document
 * is sent again — and a change another user makes afterwards still arrives live. Five real
 * minutes: the broker drops a silent client after 1.5 × keepalive (90 s), so a shorter wait
 * could pass by luck.
 */
import type { Page, WebSocket } from 'playwright-core';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { login, platformSuite } from '../support/suite';

const IDLE_MS = 5 * 60_000;
jest.setTimeout(IDLE_MS + 180_000);

const suite = platformSuite({ web: true });
let t: Tenant;

/** MQTT control packet type of a WebSocket frame (one packet per frame from aedes and mqtt.js). */
const packetType = (payload: string | Buffer) => (typeof payload === 'string' ? -1 : (payload[0] ?? 0) >> 4);
const PUBLISH = 3;
const PINGREQ = 12;
const PINGRESP = 13;

interface Traffic {
  sockets: WebSocket[];
  closed: number;
  sent: { at: number; type: number }[];
  received: { at: number; type: number }[];
}

function watchMqtt(page: Page): Traffic {
  const traffic: Traffic = { sockets: [], closed: 0, sent: [], received: [] };
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/mqtt')) return;
    traffic.sockets.push(ws);
    ws.on('close', () => traffic.closed++);
    ws.on('framesent', (f) => traffic.sent.push({ at: Date.now(), type: packetType(f.payload) }));
    ws.on('framereceived', (f) => traffic.received.push({ at: Date.now(), type: packetType(f.payload) }));
  });
  return traffic;
}

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { reader: DOCTOR_PERMISSIONS, colleague: DOCTOR_PERMISSIONS } });
});

test('an idle live connection stays up for five minutes and still delivers a change made afterwards', async () => {
  const problems: string[] = [];
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.reader!.username);
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  // Any CSP refusal (the timer worker's blob: was one) shows up as a console error; the app
  // is reloaded with the listener in place before its MQTT client starts.
  await page.context().addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`);
  // A study with a retained document (its report started): a reconnection would bring it again.
  const colleague = await login(suite.api, t.users.colleague!.username);
  const retained = t.studyIds[1]!;
  expect((await suite.api('POST', `/studies/${retained}/reports/start`, { token: colleague, body: {} })).status).toBe(200);
  // The sign-in page's own connection opens after its list (mqtt.js loads on demand): counted
  // from here only once it is up, so the reload's is the one socket watched.
  await page.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });
  const traffic = watchMqtt(page);
  await page.reload();
  await page.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });
  const studyId = t.studyIds[0]!;
  await page.getByTestId(`study-status-${studyId}`).waitFor();
  expect(traffic.sockets).toHaveLength(1);
  // The subscriptions' retained documents arrive once, at the start.
  await eventually(
    () => traffic.received.filter((f) => f.type === PUBLISH).length,
    (n) => n >= 1,
    { timeout: 10_000, what: 'the retained document of the started report' },
  );
  await page.waitForTimeout(2000);
  const idleFrom = Date.now();
  const publishesBefore = traffic.received.filter((f) => f.type === PUBLISH).length;

  await page.waitForTimeout(IDLE_MS);

  const idle = (list: { at: number; type: number }[], type: number) => list.filter((f) => f.at >= idleFrom && f.type === type);
  const report = {
    sockets: traffic.sockets.length,
    closed: traffic.closed,
    pingreqs: idle(traffic.sent, PINGREQ).length,
    pingresps: idle(traffic.received, PINGRESP).length,
    publishes: idle(traffic.received, PUBLISH).length,
    status: await page.getByTestId('live-status').getAttribute('data-status'),
  };
  console.log(`live link after ${IDLE_MS / 60_000} idle minutes: ${JSON.stringify(report)}`);
  expect(report).toMatchObject({ sockets: 1, closed: 0, publishes: 0, status: 'online' });
  // Default keepalive 60 s: about five pings in five minutes, each answered.
  expect(report.pingreqs).toBeGreaterThanOrEqual(4);
  expect(report.pingresps).toBeGreaterThanOrEqual(4);

  // Another user starts the report: the list shows it live, on the same connection.
  const started = Date.now();
  expect((await suite.api('POST', `/studies/${studyId}/reports/start`, { token: colleague, body: {} })).status).toBe(200);
  await eventually(
    () => page.getByTestId(`study-status-${studyId}`).innerText(),
    (text) => text.includes('Em andamento'),
    { timeout: 10_000, what: 'the started report on the idle list' },
  );
  console.log(`change seen live ${Date.now() - started} ms after the start`);
  expect(traffic.received.filter((f) => f.type === PUBLISH).length).toBeGreaterThan(publishesBefore);
  expect(traffic.sockets).toHaveLength(1);
  expect(traffic.closed).toBe(0);

  expect(problems).toEqual([]);
  await page.context().close();
});
