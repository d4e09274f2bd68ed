/**
 * Sessions (issue 13): idle and absolute expiry, single-use access links, the user's own
 * sessions, and an account administrator's block / unblock / revoke / delete ending the user's
 * sessions at once — over HTTP and over MQTT, on a second api replica too (no Redis: the
 * replicas hear of ended sessions through Postgres NOTIFY).
 */
import type { Knex } from 'knex';
import mqtt, { type MqttClient } from 'mqtt';
import type { Platform } from '../../scripts/platform';
import { hashToken } from '../../services/tokens';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ worker: false, overrides: { SESSION_IDLE_MINUTES: '30', SESSION_TTL_HOURS: '8' } });
const api = suite.api;
/** The second api replica, on the same database. */
let replica: Platform;
let replicaKnex: Knex;
let replicaApi: ReturnType<typeof apiClient>;
const clients: MqttClient[] = [];

beforeAll(async () => {
  ({ platform: replica, knex: replicaKnex } = await startTestPlatform(
    { SESSION_IDLE_MINUTES: '30', SESSION_TTL_HOURS: '8' },
    { worker: false },
  ));
  replicaApi = apiClient(replica.url);
});

afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  await replica?.stop();
  await replicaKnex?.destroy();
});

const sessionRow = (token: string) =>
  suite
    .knex('sessions')
    .where({ token_hash: hashToken(token) })
    .first();

