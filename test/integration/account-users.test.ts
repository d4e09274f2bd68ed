/**
 * Users by account (issue 14): the administrator's list (search, filters, keyset pages),
 * cross-account 404 with nothing changed, roles replaced and validated (the user's HTTP access
 * and live subscriptions follow at once), invite (registered, new, already associated), force
 * password change, two-factor reset, unblock clearing a lockout, the personal-filters bar and
 * the CSV / XLSX export.
 */
import type { MqttClient } from 'mqtt';
import { granted, liveClients } from '../support/live-client';
import { unzipSync, strFromU8 } from 'fflate';
import { institutionStudiesFilter, studyTopic } from '../../domain/live/study-document';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const clients: MqttClient[] = [];
const suite = platformSuite({
  worker: false,
  overrides: { LOGIN_RATE_PER_MINUTE: '1000' },
  // Before the platform stops: an open connection would hold its shutdown.
  beforeStop: async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
  },
});
const api = suite.api;

const liveClient = liveClients(() => suite.apiUrl(''), clients);

const code = (r: { body: any }) => r.body?.error?.code as string | undefined;

async function adminTenant(users: Record<string, []> = {}): Promise<Tenant & { admin: string }> {
  const t = await createTenant(suite.knex, { studies: 2, users: { admin: [], doctor: [], ...users } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
  return { ...t, admin: await login(api, t.users.admin!.username) };
}

const usersOf = (t: { accountId: string }) => `/accounts/${t.accountId}/users`;

describe('list', () => {
  it('searches by name, username, e-mail and CPF (≥ 3 characters), filters by status and role, and pages by keyset', async () => {
    const t = await adminTenant({ ana: [], bruno: [], carla: [], davi: [], edu: [] } as Record<string, []>);
    const all: any[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await api('GET', `${usersOf(t)}?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`, { token: t.admin });
      expect(res.status).toBe(200);
      expect(res.body.users.length).toBeLessThanOrEqual(2);
      all.push(...res.body.users);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(all.map((u) => u.name)).toEqual(
      Object.values(t.users)
        .map((u) => u.name)
        .sort(),
    );
    expect(new Set(all.map((u) => u.id)).size).toBe(7);

    const tag = t.users.ana!.username.split('.')[1]!;
    const byName = await api('GET', `${usersOf(t)}?q=${encodeURIComponent(`ana ${tag}`)}`, { token: t.admin });
    expect(byName.body.users.map((u: any) => u.id)).toEqual([t.users.ana!.id]);
    const byMail = await api('GET', `${usersOf(t)}?q=${encodeURIComponent(`bruno.${tag}@test`)}`, { token: t.admin });
    expect(byMail.body.users.map((u: any) => u.id)).toEqual([t.users.bruno!.id]);
    const cpf = t.users.carla!.cpf;
    const byCpf = await api('GET', `${usersOf(t)}?q=${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`, {
      token: t.admin,
    });
    expect(byCpf.body.users.map((u: any) => u.id)).toEqual([t.users.carla!.id]);
    const short = await api('GET', `${usersOf(t)}?q=an`, { token: t.admin });
    expect([short.status, code(short)]).toEqual([400, 'SEARCH_TOO_SHORT']);

    await suite.knex('users').where({ id: t.users.davi!.id }).update({ blocked_by_admin: true });
    await suite.knex('users').where({ id: t.users.edu!.id }).update({ blocked: true, failed_logins: 5 });
    const blocked = await api('GET', `${usersOf(t)}?status=blocked`, { token: t.admin });
    expect(blocked.body.users.map((u: any) => u.id)).toEqual([t.users.davi!.id]);
    const locked = await api('GET', `${usersOf(t)}?status=locked`, { token: t.admin });
    expect(locked.body.users.map((u: any) => [u.id, u.status])).toEqual([[t.users.edu!.id, 'locked']]);

    const role = await suite.knex('roles').where({ account_id: t.accountId, name: 'role-ana' }).first('id');
    const byRole = await api('GET', `${usersOf(t)}?roleId=${role.id}&institutionId=${t.institutionId}`, { token: t.admin });
    expect(byRole.body.users.map((u: any) => u.id)).toEqual([t.users.ana!.id]);
    expect(byRole.body.users[0].roles).toEqual([
      { institutionId: t.institutionId, institutionName: expect.any(String), roleId: role.id, roleName: 'role-ana' },
    ]);
  });

  it("answers 404 for another account's user and changes nothing; 403 for a non-administrator", async () => {
    const t = await adminTenant();
    const other = await createTenant(suite.knex, { studies: 0, users: { victim: [] } });
    const victim = other.users.victim!.id;
    const before = await suite.knex('users').where({ id: victim }).first();
    const rolesBefore = await suite.knex('user_institution_roles').where({ user_id: victim }).select();
    const role = await suite.knex('roles').where({ account_id: t.accountId }).first('id');
    const calls: [string, string, unknown?][] = [
      ['GET', `${usersOf(t)}/${victim}`],
      ['PATCH', `${usersOf(t)}/${victim}`, { seniority: 'senior' }],
      ['PUT', `${usersOf(t)}/${victim}/roles`, [{ institutionId: t.institutionId, roleId: role.id }]],
      ['POST', `${usersOf(t)}/${victim}/password-change`],
      ['POST', `${usersOf(t)}/${victim}/two-factor/reset`],
      ['POST', `${usersOf(t)}/${victim}/sessions/end`],
      ['DELETE', `${usersOf(t)}/${victim}/signature`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: t.admin, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await suite.knex('users').where({ id: victim }).first()).toEqual(before);
    expect(await suite.knex('user_institution_roles').where({ user_id: victim }).select()).toEqual(rolesBefore);

    const doctor = await login(api, t.users.doctor!.username);
    expect((await api('GET', usersOf(t), { token: doctor })).status).toBe(403);
    expect((await api('GET', usersOf(other), { token: t.admin })).status).toBe(404);
  });
});

describe('roles', () => {
  it('replaces the set, refuses an institution or role of another account (nothing changed), and the change reaches HTTP and live at once', async () => {
    const t = await adminTenant();
    const other = await createTenant(suite.knex, { studies: 0, users: { x: [] } });
    const [second] = await suite
      .knex('institutions')
      .insert({ account_id: t.accountId, name: `Segunda ${t.accountId.slice(0, 6)}` })
      .returning('id');
    const role = await suite.knex('roles').where({ account_id: t.accountId, name: 'role-doctor' }).first('id');
    const foreignRole = await suite.knex('roles').where({ account_id: other.accountId }).first('id');
    const doctorId = t.users.doctor!.id;
    const path = `${usersOf(t)}/${doctorId}/roles`;

    const bad1 = await api('PUT', path, { token: t.admin, body: [{ institutionId: other.institutionId, roleId: role.id }] });
    const bad2 = await api('PUT', path, { token: t.admin, body: [{ institutionId: t.institutionId, roleId: foreignRole.id }] });
    expect([code(bad1), code(bad2)]).toEqual(['ROLE_ASSIGNMENT_INVALID', 'ROLE_ASSIGNMENT_INVALID']);
    expect(await suite.knex('user_institution_roles').where({ user_id: doctorId }).pluck('institution_id')).toEqual([
      t.institutionId,
    ]);

    const doctor = await login(api, t.users.doctor!.username);
    expect((await api('GET', '/studies', { token: doctor })).body.studies).toHaveLength(2);
    const client = await liveClient(doctor);
    expect(await granted(client, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(true);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

    // Moved to the second institution only: the first one's studies go at once.
    const moved = await api('PUT', path, { token: t.admin, body: [{ institutionId: second.id, roleId: role.id }] });
    expect(moved.status).toBe(200);
    expect(moved.body.roles.map((r: any) => r.institutionId)).toEqual([second.id]);
    expect((await api('GET', '/studies', { token: doctor })).body.studies).toHaveLength(0);
    await closed; // the live connection authorised under the old roles is closed
    // The session itself lives: a new connection may subscribe to the new institution only.
    const again = await liveClient(doctor);
    expect(await granted(again, studyTopic(t.accountId, t.institutionId, t.studyIds[0]!))).toBe(false);
    expect(await granted(again, institutionStudiesFilter(t.accountId, second.id))).toBe(true);
    expect((await api('GET', '/auth', { token: doctor })).status).toBe(200);
  });
});

describe('invite', () => {
  it('associates a registered user, answers ALREADY_MEMBER for a member, and invites a new address', async () => {
    const t = await adminTenant();
    const outside = await createTenant(suite.knex, { studies: 0, users: { someone: [] } });
    const registered = await suite.knex('users').where({ id: outside.users.someone!.id }).first('email');

    const assoc = await api('POST', `${usersOf(t)}/invite`, { token: t.admin, body: { email: registered.email.toUpperCase() } });
    expect(assoc.status).toBe(201);
    expect(assoc.body).toEqual({ result: 'associated', userId: outside.users.someone!.id });
    expect(
      await suite.knex('user_accounts').where({ user_id: outside.users.someone!.id, account_id: t.accountId }).first(),
    ).toBeTruthy();

    const again = await api('POST', `${usersOf(t)}/invite`, { token: t.admin, body: { email: registered.email } });
    expect([again.status, code(again)]).toEqual([409, 'ALREADY_MEMBER']);

    const email = `novo.${t.accountId.slice(0, 8)}@test.laudos`;
    const invited = await api('POST', `${usersOf(t)}/invite`, { token: t.admin, body: { email } });
    expect(invited.status).toBe(201);
    expect(invited.body.result).toBe('invited');
    expect(
      await suite.knex('mail_outbox').where({ kind: 'auth.invitation' }).whereRaw('lower(to_address) = ?', [email]).first(),
    ).toBeTruthy();
    const list = await api('GET', `${usersOf(t)}?status=invited`, { token: t.admin });
    expect(list.body.users.map((u: any) => [u.email, u.status, u.id])).toEqual([[email, 'invited', null]]);
  });
});

describe('security', () => {
  it('force password change: the next login answers PASSWORD_EXPIRED with the mail; a new password clears it', async () => {
    const t = await adminTenant();
    const u = t.users.doctor!;
    const open = await login(api, u.username);
    expect((await api('POST', `${usersOf(t)}/${u.id}/password-change`, { token: t.admin })).status).toBe(204);
    expect((await api('GET', '/auth', { token: open })).status).toBe(401);
    const res = await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } });
    expect([res.status, code(res)]).toEqual([403, 'PASSWORD_EXPIRED']);
    const mail = await suite.knex('mail_outbox').where({ to_user_id: u.id, kind: 'auth.password-expired' }).first('link_url');
    const token = new URL(mail.link_url).searchParams.get('token');
    const NEW = 'Nova@Senha2026';
    expect((await api('POST', '/auth/resetPassword', { body: { token, password: NEW, passwordConfirmation: NEW } })).status).toBe(
      204,
    );
    expect((await api('POST', '/auth', { body: { username: u.username, password: NEW } })).status).toBe(200);
    expect((await api('GET', `${usersOf(t)}/${u.id}`, { token: t.admin })).body.status).toBe('active');
    expect(
      await suite.knex('audit_log').where({ action: 'accountUsers.passwordChange', account_id: t.accountId }).first(),
    ).toBeTruthy();
  });

  it('two-factor reset: the user logs in without a code', async () => {
    const t = await adminTenant();
    const u = t.users.doctor!;
    await suite.knex('users').where({ id: u.id }).update({ two_factor_type: 'email', use_two_factor: true });
    const before = await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } });
    expect(before.body.data.secondFactor).toMatchObject({ type: 'email', pending: 'verify' });
    expect((await api('POST', `${usersOf(t)}/${u.id}/two-factor/reset`, { token: t.admin })).status).toBe(204);
    const after = await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } });
    expect(after.status).toBe(200);
    expect(after.body.data.secondFactor).toBeUndefined();
    expect((await api('GET', '/studies', { token: after.body.data.accessToken })).status).toBe(200);
    expect(
      await suite.knex('audit_log').where({ action: 'accountUsers.twoFactorReset', account_id: t.accountId }).first(),
    ).toBeTruthy();
  });

  it('unblocking clears a lockout by wrong passwords', async () => {
    const t = await adminTenant();
    const u = t.users.doctor!;
    for (let i = 0; i < 6; i++) await api('POST', '/auth', { body: { username: u.username, password: 'wrong-Pass1!' } });
    const locked = await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } });
    expect(code(locked)).toBe('USER_BLOCKED');
    expect((await api('GET', `${usersOf(t)}/${u.id}`, { token: t.admin })).body.status).toBe('locked');
    expect((await api('POST', `${usersOf(t)}/${u.id}/unblock`, { token: t.admin })).status).toBe(204);
    expect(await suite.knex('users').where({ id: u.id }).first('blocked', 'failed_logins')).toEqual({
      blocked: false,
      failed_logins: 0,
    });
    expect((await api('POST', '/auth', { body: { username: u.username, password: PASSWORD } })).status).toBe(200);
  });
});

