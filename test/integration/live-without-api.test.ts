/**
 * No single api on the path of a report action (issue 22): a worker running alone with
 * REDIS_URL publishes live documents into the brokers' shared Redis. With api A stopped, an
 * action through api B answers in normal time, B's browsers receive the live document, and a
 * new subscriber on B gets it retained.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import mqtt, { type MqttClient } from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import type { Platform } from '../../scripts/platform';
import type { Config } from '../../config/config';
import { PASSWORD, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';
import { killHard, startWorkerProcess } from '../support/worker-process';

jest.setTimeout(120_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: Platform | undefined;
let b: Platform;
let knex: Knex;
let knexB: Knex;
let config: Config;
let worker: ChildProcess | undefined;
const clients: MqttClient[] = [];

beforeAll(async () => {
  const shared = { REDIS_URL, TEMPORAL_TASK_QUEUE: `no-api-${randomUUID()}`, BROKER_SERVICE_TOKEN: `no-api-${randomUUID()}` };
  ({ platform: a, knex, config } = await startTestPlatform(shared, { worker: false }));
  ({ platform: b, knex: knexB } = await startTestPlatform(shared, { worker: false }));
  // BROKER_URL names api A, which is about to go: REDIS_URL must win.
  worker = await startWorkerProcess(config, `${a.url.replace('http', 'ws')}/mqtt`, { REDIS_URL });
});

afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  if (worker) await killHard(worker);
  await a?.stop();
  await b?.stop();
  await knexB?.destroy();
  await knex?.destroy();
});

const connect = async (token: string) => {
  const c = await mqtt.connectAsync(`${b.url.replace('http', 'ws')}/mqtt`, { username: 's', password: token, reconnectPeriod: 0 });
  clients.push(c);
  return c;
};

it('with api A stopped, an action through B answers promptly and B delivers its live document', async () => {
  const tenant = await createTenant(knex, { studies: 1 });
  const studyId = tenant.studyIds[0]!;
  const apiB = apiClient(b.url);
  const login = await apiB('POST', '/auth', { body: { username: tenant.users.doctor!.username, password: PASSWORD } });
  const token: string = login.body.data.accessToken;
  const topic = studyTopic(tenant.accountId, tenant.institutionId, studyId);

  const client = await connect(token);
  const received = new Promise<any>((resolve) =>
    client.on('message', (t, payload) => {
      if (t === topic) resolve(JSON.parse(payload.toString()));
    }),
  );
  await client.subscribeAsync(topic, { qos: 1 });

  await a!.stop();
  a = undefined;
  const began = Date.now();
  const res = await apiB('POST', `/studies/${studyId}/reports/start`, { token, body: {} });
  expect(res.status).toBe(200);
  expect(Date.now() - began).toBeLessThan(5_000);
  expect(await received).toMatchObject({ studyId, laudoState: 1 });

  // Retained in the shared store: a new subscriber on B gets it at once.
  const late = await connect(token);
  const retained = new Promise<any>((resolve) =>
    late.on('message', (t, payload) => {
      if (t === topic) resolve(JSON.parse(payload.toString()));
    }),
  );
  await late.subscribeAsync(topic, { qos: 1 });
  expect(await retained).toMatchObject({ studyId, laudoState: 1 });
});
