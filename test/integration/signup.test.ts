/**
 * Sign-up and registration (issue 13) over HTTP against the real platform: open and closed
 * accounts, the answers for bad and duplicate data, the verification link (single use, expiry,
 * resend), login refused until verified, and invitations (admin only, scoped to the account,
 * council rules, single use, an existing user linked on accepting).
 */
import { TERMS_VERSION } from '../../domain/auth/terms';
import { createTenant, PASSWORD, type Tenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';
import { latestMailTo, newPerson, openSignup, signupBody, tokenOf, verificationLink } from '../support/signup';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false, overrides: { LOGIN_RATE_PER_MINUTE: '1000' } });
const api = suite.api;
let open: Tenant;
let closed: Tenant;
let other: Tenant;

const userRow = (username: string) => suite.knex('users').whereRaw('lower(username) = ?', [username.toLowerCase()]).first();
const codeOf = (res: { body: { error?: { code: string } } }) => res.body.error?.code;

beforeAll(async () => {
  open = await createTenant(suite.knex, { studies: 0, users: { admin: [], member: ['STUDIES_SAVE_REPORTS'] } });
  closed = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  other = await createTenant(suite.knex, { studies: 0, isForHuman: false, users: { admin: [] } });
  await openSignup(suite.knex, open.accountId);
  for (const t of [open, closed, other])
    await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
});

