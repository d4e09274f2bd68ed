/**
 * Passwords, lockout and reset (issue 13) against a real platform and database: the atomic
 * failure counter under 50 parallel attempts, no enumeration (bytes and timing), the rate limit
 * before the hash, reset links (single use, 1 h, no open redirect), history, expiry, change.
 */
import { randomUUID } from 'node:crypto';
import { PASSWORD, createTenant, setAccountConfig } from '../support/fixtures';
import { startTestPlatform } from '../support/platform';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

// High enough that only the lockout, not the rate limit, stops this file's attempts.
const suite = platformSuite({ worker: false, overrides: { LOGIN_RATE_PER_MINUTE: '100000' } });
const api = suite.api;
const NEW = 'Nova@Senha2026';

interface Raw {
  status: number;
  headers: Record<string, string>;
  text: string;
  ms: number;
}
async function rawPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Raw> {
  const started = performance.now();
  const res = await fetch(suite.apiUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), text, ms: performance.now() - started };
}
/** What a client can compare between two answers: all but Date and the request id. */
const comparable = (r: Raw) => ({
  status: r.status,
  text: r.text,
  headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => k !== 'date' && k !== 'x-request-id')),
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const code = (r: { body: any }) => r.body?.error?.code as string | undefined;

async function mailLink(userId: string, kind: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const row = await suite.knex('mail_outbox').where({ to_user_id: userId, kind }).orderBy('created_at', 'desc').first();
    if (row) return row.link_url as string;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail for ${userId}`);
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('lockout', () => {
  it('50 parallel wrong passwords: the counter ends at exactly 50, one lockout mail, and the lock holds', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { victim: [] } });
    const victim = t.users.victim!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api('POST', '/auth', { body: { username: victim.username, password: 'Wrong@123' } })),
    );
    const row = await suite.knex('users').where({ id: victim.id }).first('failed_logins', 'blocked');
    expect(row.failed_logins).toBe(50);
    expect(row.blocked).toBe(true);
    // Attempts 1–4 were wrong passwords; the 5th (LOGIN_ATTEMPTS default) and later find the lock.
    expect(answers.filter((a) => code(a) === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((a) => code(a) === 'USER_BLOCKED')).toHaveLength(46);
    expect(await suite.knex('mail_outbox').where({ to_user_id: victim.id, kind: 'auth.blocked' }).count()).toEqual([
      { count: '1' },
    ]);
    // Even the right password is refused now.
    const right = await api('POST', '/auth', { body: { username: victim.username, password: PASSWORD } });
    expect(right.status).toBe(403);
    expect(right.body.error).toEqual({ code: 'USER_BLOCKED', description: expect.stringContaining('bloqueado') });

    // The mail's link unblocks: a reset clears the counter and the lock.
    const link = await mailLink(victim.id, 'auth.blocked');
    expect(link.startsWith(`${suite.platform.url}/resetPassword?token=`)).toBe(true);
    const reset = await api('POST', '/auth/resetPassword', {
      body: { token: tokenOf(link), password: NEW, passwordConfirmation: NEW },
    });
    expect(reset.status).toBe(204);
    expect(await suite.knex('users').where({ id: victim.id }).first('failed_logins', 'blocked')).toEqual({
      failed_logins: 0,
      blocked: false,
    });
    await login(api, victim.username, NEW);
  });

  it('follows the strictest LOGIN_ATTEMPTS of the accounts a user belongs to', async () => {
    const a = await createTenant(suite.knex, { studies: 0, users: { both: [] } });
    const b = await createTenant(suite.knex, { studies: 0, users: {} });
    await suite.knex('user_accounts').insert({ user_id: a.users.both!.id, account_id: b.accountId });
    await setAccountConfig(suite.knex, a.accountId, { LOGIN_ATTEMPTS: '8' });
    await setAccountConfig(suite.knex, b.accountId, { LOGIN_ATTEMPTS: '2' });
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(code(await api('POST', '/auth', { body: { username: a.users.both!.username, password: 'x' } })));
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'USER_BLOCKED', 'USER_BLOCKED']);
  });

  it("an administrator's block is told only to whoever knows the password", async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { held: [] } });
    await suite.knex('users').where({ id: t.users.held!.id }).update({ blocked_by_admin: true });
    expect(code(await api('POST', '/auth', { body: { username: t.users.held!.username, password: 'Wrong@123' } }))).toBe(
      'INVALID_CREDENTIALS',
    );
    const right = await api('POST', '/auth', { body: { username: t.users.held!.username, password: PASSWORD } });
    expect(right.status).toBe(403);
    expect(code(right)).toBe('USER_BLOCKED_BY_ADMIN');
  });
});

describe('no enumeration', () => {
  it('an unknown name answers byte for byte like a known user, before and after the lockout', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { known: [] } });
    const ghost = `ghost.${randomUUID().slice(0, 8)}`;
    for (let attempt = 1; attempt <= 7; attempt++) {
      const known = await rawPost('/auth', { username: t.users.known!.username, password: 'Wrong@123' });
      const unknown = await rawPost('/auth', { username: ghost, password: 'Wrong@123' });
      expect(comparable(unknown)).toEqual(comparable(known));
      expect(JSON.parse(known.text).error.code).toBe(attempt < 5 ? 'INVALID_CREDENTIALS' : 'USER_BLOCKED');
    }
  });

  it("an unknown name's median time is within 20 % of a known user's", async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { timed: [] } });
    await setAccountConfig(suite.knex, t.accountId, { LOGIN_ATTEMPTS: '50' });
    const known: number[] = [];
    const unknown: number[] = [];
    // Warm both paths, then interleave so load on the machine hits both alike.
    await rawPost('/auth', { username: `warm.${randomUUID().slice(0, 8)}`, password: 'Wrong@123' });
    const asKnown = async () =>
      known.push((await rawPost('/auth', { username: t.users.timed!.username, password: 'Wrong@123' })).ms);
    const asUnknown = async () =>
      unknown.push((await rawPost('/auth', { username: `nobody.${randomUUID().slice(0, 8)}`, password: 'Wrong@123' })).ms);
    // Each goes first half the time, so neither gains from running after the other.
    for (let i = 0; i < 41; i++) {
      if (i % 2) await asKnown().then(asUnknown);
      else await asUnknown().then(asKnown);
    }
    const ratio = median(unknown) / median(known);
    console.log(
      `login timing: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`,
    );
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.2);
  });

  it('forgot password answers the same for a known and an unknown name', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { forgetful: [] } });
    const known = await rawPost('/auth/forgotPassword', { username: t.users.forgetful!.username });
    const unknown = await rawPost('/auth/forgotPassword', { username: `nobody.${randomUUID().slice(0, 8)}` });
    expect(known.status).toBe(204);
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(await mailLink(t.users.forgetful!.id, 'auth.password-reset')).toMatch(/\/resetPassword\?token=/);
  });
});

describe('reset links', () => {
  it('are single use, end every session and refuse the password policy and history', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { user: [] } });
    const u = t.users.user!;
    const oldToken = await login(api, u.username);
    expect((await api('POST', '/auth/forgotPassword', { body: { email: `${u.username}@test.laudos` } })).status).toBe(204);
    const token = tokenOf(await mailLink(u.id, 'auth.password-reset'));
    // Stored hashed: the token itself is nowhere in the table.
    expect(await suite.knex('password_reset_tokens').where({ token_hash: token }).first()).toBeUndefined();

    const tryReset = (password: string, confirmation = password) =>
      api('POST', '/auth/resetPassword', { body: { token, password, passwordConfirmation: confirmation } });
    expect(code(await tryReset('fraca'))).toBe('PASSWORD_WEAK');
    expect(code(await tryReset(NEW, `${NEW}x`))).toBe('PASSWORDS_DIFFERENT');
    const reused = await tryReset(PASSWORD);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual({
      code: 'PASSWORD_REUSED',
      description: 'A senha não pode repetir uma das últimas senhas',
    });
    // Refusals leave the link usable; success uses it up.
    expect((await tryReset(NEW)).status).toBe(204);
    expect(code(await tryReset('Outra@Senha99'))).toBe('RESET_TOKEN_INVALID');

    expect(code(await api('GET', '/auth', { token: oldToken }))).toBe('INVALID_SESSION');
    expect(code(await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } }))).toBe('INVALID_CREDENTIALS');
    await login(api, u.username, NEW);
  });

  it('expire after one hour', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { late: [] } });
    await api('POST', '/auth/forgotPassword', { body: { username: t.users.late!.username } });
    const link = await mailLink(t.users.late!.id, 'auth.password-reset');
    const row = await suite
      .knex('mail_outbox')
      .where({ to_user_id: t.users.late!.id, kind: 'auth.password-reset' })
      .first('link_expires_at', 'created_at');
    expect(new Date(row.link_expires_at).getTime() - new Date(row.created_at).getTime()).toBeGreaterThan(59 * 60_000);
    expect(new Date(row.link_expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    // One hour and a second later.
    await suite
      .knex('password_reset_tokens')
      .where({ user_id: t.users.late!.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await api('POST', '/auth/resetPassword', {
      body: { token: tokenOf(link), password: NEW, passwordConfirmation: NEW },
    });
    expect(res.status).toBe(400);
    expect(code(res)).toBe('RESET_TOKEN_INVALID');
  });

  it('point only to the platform: a callback URL elsewhere is refused (no open redirect)', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { target: [] } });
    const base = suite.platform.url;
    for (const callbackUrl of [
      'https://evil.example/resetPassword',
      `${base}.evil.example/resetPassword`,
      `${base.replace('http:', 'https:')}/resetPassword`,
      `${base}/studies`,
      `http://user@${new URL(base).host}/resetPassword`,
      '//evil.example/resetPassword',
      'javascript:alert(1)',
    ]) {
      for (const username of [t.users.target!.username, `nobody.${randomUUID().slice(0, 8)}`]) {
        const res = await api('POST', '/auth/forgotPassword', { body: { username, callbackUrl } });
        expect([callbackUrl, res.status, code(res)]).toEqual([callbackUrl, 400, 'CALLBACK_URL_NOT_ALLOWED']);
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await suite.knex('mail_outbox').where({ to_user_id: t.users.target!.id })).toHaveLength(0);

    const ok = await api('POST', '/auth/forgotPassword', {
      body: { username: t.users.target!.username, callbackUrl: `${base}/resetPassword?lang=en` },
    });
    expect(ok.status).toBe(204);
    const link = new URL(await mailLink(t.users.target!.id, 'auth.password-reset'));
    expect(link.origin).toBe(new URL(base).origin);
    expect(link.pathname).toBe('/resetPassword');
    expect(link.searchParams.get('lang')).toBe('en');
  });
});

