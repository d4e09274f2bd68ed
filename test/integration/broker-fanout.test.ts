/**
 * Two api replicas sharing Redis (REDIS_URL): a client of one replica receives the live
 * document of a start handled by the other. (The login limit they share: login-limits-redis.)
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import mqtt, { type MqttClient } from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import type { Platform } from '../../scripts/platform';
import { PASSWORD, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';

jest.setTimeout(60_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: Platform;
let b: Platform;
let knex: Knex;
let knexB: Knex;
let client: MqttClient | undefined;

beforeAll(async () => {
  const shared = { REDIS_URL, TEMPORAL_TASK_QUEUE: `fanout-${randomUUID()}` };
  ({ platform: a, knex } = await startTestPlatform(shared));
  ({ platform: b, knex: knexB } = await startTestPlatform(shared, { worker: false }));
});

afterAll(async () => {
  await client?.endAsync();
  await b?.stop();
  await a?.stop();
  await knexB?.destroy();
  await knex?.destroy();
});

it('delivers a live document published on replica A to a subscriber of replica B', async () => {
  const tenant = await createTenant(knex, { studies: 1 });
  const studyId = tenant.studyIds[0]!;
  const login = await apiClient(b.url)('POST', '/auth', {
    body: { username: tenant.users.doctor!.username, password: PASSWORD },
  });
  const token: string = login.body.data.accessToken;

  client = await mqtt.connectAsync(`${b.url.replace('http', 'ws')}/mqtt`, { username: 's', password: token, reconnectPeriod: 0 });
  const topic = studyTopic(tenant.accountId, tenant.institutionId, studyId);
  const received = new Promise<any>((resolve) =>
    client!.on('message', (t, payload) => {
      if (t === topic) resolve(JSON.parse(payload.toString()));
    }),
  );
  await client.subscribeAsync(topic, { qos: 1 });

  const res = await apiClient(a.url)('POST', `/studies/${studyId}/reports/start`, { token, body: {} });
  expect(res.status).toBe(200);
  expect(await received).toMatchObject({ studyId, laudoState: 1, laudoUserId: tenant.users.doctor!.id });
});
