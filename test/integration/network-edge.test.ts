/**
 * The HTTP edge as a client on the network sees it (issue 12): the CSP as served, who the
 * client is behind (or without) a proxy, the login limits, the static app's answer to
 * encoded traversals, over-size bodies and expired sessions.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Platform } from '../../scripts/platform';
import { DOCTOR_PERMISSIONS, PASSWORD, createTenant, setAccountConfig } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

// The default edge: no proxy trusted, the web app served, a small login rate.
const suite = platformSuite({ overrides: { SERVE_WEB: 'true' } });
const api = suite.api;

/** A request sent byte for byte (fetch would normalise `..` and `%2e%2e` away). */
function raw(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: { ...opts.headers } }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    // A server refusing a large body may close the socket while it is still being written.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(opts.body);
  });
}

const cspOf = (headers: http.IncomingHttpHeaders) => String(headers['content-security-policy'] ?? '');
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));

/** A login with a forwarded address (what a client may write into the header itself). */
const loginFrom = (base: string, forwardedFor: string | null, username: string, password = 'wrong') =>
  apiClient(base)('POST', '/auth', {
    body: { username, password },
    headers: forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor },
  });

const lastAudit = async (knex: Knex, userId: string, action: string) =>
  (await knex('audit_log').where({ user_id: userId, action }).orderBy('id', 'desc').first('ip'))?.ip as string | undefined;

describe('content security policy', () => {
  it('lets mqtt.js run its timer worker and sends no upgrade-insecure-requests over plain http', async () => {
    const res = await raw(suite.platform.url, 'GET', '/login');
    expect(res.status).toBe(200);
    const csp = cspOf(res.headers);
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(csp, 'upgrade-insecure-requests')).toBeUndefined();
    // …and the api answers carry the same policy.
    expect(
      directive(cspOf((await raw(suite.platform.url, 'GET', '/api/health')).headers), 'upgrade-insecure-requests'),
    ).toBeUndefined();
  });

  it('sends upgrade-insecure-requests only when the public address is https', async () => {
    for (const [publicUrl, upgrade] of [
      ['http://laudos.clinica.lan:3000', false],
      ['https://laudos.clinica.com.br', true],
    ] as const) {
      const { platform, knex } = await startTestPlatform({ PUBLIC_URL: publicUrl, SERVE_WEB: 'true' }, { worker: false });
      try {
        const csp = cspOf((await raw(platform.url, 'GET', '/login')).headers);
        expect([publicUrl, directive(csp, 'upgrade-insecure-requests') !== undefined]).toEqual([publicUrl, upgrade]);
        expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
      } finally {
        await platform.stop();
        await knex.destroy();
      }
    }
  });
});