describe('history and change password', () => {
  it('refuses the last PASSWORD_HISTORY passwords and accepts an older one', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { cycler: [] } });
    await setAccountConfig(suite.knex, t.accountId, { PASSWORD_HISTORY: '3' });
    const token = await login(api, t.users.cycler!.username);
    const change = (currentPassword: string, password: string) =>
      api('POST', '/auth/changePassword', { token, body: { currentPassword, password, passwordConfirmation: password } });
    const chain = [PASSWORD, 'Primeira@1', 'Segunda@2', 'Terceira@3'];
    for (let i = 1; i < chain.length; i++) expect((await change(chain[i - 1]!, chain[i]!)).status).toBe(204);
    // The last 3: Terceira (current), Segunda, Primeira. The first one is older.
    expect(code(await change('Terceira@3', 'Segunda@2'))).toBe('PASSWORD_REUSED');
    expect(code(await change('Terceira@3', 'Primeira@1'))).toBe('PASSWORD_REUSED');
    expect((await change('Terceira@3', PASSWORD)).status).toBe(204);
    const hashes = await suite.knex('password_history').where({ user_id: t.users.cycler!.id }).select('password_hash');
    expect(hashes.every((h) => h.password_hash.startsWith('$argon2id$'))).toBe(true);
  });

  it('needs the current password and ends the other sessions, not this one', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { changer: [] } });
    const here = await login(api, t.users.changer!.username);
    const elsewhere = await login(api, t.users.changer!.username);
    const wrong = await api('POST', '/auth/changePassword', {
      token: here,
      body: { currentPassword: 'Wrong@123', password: NEW, passwordConfirmation: NEW },
    });
    expect(wrong.status).toBe(400);
    expect(code(wrong)).toBe('WRONG_CURRENT_PASSWORD');
    expect((await api('GET', '/auth', { token: elsewhere })).status).toBe(200);
    const ok = await api('POST', '/auth/changePassword', {
      token: here,
      body: { currentPassword: PASSWORD, password: NEW, passwordConfirmation: NEW },
    });
    expect(ok.status).toBe(204);
    expect((await api('GET', '/auth', { token: here })).status).toBe(200);
    expect(code(await api('GET', '/auth', { token: elsewhere }))).toBe('INVALID_SESSION');
    await login(api, t.users.changer!.username, NEW);
  });
});