describe('sign-up', () => {
  it('is closed by default: a closed account and an unknown one answer alike', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const a = await api('GET', `/auth/signup/accounts/${closed.accountId}`);
    const b = await api('GET', `/auth/signup/accounts/${unknown}`);
    expect([a.status, codeOf(a)]).toEqual([403, 'SIGNUP_CLOSED']);
    expect(b).toEqual(a);
    const person = newPerson();
    const c = await api('POST', '/auth/signup', { body: signupBody(closed.accountId, person) });
    const d = await api('POST', '/auth/signup', { body: signupBody(unknown, person) });
    expect([c.status, codeOf(c)]).toEqual([403, 'SIGNUP_CLOSED']);
    expect(d).toEqual(c);
    expect(await userRow(person.username)).toBeUndefined();
    const o = await api('GET', `/auth/signup/accounts/${open.accountId}`);
    expect(o.status).toBe(200);
    expect(o.body.data).toMatchObject({ id: open.accountId, isForHuman: true });
  });

  it('creates an unverified user linked to the account with no institution, the terms accepted and a verification mail', async () => {
    const person = newPerson({
      username: `Nova.${Date.now()}`,
      email: `Nova.${Date.now()}@Test.Laudos`,
      mobile: '(21) 99876-5432',
    });
    const res = await api('POST', '/auth/signup', {
      body: signupBody(open.accountId, person),
      headers: { 'user-agent': 'jest-signup' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ email: person.email.toLowerCase() });

    const user = await userRow(person.username);
    expect(user).toMatchObject({
      username: person.username.toLowerCase(),
      email: person.email.toLowerCase(),
      cpf: person.cpf,
      phone_mobile: '21998765432',
      email_verified_at: null,
    });
    expect(await suite.knex('user_accounts').where({ user_id: user.id })).toEqual([
      expect.objectContaining({ account_id: open.accountId, is_admin: false }),
    ]);
    expect(await suite.knex('user_institution_roles').where({ user_id: user.id })).toEqual([]);
    const terms = await suite.knex('terms_acceptances').where({ user_id: user.id });
    expect(terms).toEqual([expect.objectContaining({ version: TERMS_VERSION, user_agent: 'jest-signup' })]);
    expect(terms[0].accepted_at.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const mail = await suite.knex('mail_outbox').where({ kind: 'auth.verify-email', to_user_id: user.id }).first();
    expect(mail.to_address).toBe(person.email.toLowerCase());
    expect(mail.link_url).toMatch(/\/signup\/verify\?token=/);
    expect(mail.link_expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // Only the hash is kept.
    const token = tokenOf(mail.link_url);
    const stored = await suite.knex('email_verifications').where({ user_id: user.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
  });

  it('refuses login until the e-mail is verified, then the link works once', async () => {
    const person = newPerson();
    expect((await api('POST', '/auth/signup', { body: signupBody(open.accountId, person) })).status).toBe(201);
    // The wrong password says nothing about verification.
    const wrong = await api('POST', '/auth', { body: { username: person.username, password: 'Errada@123' } });
    expect(codeOf(wrong)).toBe('INVALID_CREDENTIALS');
    const early = await api('POST', '/auth', { body: { username: person.username, password: person.password } });
    expect([early.status, codeOf(early)]).toEqual([403, 'EMAIL_NOT_VERIFIED']);

    const token = tokenOf(await verificationLink(suite.knex, person.username));
    const first = await api('POST', '/auth/verify-email', { body: { token } });
    expect([first.status, first.body.data]).toEqual([200, { username: person.username }]);
    const again = await api('POST', '/auth/verify-email', { body: { token } });
    expect([again.status, codeOf(again)]).toEqual([410, 'VERIFICATION_LINK_INVALID']);

    const ok = await api('POST', '/auth', { body: { username: person.email, password: person.password } });
    expect(ok.status).toBe(200);
    // Linked to the account, reaching no institution until an administrator grants a role.
    expect(ok.body.data.accounts[open.accountId]).toMatchObject({ isAdmin: false, institutions: [] });
  });

  it('refuses an expired link; resend gives a new one (and answers the same for anyone)', async () => {
    const person = newPerson();
    await api('POST', '/auth/signup', { body: signupBody(open.accountId, person) });
    const user = await userRow(person.username);
    const firstLink = await verificationLink(suite.knex, person.username);
    await suite
      .knex('email_verifications')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await api('POST', '/auth/verify-email', { body: { token: tokenOf(firstLink) } });
    expect([expired.status, codeOf(expired)]).toEqual([410, 'VERIFICATION_LINK_INVALID']);

    // Within a minute of the last link no new mail goes out; the answer is the same.
    const soon = await api('POST', '/auth/verify-email/resend', { body: { login: person.username } });
    expect(soon.status).toBe(202);
    expect(await verificationLink(suite.knex, person.username)).toBe(firstLink);
    await suite
      .knex('email_verifications')
      .where({ user_id: user.id })
      .update({ created_at: new Date(Date.now() - 120_000) });
    const resent = await api('POST', '/auth/verify-email/resend', { body: { login: person.email } });
    expect(resent).toEqual(soon);
    const secondLink = await verificationLink(suite.knex, person.username);
    expect(secondLink).not.toBe(firstLink);
    const unknown = await api('POST', '/auth/verify-email/resend', { body: { login: 'ninguem.aqui' } });
    const verified = await api('POST', '/auth/verify-email/resend', { body: { login: open.users.member!.username } });
    expect(unknown).toEqual(soon);
    expect(verified).toEqual(soon);

    expect((await api('POST', '/auth/verify-email', { body: { token: tokenOf(secondLink) } })).status).toBe(200);
    expect((await api('POST', '/auth', { body: { username: person.username, password: person.password } })).status).toBe(200);
  });

  it.each([
    ['a bad CPF', { cpf: '529.982.247-24' }, 'CPF_INVALID'],
    ['all-equal CPF digits', { cpf: '111.111.111-11' }, 'CPF_INVALID'],
    ['a weak password', { password: 'fraca123', passwordConfirmation: 'fraca123' }, 'PASSWORD_WEAK'],
    ['different passwords', { passwordConfirmation: 'Outra@2026' }, 'PASSWORDS_DIFFERENT'],
    ['no terms', { termsVersion: undefined }, 'TERMS_NOT_ACCEPTED'],
    ['an old terms version', { termsVersion: '2020-01-01' }, 'TERMS_NOT_ACCEPTED'],
    ['an e-mail in the username', { username: 'ana@clinica.com' }, 'USERNAME_INVALID'],
    ['a short username', { username: 'ab' }, 'USERNAME_INVALID'],
    ['a bad e-mail', { email: 'ana@clinica' }, 'EMAIL_INVALID'],
    ['a landline', { mobile: '(11) 3456-7890' }, 'MOBILE_INVALID'],
    ['no name', { name: '  ' }, 'NAME_REQUIRED'],
  ])('refuses %s with its code, creating nothing', async (_what, patch, code) => {
    const person = newPerson();
    const res = await api('POST', '/auth/signup', { body: { ...signupBody(open.accountId, person), ...patch } });
    expect([res.status, codeOf(res)]).toEqual([400, code]);
    expect(await userRow(person.username)).toBeUndefined();
  });

  it('says a username is taken (any case), but not an e-mail or CPF: their owner is told by mail', async () => {
    const owner = newPerson();
    await api('POST', '/auth/signup', { body: signupBody(open.accountId, owner) });
    const sameName = await api('POST', '/auth/signup', {
      body: signupBody(open.accountId, newPerson({ username: owner.username.toUpperCase() })),
    });
    expect([sameName.status, codeOf(sameName)]).toEqual([409, 'USERNAME_IN_USE']);

    const ownerRow = await userRow(owner.username);
    const notices = () =>
      suite.knex('mail_outbox').where({ kind: 'auth.signup-existing', to_user_id: ownerRow.id }).orderBy('created_at');
    const anHourAgo = () =>
      suite
        .knex('mail_outbox')
        .where({ kind: 'auth.signup-existing', to_user_id: ownerRow.id })
        .update({ created_at: new Date(Date.now() - 2 * 3_600_000) });
    for (const patch of [{ email: owner.email.toUpperCase() }, { cpf: owner.cpf }]) {
      const copycat = newPerson(patch);
      const res = await api('POST', '/auth/signup', { body: signupBody(open.accountId, copycat) });
      expect([res.status, res.body]).toEqual([201, { data: { email: copycat.email.toLowerCase() } }]);
      expect(await userRow(copycat.username)).toBeUndefined();
      await anHourAgo();
    }
    const sent = await notices();
    expect(sent).toHaveLength(2);
    expect(sent[0].to_address).toBe(owner.email);
    expect(sent[0].text_body).toContain(owner.username);
    // Within the hour, however many tries: one notice.
    for (let n = 0; n < 3; n++) {
      const res = await api('POST', '/auth/signup', { body: signupBody(open.accountId, newPerson({ cpf: owner.cpf })) });
      expect(res.status).toBe(201);
    }
    expect(await notices()).toHaveLength(3);
  });
});

describe('invitations', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await login(api, open.users.admin!.username);
  });
  const invite = (body: Record<string, unknown>, token = adminToken, accountId = open.accountId) =>
    api('POST', `/accounts/${accountId}/invitations`, { token, body });
  const invitationToken = async (email: string) => tokenOf((await latestMailTo(suite.knex, email, 'auth.invitation')).link_url);
  const complete = (token: string, person = newPerson(), extra: Record<string, unknown> = {}) => {
    const { accountId: _a, email: _e, ...rest } = signupBody(open.accountId, person);
    return api('POST', '/auth/invitations/complete', { body: { ...rest, token, ...extra } });
  };

  it('lets only an administrator of the account invite, list and revoke', async () => {
    const member = await login(api, open.users.member!.username);
    expect(codeOf(await invite({ email: 'x@test.laudos' }, member))).toBe('FORBIDDEN_ACCESS');
    expect((await api('GET', `/accounts/${open.accountId}/invitations`, { token: member })).status).toBe(403);
    // Another account's administrator: this account and its invitation ids are not found.
    const outsider = await login(api, other.users.admin!.username);
    expect((await invite({ email: 'y@test.laudos' }, outsider)).status).toBe(404);
    expect((await api('GET', `/accounts/${open.accountId}/invitations`, { token: outsider })).status).toBe(404);
    const mine = await invite({ email: `convite.${Date.now()}@test.laudos`, name: 'Convidada' });
    expect(mine.status).toBe(201);
    expect(mine.body.data).toMatchObject({ state: 'pending', name: 'Convidada', invitedBy: open.users.admin!.name });
    const cross = await api('DELETE', `/accounts/${other.accountId}/invitations/${mine.body.data.id}`, { token: outsider });
    expect([cross.status, codeOf(cross)]).toEqual([404, 'NOT_FOUND']);
    const list = await api('GET', `/accounts/${open.accountId}/invitations`, { token: adminToken });
    expect(list.body.data.map((i: { id: string }) => i.id)).toContain(mine.body.data.id);
    expect((await api('GET', `/accounts/${other.accountId}/invitations`, { token: outsider })).body.data).toEqual([]);
    // Revoked: its link is dead.
    const token = await invitationToken(mine.body.data.email);
    expect((await api('POST', '/auth/invitations/lookup', { body: { token } })).status).toBe(200);
    expect(
      (await api('DELETE', `/accounts/${open.accountId}/invitations/${mine.body.data.id}`, { token: adminToken })).status,
    ).toBe(204);
    const dead = await api('POST', '/auth/invitations/lookup', { body: { token } });
    expect([dead.status, codeOf(dead)]).toEqual([410, 'INVITATION_INVALID']);
    // A member's address is refused.
    expect(codeOf(await invite({ email: `${open.users.member!.username}@test.laudos` }))).toBe('ALREADY_MEMBER');
  });

  it("completes the registration of a professional: the council is required, whole and the account's", async () => {
    const email = `medica.${Date.now()}@test.laudos`;
    expect((await invite({ email, name: 'Dra. Nova', professional: true })).status).toBe(201);
    const mail = await latestMailTo(suite.knex, email, 'auth.invitation');
    expect(mail.to_user_id).toBeNull();
    expect(mail.link_url).toMatch(/\/signup\/complete\?token=/);
    expect(mail.link_expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const token = tokenOf(mail.link_url);
    const lookup = await api('POST', '/auth/invitations/lookup', { body: { token } });
    expect(lookup.body.data).toMatchObject({ email, name: 'Dra. Nova', professional: true, council: 'CRM', existingUser: null });

    const person = newPerson();
    expect(codeOf(await complete(token, person))).toBe('PROFESSIONAL_COUNCIL_REQUIRED');
    expect(codeOf(await complete(token, person, { council: { type: 'CRM', number: '123456', uf: '' } }))).toBe(
      'PROFESSIONAL_COUNCIL_INCOMPLETE',
    );
    expect(codeOf(await complete(token, person, { council: { type: 'CRM', number: '', uf: 'SP' } }))).toBe(
      'PROFESSIONAL_COUNCIL_INCOMPLETE',
    );
    expect(codeOf(await complete(token, person, { council: { type: 'CRMV', number: '123', uf: 'SP' } }))).toBe(
      'PROFESSIONAL_COUNCIL_WRONG_TYPE',
    );
    expect(
      codeOf(
        await complete(token, person, { council: { type: 'CRM', number: '123456', uf: 'SP' }, cpf: open.users.member!.cpf }),
      ),
    ).toBe('CPF_IN_USE');
    expect(
      codeOf(
        await complete(
          token,
          { ...person, username: open.users.member!.username },
          { council: { type: 'CRM', number: '123456', uf: 'SP' } },
        ),
      ),
    ).toBe('USERNAME_IN_USE');
    expect(await userRow(person.username)).toBeUndefined();

    const done = await complete(token, person, { council: { type: 'CRM', number: '123456', uf: 'sp' } });
    expect([done.status, done.body.data]).toEqual([201, { username: person.username }]);
    const user = await userRow(person.username);
    expect(user).toMatchObject({ email, council_type: 'CRM', council_number: '123456', council_uf: 'SP', cpf: person.cpf });
    expect(user.email_verified_at).not.toBeNull();
    expect(await suite.knex('terms_acceptances').where({ user_id: user.id, version: TERMS_VERSION })).toHaveLength(1);
    const invitation = await suite.knex('invitations').where({ account_id: open.accountId, email }).first();
    expect(invitation).toMatchObject({ accepted_user_id: user.id });
    // Verified by the link itself: login works at once.
    const ok = await api('POST', '/auth', { body: { username: person.username, password: person.password } });
    expect(ok.body.data.accounts[open.accountId]).toMatchObject({ institutions: [] });
    // Single use.
    const again = await complete(token, newPerson(), { council: { type: 'CRM', number: '1', uf: 'SP' } });
    expect([again.status, codeOf(again)]).toEqual([410, 'INVITATION_INVALID']);
  });

  it('leaves the council optional for a non-professional, but an incomplete one is still an error; expired links are dead', async () => {
    const email = `secretaria.${Date.now()}@test.laudos`;
    await invite({ email });
    const token = await invitationToken(email);
    expect(codeOf(await complete(token, newPerson(), { council: { type: 'CRM', number: '', uf: '' } }))).toBe(
      'PROFESSIONAL_COUNCIL_INCOMPLETE',
    );
    expect(codeOf(await complete(token, newPerson(), { termsVersion: undefined }))).toBe('TERMS_NOT_ACCEPTED');
    await suite
      .knex('invitations')
      .where({ account_id: open.accountId, email })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(codeOf(await complete(token, newPerson()))).toBe('INVITATION_INVALID');
    await invite({ email });
    expect((await complete(await invitationToken(email), newPerson())).status).toBe(201);
  });

  it('links an existing user invited to another account when they accept', async () => {
    const existing = closed.users.admin!;
    const email = `${existing.username}@test.laudos`;
    expect((await invite({ email })).status).toBe(201);
    const mail = await latestMailTo(suite.knex, email, 'auth.invitation');
    expect(mail.to_user_id).toBe(existing.id);
    const token = tokenOf(mail.link_url);
    const lookup = await api('POST', '/auth/invitations/lookup', { body: { token } });
    expect(lookup.body.data.existingUser).toEqual({ username: existing.username });
    // Such a link cannot create a second user for the same address.
    expect(codeOf(await complete(token, newPerson()))).toBe('INVITATION_INVALID');
    const accepted = await api('POST', '/auth/invitations/accept', { body: { token } });
    expect([accepted.status, accepted.body.data]).toEqual([200, { username: existing.username }]);
    const session = await api('POST', '/auth', { body: { username: existing.username, password: PASSWORD } });
    expect(Object.keys(session.body.data.accounts).sort()).toEqual([closed.accountId, open.accountId].sort());
    expect(session.body.data.accounts[open.accountId].isAdmin).toBe(false);
    expect((await api('POST', '/auth/invitations/accept', { body: { token } })).status).toBe(410);
  });
});

describe('opening an account to sign-up', () => {
  it('is set by the account administrators only, and takes effect at once', async () => {
    const admin = await login(api, closed.users.admin!.username);
    const outsider = await login(api, other.users.admin!.username);
    const member = await login(api, open.users.member!.username);
    const path = `/accounts/${closed.accountId}/signup`;
    expect((await api('GET', path, { token: admin })).body.data).toEqual({
      open: false,
      link: expect.stringMatching(new RegExp(`/login\\?account=${closed.accountId}$`)),
    });
    expect((await api('PUT', path, { token: outsider, body: { open: true } })).status).toBe(404);
    expect((await api('PUT', `/accounts/${open.accountId}/signup`, { token: member, body: { open: false } })).status).toBe(403);
    expect((await api('PUT', path, { token: admin, body: { open: 'yes' } })).status).toBe(400);

    expect((await api('PUT', path, { token: admin, body: { open: true } })).body.data.open).toBe(true);
    expect((await api('GET', `/auth/signup/accounts/${closed.accountId}`)).status).toBe(200);
    expect((await api('POST', '/auth/signup', { body: signupBody(closed.accountId, newPerson()) })).status).toBe(201);
    expect((await api('PUT', path, { token: admin, body: { open: false } })).body.data.open).toBe(false);
    expect(codeOf(await api('POST', '/auth/signup', { body: signupBody(closed.accountId, newPerson()) }))).toBe('SIGNUP_CLOSED');
  });
});