describe('client address without a trusted proxy (the default)', () => {
  it('ignores X-Forwarded-For: rotating it does not get around the login rate limit', async () => {
    // A platform of its own: the limit it spends would refuse this file's other logins.
    const { platform, knex } = await startTestPlatform({ LOGIN_RATE_PER_MINUTE: '5' }, { worker: false });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          loginFrom(platform.url, `203.0.113.${i + 1}`, `nobody-${randomUUID()}`).then((r) => r.status),
        ),
      );
      // The address is the socket's, whatever the header says: 5 per minute.
      expect(statuses.filter((s) => s === 401).length).toBe(5);
      expect(statuses.filter((s) => s === 429).length).toBe(35);
    } finally {
      await platform.stop();
      await knex.destroy();
    }
  });

  it('records the real address in the audit log and the session, not the forwarded one', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const res = await loginFrom(suite.platform.url, '198.51.100.7', t.users.doctor!.username, PASSWORD);
    expect(res.status).toBe(200);
    expect(await lastAudit(suite.knex, t.users.doctor!.id, 'auth.login')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    const session = await suite.knex('sessions').where({ user_id: t.users.doctor!.id }).first('ip');
    expect(session.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});

describe('client address behind a trusted proxy', () => {
  let platform: Platform;
  let knex: Knex;
  beforeAll(async () => {
    ({ platform, knex } = await startTestPlatform(
      { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1', LOGIN_RATE_PER_MINUTE: '100' },
      { worker: false },
    ));
  });
  afterAll(async () => {
    await platform?.stop();
    await knex?.destroy();
  });

  it("uses the proxy's forwarded address (past the trusted hops) in the audit log", async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    // The client wrote a fake first entry; the proxies (10.1.2.3, then this loopback peer) appended theirs.
    const res = await loginFrom(platform.url, '192.0.2.99, 198.51.100.23, 10.1.2.3', t.users.doctor!.username, PASSWORD);
    expect(res.status).toBe(200);
    expect(await lastAudit(suite.knex, t.users.doctor!.id, 'auth.login')).toBe('198.51.100.23');
  });

  it('limits failed logins per username too, so rotating client addresses through the proxy gets nowhere', async () => {
    const username = `ghost-${randomUUID().slice(0, 8)}`;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(platform.url, `198.51.100.${i + 1}`, username).then((r) => r.status)),
    );
    // Each address is new, so only the username can have stopped them (100 per minute here);
    // past LOGIN_MAX_ATTEMPTS the unknown name answers USER_BLOCKED like a user would (403).
    expect(statuses.filter((s) => s !== 429).length).toBe(40);
    const more: { status: number; body: any }[] = [];
    for (let i = 0; i < 70; i++) more.push(await loginFrom(platform.url, `198.51.101.${i + 1}`, username));
    expect(more.filter((r) => r.status !== 429).length).toBe(60);
    expect(more.at(-1)!.body.error.code).toBe('RATE_LIMITED');
    // Another username from the same addresses is not affected.
    expect((await loginFrom(platform.url, '198.51.101.1', `other-${randomUUID().slice(0, 8)}`)).status).toBe(401);
  });

  it("still blocks a real user after the account's LOGIN_ATTEMPTS wrong passwords (USER_BLOCKED)", async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { victim: [] } });
    await setAccountConfig(suite.knex, t.accountId, { LOGIN_ATTEMPTS: '50' });
    const codes: string[] = [];
    for (let i = 0; i < 52; i++) {
      codes.push((await loginFrom(platform.url, `198.51.102.${i + 1}`, t.users.victim!.username)).body.error.code);
    }
    expect(codes.slice(0, 49).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes.slice(49)).toEqual(['USER_BLOCKED', 'USER_BLOCKED', 'USER_BLOCKED']);
  });

  it('ignores forwarded headers from a peer that is not a trusted proxy', async () => {
    const { platform: other, knex: otherKnex } = await startTestPlatform({ TRUST_PROXY: '10.0.0.0/8' }, { worker: false });
    try {
      const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
      expect((await loginFrom(other.url, '198.51.100.50', t.users.doctor!.username, PASSWORD)).status).toBe(200);
      expect(await lastAudit(suite.knex, t.users.doctor!.id, 'auth.login')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      await other.stop();
      await otherKnex.destroy();
    }
  });

  it('takes the address a hop count away (TRUST_PROXY=1)', async () => {
    const { platform: other, knex: otherKnex } = await startTestPlatform({ TRUST_PROXY: '1' }, { worker: false });
    try {
      const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
      expect((await loginFrom(other.url, '192.0.2.1, 198.51.100.77', t.users.doctor!.username, PASSWORD)).status).toBe(200);
      expect(await lastAudit(suite.knex, t.users.doctor!.id, 'auth.login')).toBe('198.51.100.77');
    } finally {
      await other.stop();
      await otherKnex.destroy();
    }
  });
});

