/**
 * My profile over HTTP against the real platform (issue 13): personal data with Brazilian
 * phones validated by the server, and the e-mail change — a link to the NEW address, applied
 * only when opened, once, within 24 hours; the current password required; an address another
 * user has refused; nobody reaches another user's profile.
 */
import { latestUserMail } from '../../services/mail/user-mail';
import { hashToken } from '../../services/tokens';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { login, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });
const api = suite.api;
let t: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { ana: [], bruno: [] } });
  Object.assign(tokens, await loginTokens(api, t.users));
});

const patch = (who: string, body: unknown) => api('PATCH', '/profile', { token: tokens[who], body });

it('answers only the caller’s own profile, and needs a session', async () => {
  const me = await api('GET', '/profile', { token: tokens.ana });
  expect(me.status).toBe(200);
  expect(me.body).toEqual({
    name: t.users.ana!.name,
    username: t.users.ana!.username,
    email: `${t.users.ana!.username}@test.laudos`,
    mobile: null,
    phone: null,
    signatureUpdatedAt: null,
    pendingEmail: null,
  });
  expect((await api('GET', '/profile', {})).body.error.code).toBe('INVALID_SESSION');
  expect((await api('PATCH', '/profile', { body: { name: 'Intruso' } })).status).toBe(401);
});

it('updates name and phones, keeps digits, and refuses invalid values with their own messages', async () => {
  const ok = await patch('ana', { name: '  Ana Maria Souza ', mobile: '+55 (11) 98765-4321', phone: '(21) 3123-4567' });
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ name: 'Ana Maria Souza', mobile: '(11) 98765-4321', phone: '(21) 3123-4567' });
  const row = await suite.knex('users').where({ id: t.users.ana!.id }).first('name', 'phone_mobile', 'phone_other');
  expect(row).toEqual({ name: 'Ana Maria Souza', phone_mobile: '11987654321', phone_other: '2131234567' });
  // The session shows the new name.
  expect((await api('GET', '/auth', { token: tokens.ana })).body.data.name).toBe('Ana Maria Souza');

  const refused = async (body: unknown, code: string, description: string) => {
    const res = await patch('ana', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code, description });
  };
  await refused({ name: 'A' }, 'PROFILE_NAME_INVALID', 'Preencha o nome com 3 a 200 caracteres');
  await refused(
    { mobile: '(11) 3123-4567' },
    'PROFILE_MOBILE_INVALID',
    'Celular inválido. Use DDD e número, ex.: (11) 91234-5678',
  );
  await refused(
    { mobile: '(20) 98765-4321' },
    'PROFILE_MOBILE_INVALID',
    'Celular inválido. Use DDD e número, ex.: (11) 91234-5678',
  );
  await refused({ phone: '12345' }, 'PROFILE_PHONE_INVALID', 'Telefone inválido. Use DDD e número, ex.: (11) 3123-4567');
  await refused({ email: 'x@y.z' }, 'MALFORMED_REQUEST', 'Os dados enviados não estão corretos');
  const en = await api('PATCH', '/profile', { token: tokens.ana, body: { phone: 'abc' }, headers: { 'accept-language': 'en' } });
  expect(en.body.error.description).toBe('Invalid phone number. Use the area code and number, e.g. (11) 3123-4567');
  // Nothing changed by the refusals; an empty phone removes it.
  expect((await patch('ana', { phone: '' })).body).toMatchObject({
    name: 'Ana Maria Souza',
    mobile: '(11) 98765-4321',
    phone: null,
  });
  // Bruno's profile is untouched.
  expect((await api('GET', '/profile', { token: tokens.bruno })).body).toMatchObject({ name: t.users.bruno!.name, mobile: null });
});

