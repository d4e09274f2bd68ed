/**
 * Two real api replicas sharing Redis, on 127.0.0.2 and 127.0.0.3 at one port (as compose's
 * replicas all listen on 3000), behind deploy/nginx.conf run by Debian's nginx: a browser's
 * session entirely through the proxy — login, live documents over the /mqtt WebSocket, a report
 * action — and the address the api records is the one nginx saw (TRUST_PROXY=1, compose's default).
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Knex } from 'knex';
import mqtt, { type MqttClient } from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import type { Platform } from '../../scripts/platform';
import { type DnsServer, startDnsServer } from '../support/dns-server';
import { PASSWORD, createTenant } from '../support/fixtures';
import { type NginxProxy, startNginxProxy } from '../support/nginx-proxy';
import { apiClient, startTestPlatform } from '../support/platform';

jest.setTimeout(90_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADDRESSES = ['127.0.0.2', '127.0.0.3'];

let dns: DnsServer;
let nginx: NginxProxy;
let a: Platform;
let b: Platform;
let knex: Knex;
let knexB: Knex;
const clients: MqttClient[] = [];

function listenOn(address: string, port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(port, address, () => resolve(s));
  });
}

/** A port free on every address (taken and released: the replicas bind it next). */
async function portFreeOnAll(addresses: string[]): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const first = await listenOn(addresses[0]!, 0);
    const { port } = first.address() as net.AddressInfo;
    const held = [first];
    try {
      for (const a of addresses.slice(1)) held.push(await listenOn(a, port));
      return port;
    } catch (err) {
      if (attempt === 5) throw err;
    } finally {
      await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
    }
  }
}

beforeAll(async () => {
  const port = await portFreeOnAll(ADDRESSES);
  const shared = { REDIS_URL, TEMPORAL_TASK_QUEUE: `proxy-${randomUUID()}`, TRUST_PROXY: '1', PORT: String(port) };
  ({ platform: a, knex } = await startTestPlatform({ ...shared, HOST: ADDRESSES[0]! }));
  ({ platform: b, knex: knexB } = await startTestPlatform({ ...shared, HOST: ADDRESSES[1]! }, { worker: false }));
  dns = await startDnsServer();
  dns.answer('api', ADDRESSES);
  nginx = await startNginxProxy({ dnsPort: dns.port, apiPort: port });
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
  await nginx?.stop();
  await dns?.stop();
  await b?.stop();
  await a?.stop();
  await knexB?.destroy();
  await knex?.destroy();
});

it('serves a session through the proxy: login, live documents over /mqtt, a report action, the client address nginx saw', async () => {
  const tenant = await createTenant(knex, { studies: 1 });
  const studyId = tenant.studyIds[0]!;
  const api = apiClient(nginx.url);
  // A made-up X-Forwarded-For from the client stays to the left of the address nginx appends.
  const login = await api('POST', '/auth', {
    body: { username: tenant.users.doctor!.username, password: PASSWORD },
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  expect(login.status).toBe(200);
  const token: string = login.body.data.accessToken;
  const session = await knex('sessions').where({ user_id: tenant.users.doctor!.id }).orderBy('created_at', 'desc').first();
  expect(session.ip).toBe('127.0.0.1');

  // Several live connections, as several tabs: nginx spreads them over both replicas.
  const topic = studyTopic(tenant.accountId, tenant.institutionId, studyId);
  const received: Promise<any>[] = [];
  for (let i = 0; i < 6; i++) {
    const client = await mqtt.connectAsync(`${nginx.url.replace('http', 'ws')}/mqtt`, {
      username: 's',
      password: token,
      reconnectPeriod: 0,
    });
    clients.push(client);
    received.push(
      new Promise((resolve) =>
        client.on('message', (t, payload) => {
          const doc = JSON.parse(payload.toString());
          if (t === topic && doc.laudoState === 1) resolve(doc);
        }),
      ),
    );
    await client.subscribeAsync(topic, { qos: 1 });
  }

  const start = await api('POST', `/studies/${studyId}/reports/start`, { token, body: {} });
  expect(start.status).toBe(200);
  for (const doc of await Promise.all(received))
    expect(doc).toMatchObject({ studyId, laudoState: 1, laudoUserId: tenant.users.doctor!.id });
});