describe('static app', () => {
  const attempts = [
    '/..%2F..%2Fpackage.json',
    '/..%2f..%2f..%2fpackage.json',
    '/%2e%2e%2f%2e%2e%2fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/assets/..%2F..%2F..%2Fpackage.json',
    '/..%5C..%5Cpackage.json',
    '/%252e%252e%252f%252e%252e%252fpackage.json',
    '/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
    '/index.html%00.js',
    '/%E0%A4%A',
  ];

  it.each(attempts)('answers an encoded traversal %s with 404, never a file outside web/dist', async (path) => {
    const res = await raw(suite.platform.url, 'GET', path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('"name": "laudos"');
    expect(res.body).not.toContain('root:');
    expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
  });

  it('still serves the app and its deep links', async () => {
    const index = await raw(suite.platform.url, 'GET', '/studies/report/123');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('methods', () => {
  // The api router answers for every route it holds: the routers under /api carry no
  // allowedMethods of their own (80 extra layers on every request, issue 20).
  it('answers a known path asked with another method 405 with Allow, and an unknown method 501', async () => {
    const token = await login(api, (await createTenant(suite.knex, { studies: 0 })).users.doctor!.username);
    const wrong = await raw(suite.platform.url, 'DELETE', '/api/studies', { headers: { access_token: token } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toContain('GET');
    const options = await raw(suite.platform.url, 'OPTIONS', '/api/studies', { headers: { access_token: token } });
    expect(options.status).toBe(200);
    expect(options.headers.allow).toContain('GET');
    expect((await raw(suite.platform.url, 'PURGE', '/api/studies', { headers: { access_token: token } })).status).toBe(501);
  });
});

describe('over-size bodies', () => {
  const expectTooLarge = (res: { status: number; body: string }) => {
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toEqual({
      code: 'BODY_TOO_LARGE',
      description: 'Número de caracteres acima do limite permitido.',
    });
  };

  it('answers 413 BODY_TOO_LARGE for a JSON body past the limit', async () => {
    const token = await login(
      api,
      (await createTenant(suite.knex, { studies: 0, users: { doctor: [] } })).users.doctor!.username,
    );
    const big = JSON.stringify({ key: 'THEME_COLOR', value: 'x'.repeat(1_200_000) });
    expectTooLarge(
      await raw(suite.platform.url, 'POST', '/api/users/config', {
        headers: { 'content-type': 'application/json', access_token: token },
        body: big,
      }),
    );
    // English when asked in English.
    const en = await raw(suite.platform.url, 'POST', '/api/users/config', {
      headers: { 'content-type': 'application/json', access_token: token, 'accept-language': 'en' },
      body: big,
    });
    expect(en.status).toBe(413);
    expect(JSON.parse(en.body).error.description).toBe('Number of characters above the allowed limit.');
  });

  it('answers 413 BODY_TOO_LARGE for an attachment body past its parser limit', async () => {
    const t = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_CREATE_ATTACHMENTS'] } });
    const token = await login(api, t.users.doctor!.username);
    const body = JSON.stringify({ studyId: t.studyIds[0], fileName: 'laudo.pdf', file: 'A'.repeat(7 * 1024 * 1024) });
    expectTooLarge(
      await raw(suite.platform.url, 'POST', '/api/studies/attachments', {
        headers: { 'content-type': 'application/json', access_token: token },
        body,
      }),
    );
  });

  it('answers 413 BODY_TOO_LARGE for a narration past its limit', async () => {
    const t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
    const token = await login(api, t.users.doctor!.username);
    expect((await api('POST', `/studies/${t.studyIds[0]}/reports/start`, { token, body: {} })).status).toBe(200);
    expectTooLarge(
      await raw(suite.platform.url, 'POST', `/api/studies/${t.studyIds[0]}/narratedReport`, {
        headers: { 'content-type': 'audio/mpeg', access_token: token },
        body: Buffer.alloc(60 * 1024 * 1024, 0xff),
      }),
    );
  });
});

describe('sessions', () => {
  it('answers EXPIRED_TOKEN for an expired session, INVALID_SESSION for an unknown or revoked one', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
    const expiring = await login(api, t.users.doctor!.username);
    await suite
      .knex('sessions')
      .where({ user_id: t.users.doctor!.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await api('GET', '/studies', { token: expiring });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({ code: 'EXPIRED_TOKEN', description: 'Sessão expirada, por favor faça login novamente' });
    expect((await api('GET', '/auth', { token: expiring })).body.error.code).toBe('EXPIRED_TOKEN');

    // Spec 3 §4: the client reports the expiry on its way out; the session is then ended.
    expect((await api('POST', '/auth/expiredSession', { token: expiring })).status).toBe(204);
    expect(
      await suite.knex('audit_log').where({ user_id: t.users.doctor!.id, action: 'auth.expiredSession' }).first(),
    ).toBeDefined();
    expect((await api('GET', '/auth', { token: expiring })).body.error.code).toBe('INVALID_SESSION');

    expect((await api('GET', '/studies', { token: 'not-a-token' })).body.error.code).toBe('INVALID_SESSION');
    const revoked = await login(api, t.users.doctor!.username);
    await api('POST', '/auth/logout', { token: revoked });
    expect((await api('GET', '/studies', { token: revoked })).body.error.code).toBe('INVALID_SESSION');
  });
});

describe('GET /studies?id=…&retrieveReport=true (spec 3 §7)', () => {
  it('answers that study as studies[0], with its report, and nothing of another tenant', async () => {
    const t = await createTenant(suite.knex, { studies: 3, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
    const other = await createTenant(suite.knex, { studies: 1, users: {} });
    const token = await login(api, t.users.doctor!.username);
    const wanted = t.studyIds[1]!;

    const res = await api('GET', `/studies?id=${wanted}&retrieveReport=true`, { token });
    expect(res.status).toBe(200);
    expect(res.body.studies).toHaveLength(1);
    expect(res.body.studies[0].id).toBe(wanted);
    expect(res.body.studies[0].report).toMatchObject({ laudoId: res.body.studies[0].laudoId, state: 0 });
    expect(res.body.total).toBe(1);

    const plain = await api('GET', `/studies?id=${wanted}`, { token });
    expect(plain.body.studies.map((s: { id: string }) => s.id)).toEqual([wanted]);
    expect(plain.body.studies[0].report).toBeUndefined();

    const foreign = await api('GET', `/studies?id=${other.studyIds[0]}&retrieveReport=true`, { token });
    expect(foreign.status).toBe(200);
    expect(foreign.body.studies).toEqual([]);

    expect((await api('GET', '/studies?id=not-a-uuid', { token })).status).toBe(400);
  });
});