describe('expiry', () => {
  it('answers PASSWORD_EXPIRED to the right password past PASSWORD_EXPIRY_DAYS and mails a new-password link', async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { old: [] } });
    const u = t.users.old!;
    await setAccountConfig(suite.knex, t.accountId, { PASSWORD_EXPIRY_DAYS: '30' });
    await suite
      .knex('users')
      .where({ id: u.id })
      .update({ password_changed_at: new Date(Date.now() - 29 * 86_400_000) });
    await login(api, u.username);
    await suite
      .knex('users')
      .where({ id: u.id })
      .update({ password_changed_at: new Date(Date.now() - 31 * 86_400_000) });
    // A wrong password does not learn the expiry.
    expect(code(await api('POST', '/auth', { body: { username: u.username, password: 'Wrong@123' } }))).toBe(
      'INVALID_CREDENTIALS',
    );
    const res = await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(code(res)).toBe('PASSWORD_EXPIRED');
    await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } });
    expect(await suite.knex('mail_outbox').where({ to_user_id: u.id, kind: 'auth.password-expired' }).count()).toEqual([
      { count: '1' },
    ]);
    const link = await mailLink(u.id, 'auth.password-expired');
    expect(
      (await api('POST', '/auth/resetPassword', { body: { token: tokenOf(link), password: NEW, passwordConfirmation: NEW } }))
        .status,
    ).toBe(204);
    await login(api, u.username, NEW);
  });
});

describe('rate limit before the hash', () => {
  it('refuses past LOGIN_RATE_PER_MINUTE with Retry-After, and refused attempts never reach the counter', async () => {
    const { platform, knex } = await startTestPlatform({ LOGIN_RATE_PER_MINUTE: '5' }, { worker: false });
    try {
      const t = await createTenant(knex, { studies: 0, users: { flooded: [] } });
      await setAccountConfig(knex, t.accountId, { LOGIN_ATTEMPTS: '50' });
      const answers: { status: number; retry: string | null; code: string }[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${platform.url}/api/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: t.users.flooded!.username, password: 'Wrong@123' }),
        });
        answers.push({ status: res.status, retry: res.headers.get('retry-after'), code: ((await res.json()) as any).error.code });
      }
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect(answers[5]!.code).toBe('RATE_LIMITED');
      expect(Number(answers[5]!.retry)).toBeGreaterThan(0);
      expect(Number(answers[5]!.retry)).toBeLessThanOrEqual(60);
      expect((await knex('users').where({ id: t.users.flooded!.id }).first('failed_logins')).failed_logins).toBe(5);
    } finally {
      await platform.stop();
      await knex.destroy();
    }
  });
});
