/**
 * Two-factor sign-in (issue 13) against the real platform: a TOTP secret enrolled through the
 * API accepts the codes Debian's oathtool computes, refuses a replayed one and one three steps
 * old; the e-mail code's expiry and 90 s resend wait; a session whose second factor is due
 * reaches neither /studies nor the broker; recovery codes work once; the account setting that
 * makes two-factor mandatory sends its users to enrol; turning it off needs a valid code.
 */
import mqtt from 'mqtt';
import { hashToken } from '../../services/tokens';
import { createTenant, setAccountConfig, type Tenant } from '../support/fixtures';
import { platformSuite, type Api } from '../support/suite';
import { awayFromStepEdge, lastEmailCode, oathtool } from '../support/two-factor';
import { ensureDocumentTools } from '../../scripts/tools';
import { PASSWORD } from '../support/fixtures';

const suite = platformSuite({ worker: false, overrides: { LOGIN_RATE_PER_MINUTE: '1000' } });
const api: Api = suite.api;
let t: Tenant;

beforeAll(async () => {
  ensureDocumentTools(); // oathtool among them
  t = await createTenant(suite.knex, {
    studies: 1,
    users: { totp: ['STUDIES_SAVE_REPORTS'], mail: ['STUDIES_SAVE_REPORTS'], plain: ['STUDIES_SAVE_REPORTS'] },
  });
});