/** A live MQTT connection to `url` with `token`; resolves `closed` when the broker drops it. */
async function mqttOn(url: string, token: string): Promise<{ client: MqttClient; closed: Promise<number> }> {
  const client = await mqtt.connectAsync(`${url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: token,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const started = Date.now();
  const closed = new Promise<number>((resolve) => client.once('close', () => resolve(Date.now() - started)));
  return { client, closed };
}

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function adminTenant(): Promise<Tenant> {
  const t = await createTenant(suite.knex, { studies: 0, users: { admin: [], doctor: ['STUDIES_SAVE_REPORTS'] } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
  return t;
}

describe('expiry', () => {
  it('ends a session idle longer than SESSION_IDLE_MINUTES with EXPIRED_TOKEN, and keeps an active one', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const idle = await login(api, t.users.doctor!.username);
    const active = await login(api, t.users.doctor!.username);
    expect((await sessionRow(idle)).idle_minutes).toBe(30);

    await suite
      .knex('sessions')
      .where({ token_hash: hashToken(idle) })
      .update({ last_seen_at: suite.knex.raw(`now() - interval '31 minutes'`) });
    await suite
      .knex('sessions')
      .where({ token_hash: hashToken(active) })
      .update({ last_seen_at: suite.knex.raw(`now() - interval '29 minutes'`) });

    const expired = await api('GET', '/auth', { token: idle });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({ code: 'EXPIRED_TOKEN', description: 'Sessão expirada, por favor faça login novamente' });
    // The other replica says the same (the rule is in the database, not in one process).
    expect((await replicaApi('GET', '/auth', { token: idle })).body.error.code).toBe('EXPIRED_TOKEN');
    // The expiry report ends it; then it is no session at all.
    expect((await api('POST', '/auth/expiredSession', { token: idle })).status).toBe(204);
    expect((await api('GET', '/auth', { token: idle })).body.error.code).toBe('INVALID_SESSION');

    // A request renews the idle clock of the session still in time.
    expect((await api('GET', '/auth', { token: active })).status).toBe(200);
    const seen = await suite
      .knex('sessions')
      .where({ token_hash: hashToken(active) })
      .first(suite.knex.raw('extract(epoch from now() - last_seen_at) as age'));
    expect(Number(seen.age)).toBeLessThan(5);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const token = await login(api, t.users.doctor!.username);
    const mark = new Date(Date.now() - 30_000);
    await suite
      .knex('sessions')
      .where({ token_hash: hashToken(token) })
      .update({ last_seen_at: mark });
    for (let i = 0; i < 3; i++) expect((await api('GET', '/auth', { token })).status).toBe(200);
    expect((await sessionRow(token)).last_seen_at.getTime()).toBe(mark.getTime());
  });

  it('ends a session past SESSION_TTL_HOURS however active (absolute expiry)', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const token = await login(api, t.users.doctor!.username);
    const row = await sessionRow(token);
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(Math.abs(ttl - 8 * 3_600_000)).toBeLessThan(5_000);
    await suite
      .knex('sessions')
      .where({ id: row.id })
      .update({ expires_at: new Date(Date.now() - 1000), last_seen_at: suite.knex.fn.now() });
    expect((await api('GET', '/studies', { token })).body.error.code).toBe('EXPIRED_TOKEN');
  });
});

describe('access links (?access=)', () => {
  it('opens one new session of the same user and account, once', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const token = await login(api, t.users.doctor!.username);
    const link = await api('POST', '/auth/accessLink', { token });
    expect(link.status).toBe(200);
    expect(link.body.expiresInSeconds).toBe(120);
    expect(link.body.url).toBe(`${suite.platform.url}/?access=${link.body.token}`);
    // Stored hashed only.
    const stored = await suite.knex('access_links').where({ user_id: t.users.doctor!.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(hashToken(link.body.token));
    expect(JSON.stringify(stored)).not.toContain(link.body.token);

    // Used on the other replica: a new session, not the issuer's token.
    const opened = await replicaApi('POST', '/auth/access', { body: { token: link.body.token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id: t.users.doctor!.id, currentAccountId: t.accountId });
    expect(opened.body.data.accessToken).not.toBe(token);
    expect(opened.body.data.accessToken).not.toBe(link.body.token);
    expect((await api('GET', '/auth', { token: opened.body.data.accessToken })).status).toBe(200);
    // Not a session token by itself.
    expect((await api('GET', '/auth', { token: link.body.token })).body.error.code).toBe('INVALID_SESSION');

    const again = await api('POST', '/auth/access', { body: { token: link.body.token } });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('ACCESS_LINK_INVALID');
  });

  it('refuses two racing uses but one, an expired link, and a link whose issuer signed out', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const token = await login(api, t.users.doctor!.username);
    const raced = (await api('POST', '/auth/accessLink', { token })).body.token;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? api : replicaApi)('POST', '/auth/access', { body: { token: raced } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);

    const stale = (await api('POST', '/auth/accessLink', { token })).body.token;
    await suite
      .knex('access_links')
      .where({ token_hash: hashToken(stale) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await api('POST', '/auth/access', { body: { token: stale } })).body.error.code).toBe('ACCESS_LINK_INVALID');

    const orphan = (await api('POST', '/auth/accessLink', { token })).body.token;
    await api('POST', '/auth/logout', { token });
    expect((await api('POST', '/auth/access', { body: { token: orphan } })).body.error.code).toBe('ACCESS_LINK_INVALID');
    expect((await api('POST', '/auth/access', { body: { token: 'x'.repeat(43) } })).body.error.code).toBe('ACCESS_LINK_INVALID');
  });
});

describe('My sessions', () => {
  it('lists the live sessions, signs out the others (HTTP and MQTT on both replicas), ends only its own', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [], other: [] } });
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' };
    const mine = (await api('POST', '/auth', { body: { username: t.users.doctor!.username, password: PASSWORD }, headers: ua }))
      .body.data.accessToken;
    const second = await login(api, t.users.doctor!.username);
    const third = await login(replicaApi, t.users.doctor!.username);
    const othersToken = await login(api, t.users.other!.username);

    const list = await api('GET', '/auth/sessions', { token: mine });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    const current = list.body.data.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ userAgent: ua['user-agent'], ip: expect.any(String), lastSeenAt: expect.any(String) });

    // Someone else's session id is not found, and stays alive.
    const othersId = (await sessionRow(othersToken)).id;
    expect((await api('DELETE', `/auth/sessions/${othersId}`, { token: mine })).status).toBe(404);
    expect((await api('GET', '/auth', { token: othersToken })).status).toBe(200);

    const onA = await mqttOn(suite.platform.url, second);
    const onB = await mqttOn(replica.url, third);
    const revoked = await api('POST', '/auth/sessions/revokeOthers', { token: mine });
    expect(revoked.body.data).toEqual({ ended: 2 });
    await within(Promise.all([onA.closed, onB.closed]), 3000);
    expect((await replicaApi('GET', '/auth', { token: second })).body.error.code).toBe('INVALID_SESSION');
    expect((await api('GET', '/auth', { token: third })).body.error.code).toBe('INVALID_SESSION');
    expect((await api('GET', '/auth', { token: mine })).status).toBe(200);

    const fourth = await login(api, t.users.doctor!.username);
    const fourthId = (await sessionRow(fourth)).id;
    expect((await api('DELETE', `/auth/sessions/${fourthId}`, { token: mine })).status).toBe(204);
    expect((await api('GET', '/auth', { token: fourth })).body.error.code).toBe('INVALID_SESSION');
    expect((await api('GET', '/auth/sessions', { token: mine })).body.data).toHaveLength(1);
  });
});

describe("an account administrator's actions on a user", () => {
  it('block: every session ends at once (HTTP, MQTT on both replicas), login answers USER_BLOCKED_BY_ADMIN; unblock lets them in', async () => {
    const t = await adminTenant();
    const admin = await login(api, t.users.admin!.username);
    const onA = await login(api, t.users.doctor!.username);
    const onB = await login(replicaApi, t.users.doctor!.username);
    const mqttA = await mqttOn(suite.platform.url, onA);
    const mqttB = await mqttOn(replica.url, onB);

    const res = await api('POST', `/accounts/${t.accountId}/users/${t.users.doctor!.id}/block`, { token: admin });
    expect(res.status).toBe(204);
    const ms = await within(Promise.all([mqttA.closed, mqttB.closed]), 3000);
    expect(Math.max(...ms)).toBeLessThan(3000);
    for (const [client, token] of [
      [api, onB],
      [replicaApi, onA],
    ] as const)
      expect((await client('GET', '/auth', { token })).body.error.code).toBe('INVALID_SESSION');
    // A new MQTT connection is refused too.
    await expect(mqttOn(replica.url, onB)).rejects.toThrow();

    const blocked = await api('POST', '/auth', { body: { username: t.users.doctor!.username, password: PASSWORD } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toEqual({ code: 'USER_BLOCKED_BY_ADMIN', description: 'Usuário bloqueado pelo administrador.' });

    expect(
      (await replicaApi('POST', `/accounts/${t.accountId}/users/${t.users.doctor!.id}/unblock`, { token: admin })).status,
    ).toBe(204);
    expect((await api('POST', '/auth', { body: { username: t.users.doctor!.username, password: PASSWORD } })).status).toBe(200);
    expect(
      await suite.knex('audit_log').where({ user_id: t.users.admin!.id, action: 'accountUsers.block' }).first(),
    ).toBeDefined();
  });

  it("revoke: the sessions in this account end, the user reaches the account no more; another account's session lives", async () => {
    const t = await adminTenant();
    const other = await createTenant(suite.knex, { studies: 0, users: {} });
    await suite.knex('user_accounts').insert({ user_id: t.users.doctor!.id, account_id: other.accountId });
    const admin = await login(api, t.users.admin!.username);
    const here = await login(replicaApi, t.users.doctor!.username); // two accounts: none chosen yet
    await api('POST', '/auth/changeAccount', { token: here, body: { accountId: t.accountId } });
    const there = await login(api, t.users.doctor!.username);
    await api('POST', '/auth/changeAccount', { token: there, body: { accountId: other.accountId } });
    const mqttHere = await mqttOn(replica.url, here);

    // Blocking a user another account also holds is that account's business too.
    const refused = await api('POST', `/accounts/${t.accountId}/users/${t.users.doctor!.id}/block`, { token: admin });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'USER_IN_OTHER_ACCOUNTS']);

    expect((await api('DELETE', `/accounts/${t.accountId}/users/${t.users.doctor!.id}/access`, { token: admin })).status).toBe(
      204,
    );
    await within(mqttHere.closed, 3000);
    expect((await api('GET', '/auth', { token: here })).body.error.code).toBe('INVALID_SESSION');
    expect((await api('GET', '/auth', { token: there })).status).toBe(200);
    const again = await login(api, t.users.doctor!.username);
    expect((await api('POST', '/auth/changeAccount', { token: again, body: { accountId: t.accountId } })).body.error.code).toBe(
      'FORBIDDEN_ACCESS',
    );
    // Already gone from the account: not found.
    expect((await api('DELETE', `/accounts/${t.accountId}/users/${t.users.doctor!.id}/access`, { token: admin })).status).toBe(
      404,
    );
  });

  it('delete: sessions end at once and the name signs in as no one', async () => {
    const t = await adminTenant();
    const admin = await login(api, t.users.admin!.username);
    const token = await login(api, t.users.doctor!.username);
    const mqttB = await mqttOn(replica.url, token);
    expect((await api('DELETE', `/accounts/${t.accountId}/users/${t.users.doctor!.id}`, { token: admin })).status).toBe(204);
    await within(mqttB.closed, 3000);
    expect((await replicaApi('GET', '/auth', { token })).body.error.code).toBe('INVALID_SESSION');
    const unknown = await api('POST', '/auth', { body: { username: 'nobody.at.all', password: PASSWORD } });
    const deleted = await api('POST', '/auth', { body: { username: t.users.doctor!.username, password: PASSWORD } });
    expect(deleted.status).toBe(unknown.status);
    expect(deleted.body).toEqual(unknown.body);
    expect((await suite.knex('users').where({ id: t.users.doctor!.id }).first()).deleted_at).not.toBeNull();
  });

  it("refuses another account's administrator, a plain user and the administrator's own access", async () => {
    const t = await adminTenant();
    const o = await adminTenant();
    const outsider = await login(api, o.users.admin!.username);
    const plain = await login(api, t.users.doctor!.username);
    const admin = await login(api, t.users.admin!.username);
    const victim = t.users.doctor!.id;
    for (const [method, suffix] of [
      ['POST', '/block'],
      ['POST', '/unblock'],
      ['DELETE', '/access'],
      ['DELETE', ''],
    ] as const) {
      // Through the other account's path: not theirs, and not confirmed to exist.
      const cross = await api(method, `/accounts/${t.accountId}/users/${victim}${suffix}`, { token: outsider });
      expect([suffix, cross.status, cross.body.error.code]).toEqual([suffix, 404, 'NOT_FOUND']);
      // Through their own account's path: no such user there.
      const own = await api(method, `/accounts/${o.accountId}/users/${victim}${suffix}`, { token: outsider });
      expect([suffix, own.status]).toEqual([suffix, 404]);
      const byPlain = await api(method, `/accounts/${t.accountId}/users/${t.users.admin!.id}${suffix}`, { token: plain });
      expect([suffix, byPlain.status]).toEqual([suffix, 403]);
      const self = await api(method, `/accounts/${t.accountId}/users/${t.users.admin!.id}${suffix}`, { token: admin });
      expect([suffix, self.body.error.code]).toEqual([suffix, 'USER_CANNOT_MANAGE_SELF']);
    }
    expect((await api('GET', '/auth', { token: plain })).status).toBe(200);
    expect((await suite.knex('users').where({ id: victim }).first()).blocked_by_admin).toBe(false);
  });
});