it('changes the e-mail only when the link sent to the new address is opened, once', async () => {
  const userId = t.users.ana!.id;
  const oldEmail = `${t.users.ana!.username}@test.laudos`;
  const newEmail = `ana.nova.${t.users.ana!.username}@clinica.test`;
  const ask = (body: unknown, who = 'ana') => api('POST', '/profile/email', { token: tokens[who], body });

  expect((await ask({ email: newEmail, currentPassword: 'Errada@123' })).body.error).toEqual({
    code: 'PROFILE_PASSWORD_WRONG',
    description: 'Senha atual incorreta',
  });
  expect((await ask({ email: 'nao-e-email', currentPassword: PASSWORD })).body.error.code).toBe('PROFILE_EMAIL_INVALID');
  expect((await ask({ email: oldEmail.toUpperCase(), currentPassword: PASSWORD })).body.error.code).toBe(
    'PROFILE_EMAIL_UNCHANGED',
  );
  // Another user's address (any case) is refused.
  const taken = await ask({ email: `${t.users.bruno!.username}@TEST.laudos`, currentPassword: PASSWORD });
  expect(taken.status).toBe(409);
  expect(taken.body.error).toEqual({ code: 'PROFILE_EMAIL_IN_USE', description: 'Este e-mail já está em uso' });
  expect(await latestUserMail(suite.knex, userId, 'auth.verify-email-change')).toBeUndefined();

  // A first request, replaced by a second: only the latest link works.
  const first = await ask({ email: `primeiro.${newEmail}`, currentPassword: PASSWORD });
  expect(first.status).toBe(202);
  const firstLink = (await latestUserMail(suite.knex, userId, 'auth.verify-email-change')).link_url as string;
  const res = await ask({ email: newEmail.toUpperCase(), currentPassword: PASSWORD });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ email: oldEmail, pendingEmail: { email: newEmail } });
  const mail = await latestUserMail(suite.knex, userId, 'auth.verify-email-change');
  expect(mail).toMatchObject({ to_address: newEmail, subject: 'Confirme seu novo e-mail', account_id: null });
  expect(mail.text_body).toContain(mail.link_url);
  const expiresIn = new Date(mail.link_expires_at).getTime() - Date.now();
  expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
  expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
  const link = new URL(mail.link_url as string);
  expect(link.pathname).toBe('/confirm-email');
  const token = link.searchParams.get('token')!;
  // Only the hash is stored.
  const stored = await suite.knex('email_change_requests').where({ user_id: userId });
  expect(stored).toHaveLength(1);
  expect(stored[0].token_hash).toBe(hashToken(token));
  expect(JSON.stringify(stored)).not.toContain(token);

  // Not applied yet.
  expect((await suite.knex('users').where({ id: userId }).first('email')).email).toBe(oldEmail);
  const stale = new URL(firstLink).searchParams.get('token')!;
  expect((await api('POST', '/profile/email/confirm', { body: { token: stale } })).body.error.code).toBe(
    'EMAIL_CHANGE_LINK_INVALID',
  );

  // Opened: applied; opened again: refused.
  const confirmed = await api('POST', '/profile/email/confirm', { body: { token } });
  expect(confirmed).toMatchObject({ status: 200, body: { email: newEmail } });
  expect((await suite.knex('users').where({ id: userId }).first('email')).email).toBe(newEmail);
  const again = await api('POST', '/profile/email/confirm', { body: { token } });
  expect(again.status).toBe(400);
  expect(again.body.error).toEqual({
    code: 'EMAIL_CHANGE_LINK_INVALID',
    description: 'Link de confirmação inválido, já utilizado ou expirado',
  });
  expect((await api('GET', '/profile', { token: tokens.ana })).body).toMatchObject({ email: newEmail, pendingEmail: null });
  // The previous address is told, once.
  const notices = await suite.knex('mail_outbox').where({ to_user_id: userId, kind: 'auth.email-changed' });
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({ to_address: oldEmail, subject: 'Seu e-mail foi alterado', link_url: null });
  expect(notices[0].text_body).toContain(newEmail);
  // The new address signs in.
  expect(await login(api, newEmail)).toEqual(expect.any(String));
});

it('refuses an expired link, and a link whose address another user took meanwhile', async () => {
  const userId = t.users.bruno!.id;
  const ask = (email: string) =>
    api('POST', '/profile/email', { token: tokens.bruno, body: { email, currentPassword: PASSWORD } });
  const linkToken = async () =>
    new URL((await latestUserMail(suite.knex, userId, 'auth.verify-email-change')).link_url).searchParams.get('token')!;

  expect((await ask(`bruno.velho.${t.users.bruno!.username}@clinica.test`)).status).toBe(202);
  const expired = await linkToken();
  await suite
    .knex('email_change_requests')
    .where({ token_hash: hashToken(expired) })
    .update({ expires_at: suite.knex.raw("now() - interval '1 second'") });
  expect((await api('POST', '/profile/email/confirm', { body: { token: expired } })).body.error.code).toBe(
    'EMAIL_CHANGE_LINK_INVALID',
  );

  const wanted = `disputado.${t.users.bruno!.username}@clinica.test`;
  expect((await ask(wanted)).status).toBe(202);
  const token = await linkToken();
  await suite.knex('users').where({ id: t.users.ana!.id }).update({ email: wanted });
  const res = await api('POST', '/profile/email/confirm', { body: { token } });
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe('PROFILE_EMAIL_IN_USE');
  expect((await suite.knex('users').where({ id: userId }).first('email')).email).toBe(`${t.users.bruno!.username}@test.laudos`);
  // Garbage and missing tokens are refused alike.
  expect((await api('POST', '/profile/email/confirm', { body: { token: 'x'.repeat(43) } })).body.error.code).toBe(
    'EMAIL_CHANGE_LINK_INVALID',
  );
  expect((await api('POST', '/profile/email/confirm', { body: {} })).body.error.code).toBe('MALFORMED_REQUEST');
});

it('keeps the language and palette with the user: only pt-BR, en or es for LANGUAGE', async () => {
  const save = (key: string, value: string) => api('POST', '/users/config', { token: tokens.bruno, body: { key, value } });
  expect((await save('LANGUAGE', 'fr')).body.error.code).toBe('MALFORMED_REQUEST');
  expect((await save('LANGUAGE', 'es')).status).toBe(200);
  expect((await save('THEME_PALETTE', 'teal')).status).toBe(200);
  const session = await api('GET', '/auth', { token: tokens.bruno });
  expect(session.body.data.userConfig).toEqual(
    expect.arrayContaining([
      { key: 'LANGUAGE', value: 'es' },
      { key: 'THEME_PALETTE', value: 'teal' },
    ]),
  );
});