const signIn = async (username: string) => {
  const res = await api('POST', '/auth', { body: { username, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body as { data: any; info?: string };
};
const verify = (token: string, code: string, type: 'email' | 'authenticator' = 'authenticator') =>
  api('POST', '/auth/two-authentication', { token, body: { token: code, type } });
const mqttConnect = (token: string) =>
  mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, { username: 's', password: token, reconnectPeriod: 0 });

/** Enrols the user's authenticator through the API; answers the secret and the recovery codes. */
async function enrolTotp(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const qr = await api('GET', '/auth/two-authentication/qrcode', { token });
  expect(qr.status).toBe(200);
  const { secret, uri, qrCode } = qr.body.data;
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const png = Buffer.from(String(qrCode).replace(/^data:image\/png;base64,/, ''), 'base64');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  await awayFromStepEdge();
  const saved = await api('POST', '/auth/two-authentication/save', {
    token,
    body: { type: 'authenticator', token: oathtool(secret) },
  });
  expect(saved.status).toBe(200);
  return { secret, recoveryCodes: saved.body.data.recoveryCodes };
}

describe('authenticator (TOTP)', () => {
  let secret: string;
  let recoveryCodes: string[];

  test('enrolment needs the QR code first and a first valid code; the secret is sealed at rest', async () => {
    const { data } = await signIn(t.users.totp!.username);
    const token: string = data.accessToken;
    const noQr = await api('POST', '/auth/two-authentication/save', { token, body: { type: 'authenticator', token: '123456' } });
    expect(noQr.status).toBe(404);
    expect(noQr.body.error.code).toBe('OTP_QRCODE_NOT_FOUND');

    const qr = await api('GET', '/auth/two-authentication/qrcode', { token });
    const wrong = await api('POST', '/auth/two-authentication/save', {
      token,
      body: { type: 'authenticator', token: oathtool(qr.body.data.secret, Math.floor(Date.now() / 1000) - 300) },
    });
    expect(wrong.body.error).toEqual({ code: 'OTP_WRONG_CODE', description: 'Código inválido, tente novamente.' });
    expect((await api('GET', '/auth/two-authentication', { token })).body.data.type).toBeNull();

    ({ secret, recoveryCodes } = await enrolTotp(token));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const row = await suite.knex('users').where({ id: t.users.totp!.id }).first();
    expect(row.two_factor_type).toBe('authenticator');
    expect(row.use_two_factor).toBe(true);
    expect(Buffer.from(row.totp_secret_sealed).includes(Buffer.from(secret))).toBe(false);
    const stored = await suite.knex('two_factor_recovery_codes').where({ user_id: t.users.totp!.id });
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // The enrolling session proved the factor: it goes on.
    expect((await api('GET', '/studies', { token })).status).toBe(200);
  });

  test('login answers a limited session: no /studies, no broker, until the code; oathtool codes pass once', async () => {
    const login = await signIn(t.users.totp!.username);
    expect(login.info).toBe('OTP_CODE_NEEDED');
    expect(login.data.secondFactor).toMatchObject({ type: 'authenticator', pending: 'verify' });
    expect(login.data.accounts).toBeUndefined();
    const token: string = login.data.accessToken;

    const studies = await api('GET', '/studies', { token });
    expect(studies.status).toBe(403);
    expect(studies.body.error.code).toBe('TWO_FACTOR_PENDING');
    expect((await api('POST', '/auth/changeAccount', { token, body: { accountId: t.accountId } })).status).toBe(403);
    await expect(mqttConnect(token)).rejects.toThrow();
    const dicomweb = await fetch(`${suite.platform.url}/dicomweb/studies`, { headers: { authorization: `Bearer ${token}` } });
    expect(dicomweb.status).toBe(403);
    expect(((await dicomweb.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_PENDING');
    expect((await api('GET', '/auth', { token })).body.data.secondFactor.pending).toBe('verify');

    const short = await verify(token, '12345');
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({ code: 'OTP_TOKEN_MALFORMED', description: 'Precisa preencher o token corretamente!' });

    // Enrolment used this step's code: the same code is now a replay, the next step's passes (+1).
    await awayFromStepEdge();
    const now = Math.floor(Date.now() / 1000);
    expect((await verify(token, oathtool(secret, now))).body.error.code).toBe('OTP_WRONG_CODE');
    const code = oathtool(secret, now + 30);
    const ok = await verify(token, code);
    expect(ok.status).toBe(200);
    expect(ok.body.data.accounts[t.accountId]).toBeDefined();
    expect((await api('GET', '/studies', { token })).status).toBe(200);
    const client = await mqttConnect(token);
    await client.endAsync();

    // Replay: the same code on another session is refused.
    const again = await signIn(t.users.totp!.username);
    const replay = await verify(again.data.accessToken, code);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('OTP_WRONG_CODE');
  });

  test('±1 step: a code one step old passes, one three steps old does not', async () => {
    // Forget the last step used, so only the window decides.
    await suite.knex('users').where({ id: t.users.totp!.id }).update({ totp_last_step: null });
    const { data } = await signIn(t.users.totp!.username);
    await awayFromStepEdge();
    const now = Math.floor(Date.now() / 1000);
    const old = await verify(data.accessToken, oathtool(secret, now - 90));
    expect(old.body.error?.code).toBe('OTP_WRONG_CODE');
    expect((await verify(data.accessToken, oathtool(secret, now - 30))).status).toBe(200);
  });

  test('a recovery code passes once', async () => {
    const first = await signIn(t.users.totp!.username);
    expect((await verify(first.data.accessToken, recoveryCodes[0]!.toLowerCase())).status).toBe(200);
    expect((await api('GET', '/auth/two-authentication', { token: first.data.accessToken })).body.data.recoveryCodesLeft).toBe(9);
    const second = await signIn(t.users.totp!.username);
    expect((await verify(second.data.accessToken, recoveryCodes[0]!)).body.error.code).toBe('OTP_WRONG_CODE');
    expect((await verify(second.data.accessToken, recoveryCodes[1]!)).status).toBe(200);
  });

  test('ten wrong codes end the session', async () => {
    const { data } = await signIn(t.users.totp!.username);
    for (let n = 1; n < 10; n++) expect((await verify(data.accessToken, '000000')).body.error.code).toBe('OTP_WRONG_CODE');
    expect((await verify(data.accessToken, '000000')).body.error.code).toBe('INVALID_SESSION');
    expect((await api('GET', '/auth', { token: data.accessToken })).body.error.code).toBe('INVALID_SESSION');
  });

  test('a verification holds 24 h (86,400,000 ms), then the session asks for a code again', async () => {
    const { data } = await signIn(t.users.totp!.username);
    const token: string = data.accessToken;
    expect((await verify(token, recoveryCodes[4]!)).status).toBe(200);
    const session = () => suite.knex('sessions').where({ token_hash: hashToken(token) });
    await session().update({ second_factor_verified_at: suite.knex.raw(`now() - interval '86399 seconds'`) });
    expect((await api('GET', '/studies', { token })).status).toBe(200);
    const image = (await api('POST', '/auth/imageToken', { token })).body.token as string;
    const preview = `/studies/${t.studyIds[0]}/series-preview`;
    expect((await api('GET', preview, { token: image })).status).toBe(200);
    await session().update({ second_factor_verified_at: suite.knex.raw(`now() - interval '86401 seconds'`) });
    expect((await api('GET', '/studies', { token })).body.error.code).toBe('TWO_FACTOR_PENDING');
    expect((await api('GET', '/auth', { token })).body.data.secondFactor.pending).toBe('verify');
    // The image tokens of that session stop too.
    expect((await api('GET', preview, { token: image })).status).toBe(401);
  });

  test('turning it off needs a valid code', async () => {
    const { data } = await signIn(t.users.totp!.username);
    await verify(data.accessToken, recoveryCodes[2]!);
    const wrong = await api('POST', '/auth/two-authentication/disable', { token: data.accessToken, body: { token: '000000' } });
    expect(wrong.body.error.code).toBe('OTP_WRONG_CODE');
    const off = await api('POST', '/auth/two-authentication/disable', {
      token: data.accessToken,
      body: { token: recoveryCodes[3]! },
    });
    expect(off.status).toBe(204);
    const plain = await signIn(t.users.totp!.username);
    expect(plain.info).toBeUndefined();
    expect(plain.data.accounts[t.accountId]).toBeDefined();
  });
});

describe('e-mail code', () => {
  const user = () => t.users.mail!;

  test('enrolment by a code sent to the address; login sends a code (OTP_CODE_SENT) valid once', async () => {
    const { data } = await signIn(user().username);
    const token: string = data.accessToken;
    const sent = await api('POST', '/auth/two-authentication/email', { token, body: {} });
    expect(sent.status).toBe(200);
    expect(sent.body.info).toBe('OTP_CODE_SENT');
    const saved = await api('POST', '/auth/two-authentication/save', {
      token,
      body: { type: 'email', token: await lastEmailCode(suite.knex, user().id) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.recoveryCodes).toHaveLength(10);

    await suite
      .knex('users')
      .where({ id: user().id })
      .update({ email_code_sent_at: suite.knex.raw(`now() - interval '91 seconds'`) });
    const login = await signIn(user().username);
    expect(login.info).toBe('OTP_CODE_SENT');
    expect(login.data.secondFactor).toMatchObject({ type: 'email', pending: 'verify' });
    const code = await lastEmailCode(suite.knex, user().id);
    const mail = await suite
      .knex('mail_outbox')
      .where({ to_user_id: user().id, kind: 'auth.two-factor-code' })
      .orderBy('created_at', 'desc')
      .first();
    expect(mail.to_address).toBe(`${user().username}@test.laudos`);
    expect((await verify(login.data.accessToken, code, 'email')).status).toBe(200);
    const other = await signIn(user().username);
    expect((await verify(other.data.accessToken, code, 'email')).body.error.code).toBe('OTP_WRONG_CODE');
  });

  test('resend waits 90 s, also on the server', async () => {
    await suite
      .knex('users')
      .where({ id: user().id })
      .update({ email_code_sent_at: suite.knex.raw(`now() - interval '91 seconds'`) });
    const { data } = await signIn(user().username);
    const first = await lastEmailCode(suite.knex, user().id);
    const soon = await api('POST', '/auth/two-authentication/email', { token: data.accessToken, body: {} });
    expect(soon.status).toBe(429);
    expect(soon.body.error.code).toBe('OTP_RESEND_WAIT');
    await suite
      .knex('users')
      .where({ id: user().id })
      .update({ email_code_sent_at: suite.knex.raw(`now() - interval '91 seconds'`) });
    expect((await api('POST', '/auth/two-authentication/email', { token: data.accessToken, body: {} })).status).toBe(200);
    const second = await lastEmailCode(suite.knex, user().id);
    if (second !== first) expect((await verify(data.accessToken, first, 'email')).body.error.code).toBe('OTP_WRONG_CODE');
    expect((await verify(data.accessToken, second, 'email')).status).toBe(200);
  });

  test('a code past its 10 minutes is refused', async () => {
    await suite
      .knex('users')
      .where({ id: user().id })
      .update({ email_code_sent_at: suite.knex.raw(`now() - interval '91 seconds'`) });
    const { data } = await signIn(user().username);
    const code = await lastEmailCode(suite.knex, user().id);
    const row = await suite.knex('users').where({ id: user().id }).first('email_code_sent_at', 'email_code_expires_at');
    expect(new Date(row.email_code_expires_at).getTime() - new Date(row.email_code_sent_at).getTime()).toBe(600_000);
    await suite
      .knex('users')
      .where({ id: user().id })
      .update({ email_code_expires_at: suite.knex.raw(`now() - interval '1 second'`) });
    expect((await verify(data.accessToken, code, 'email')).body.error.code).toBe('OTP_WRONG_CODE');
  });
});

describe('account requiring two-factor', () => {
  test('its users without two-factor enrol at their next login, limited to enrolment until done', async () => {
    const other = await createTenant(suite.knex, { studies: 1, users: { plain: ['STUDIES_SAVE_REPORTS'] } });
    await setAccountConfig(suite.knex, other.accountId, { TWO_FACTOR_REQUIRED: 'true' });
    const login = await signIn(other.users.plain!.username);
    expect(login.info).toBe('TWO_FACTOR_ENROL');
    expect(login.data.secondFactor).toMatchObject({ type: null, pending: 'enrol', required: true });
    const token: string = login.data.accessToken;
    expect((await api('GET', '/studies', { token })).body.error.code).toBe('TWO_FACTOR_PENDING');
    await expect(mqttConnect(token)).rejects.toThrow();
    expect((await verify(token, '123456')).body.error.code).toBe('TWO_FACTOR_PENDING');

    const { recoveryCodes } = await enrolTotp(token);
    expect((await api('GET', '/studies', { token })).status).toBe(200);
    const off = await api('POST', '/auth/two-authentication/disable', { token, body: { token: recoveryCodes[0]! } });
    expect(off.body.error.code).toBe('TWO_FACTOR_MANDATORY');

    // A user of an account that does not require it signs in with the password alone.
    const plain = await signIn(t.users.plain!.username);
    expect(plain.info).toBeUndefined();
    expect((await api('GET', '/studies', { token: plain.data.accessToken })).status).toBe(200);
  });
});
