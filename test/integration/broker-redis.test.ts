/**
 * The broker's Redis (issue 22): REDIS_URL is honoured in full — a private redis-server on a
 * non-default port and database holds the retained documents — and a Redis outage leaves the
 * api serving HTTP, reporting 'degraded' on /api/health, with live fan-out back once Redis
 * returns; an api asked to stop during the outage stops.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import mqtt, { type MqttClient } from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import { freePort } from '../../scripts/temporal-dev';
import type { Platform } from '../../scripts/platform';
import { PASSWORD, createTenant } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { apiClient, startTestPlatform } from '../support/platform';
import { type RedisServer, startRedisServer } from '../support/redis-server';

jest.setTimeout(90_000);

const DB = 5;
let port: number;
let redis: RedisServer | undefined;
let platform: Platform;
let knex: Knex;
let client: MqttClient | undefined;

async function startRedis(): Promise<void> {
  redis = await startRedisServer(port);
}

async function stopRedis(): Promise<void> {
  const server = redis;
  redis = undefined;
  await server?.stop();
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  ({ platform, knex } = await startTestPlatform(
    { REDIS_URL: `redis://127.0.0.1:${port}/${DB}`, TEMPORAL_TASK_QUEUE: `redis-${randomUUID()}` },
    {},
  ));
});

afterAll(async () => {
  await client?.endAsync(true);
  await platform?.stop();
  await knex?.destroy();
  await stopRedis();
});

const health = async () => (await apiClient(platform.url)('GET', '/health')).body as { ok: boolean; status: string; redis: string; temporal: string };

it('keeps retained documents in the Redis and database REDIS_URL names, survives its outage and resumes', async () => {
  const tenant = await createTenant(knex, { studies: 2 });
  const api = apiClient(platform.url);
  const login = await api('POST', '/auth', { body: { username: tenant.users.doctor!.username, password: PASSWORD } });
  const token: string = login.body.data.accessToken;
  expect(await health()).toMatchObject({ ok: true, status: 'ok', redis: 'up', temporal: 'up' });

  // A report started: its retained document lands in database 5 of the private server.
  expect((await api('POST', `/studies/${tenant.studyIds[0]}/reports/start`, { token, body: {} })).status).toBe(200);
  const inspect = new Redis({ port, db: DB });
  try {
    const topic = studyTopic(tenant.accountId, tenant.institutionId, tenant.studyIds[0]!);
    await eventually(
      async () => JSON.stringify(await inspect.hkeys('retained')),
      (keys) => keys.includes(topic),
      { timeout: 10_000, what: 'the retained document in the configured database' },
    );
  } finally {
    inspect.disconnect();
  }

  // Redis stops: the process lives, HTTP answers, /api/health says degraded.
  await stopRedis();
  await eventually(health, (h) => h.redis === 'down', { timeout: 10_000, what: 'health reporting Redis down' });
  expect((await health()).status).toBe('degraded');
  await new Promise((r) => setTimeout(r, 2000)); // past the 1.1 s at which an unhandled error used to kill it
  expect((await api('GET', '/studies', { token })).status).toBe(200);

  // Redis back: health recovers and live documents flow again.
  await startRedis();
  await eventually(health, (h) => h.redis === 'up', { timeout: 20_000, what: 'health reporting Redis up again' });
  client = await mqtt.connectAsync(`${platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: token,
    reconnectPeriod: 0,
  });
  const topic = studyTopic(tenant.accountId, tenant.institutionId, tenant.studyIds[1]!);
  const received = new Promise<{ studyId: string }>((resolve) =>
    client!.on('message', (t, payload) => {
      if (t === topic) resolve(JSON.parse(payload.toString()) as { studyId: string });
    }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  expect((await api('POST', `/studies/${tenant.studyIds[1]}/reports/start`, { token, body: {} })).status).toBe(200);
  expect((await received).studyId).toBe(tenant.studyIds[1]);
});

it('stops while its Redis is down (a replica shut down during an outage)', async () => {
  // A replica of its own on a Redis of its own, which then goes away.
  const ownPort = await freePort();
  const ownRedis = await startRedisServer(ownPort);
  const replica = await startTestPlatform(
    { REDIS_URL: `redis://127.0.0.1:${ownPort}/0`, TEMPORAL_TASK_QUEUE: `redis-${randomUUID()}` },
    { worker: false },
  );
  try {
    await ownRedis.stop();
    await eventually(
      async () => ((await apiClient(replica.platform.url)('GET', '/health')).body as { redis: string }).redis,
      (state) => state === 'down',
      { timeout: 10_000, what: "the replica's health reporting Redis down" },
    );
    const t0 = Date.now();
    // It used to wait forever here: the broker's Redis QUITs never ended.
    await replica.platform.stop();
    expect(Date.now() - t0).toBeLessThan(10_000);
  } finally {
    await replica.knex.destroy();
  }
});

it('starts while its Redis is unreachable, stays up, and uses Redis once it comes', async () => {
  // The persistence's start-up reads failed with nobody listening: an unhandled error.
  const ownPort = await freePort();
  const replica = await startTestPlatform(
    { REDIS_URL: `redis://127.0.0.1:${ownPort}/0`, TEMPORAL_TASK_QUEUE: `redis-${randomUUID()}` },
    { worker: false },
  );
  let ownRedis: RedisServer | undefined;
  try {
    const health = async () => (await apiClient(replica.platform.url)('GET', '/health')).body as { redis: string };
    await eventually(health, (h) => h.redis === 'down', { timeout: 10_000, what: 'Redis reported down' });
    // Long enough for every queued command to exhaust its retries.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await health()).redis).toBe('down');
    ownRedis = await startRedisServer(ownPort);
    await eventually(health, (h) => h.redis === 'up', { timeout: 20_000, what: 'Redis reported up' });
    const t0 = Date.now();
    await replica.platform.stop();
    expect(Date.now() - t0).toBeLessThan(10_000);
  } finally {
    await ownRedis?.stop();
    await replica.knex.destroy();
  }
});