describe('user data', () => {
  it('edits seniority, CPF and council with the validators, and bars from personal filters', async () => {
    const t = await adminTenant();
    const u = t.users.doctor!;
    const path = `${usersOf(t)}/${u.id}`;
    const badCpf = await api('PATCH', path, { token: t.admin, body: { cpf: '123.456.789-00' } });
    expect(badCpf.status).toBe(400);
    const ok = await api('PATCH', path, {
      token: t.admin,
      body: { seniority: 'mid', council: { type: 'CRM', number: '12345', uf: 'SP' }, barredFromPersonalFilters: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      seniority: 'mid',
      council: { type: 'CRM', number: '12345', uf: 'SP' },
      barredFromPersonalFilters: true,
    });

    const doctor = await login(api, u.username);
    const saved = await api('POST', '/users/config', { token: doctor, body: { key: 'SAVED_FILTERS', value: '[]' } });
    expect([saved.status, code(saved)]).toEqual([403, 'PERSONAL_FILTERS_BARRED']);
    expect((await api('POST', '/users/config', { token: doctor, body: { key: 'THEME_COLOR', value: 'dark' } })).status).toBe(200);
    await api('PATCH', path, { token: t.admin, body: { barredFromPersonalFilters: false } });
    expect((await api('POST', '/users/config', { token: doctor, body: { key: 'SAVED_FILTERS', value: '[]' } })).status).toBe(200);
  });
});

describe('export', () => {
  it('exports the filtered list as CSV and XLSX, with formula-looking cells neutralised', async () => {
    const t = await adminTenant();
    await suite.knex('users').where({ id: t.users.doctor!.id }).update({ name: '=HYPERLINK("http://evil")' });
    const csv = await fetch(suite.apiUrl(`${usersOf(t)}/export.csv`), {
      headers: { access_token: t.admin, 'accept-language': 'en' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Username,E-mail,CPF,Status,Seniority,Administrator,Roles by institution');
    expect(lines).toHaveLength(3);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(t.users.admin!.username);

    const xlsx = await fetch(suite.apiUrl(`${usersOf(t)}/export.xlsx?status=active`), { headers: { access_token: t.admin } });
    expect(xlsx.status).toBe(200);
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
    );
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<t xml:space="preserve">Nome</t>');
    expect(sheet).toContain(`'=HYPERLINK(&quot;http://evil&quot;)`);
    expect(sheet.match(/<row /g)).toHaveLength(3);
    expect((await fetch(suite.apiUrl(`${usersOf(t)}/export.csv`))).status).toBe(401);
  });
});
