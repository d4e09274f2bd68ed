/**
 * Administration of accounts, account settings and institutions (issue 14): accounts are the
 * super role's (403 'cannot manage' for an account administrator and anyone else); settings
 * follow the registry's types and bounds, changed by the account's administrators; institutions
 * are created, edited and deactivated by their account's administrators, with CNPJ and AE
 * Title rules, and another account's institution does not exist (404). Every change is audited.
 */
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let other: Tenant;
let tokens: Record<string, string>;

const call = (who: string, method: string, path: string, body?: unknown) =>
  api(method, path, { token: tokens[who], body: method === 'GET' ? undefined : body });

const auditCount = (action: string, accountId?: string) =>
  suite
    .knex('audit_log')
    .where({ action, ...(accountId ? { account_id: accountId } : {}) })
    .count<{ count: string }[]>('* as count')
    .then((r) => Number(r[0]!.count));

const ACCOUNT = {
  name: 'Clínica Nova',
  legalName: 'Clínica Nova Diagnósticos Ltda',
  billingEmail: 'Financeiro@ClinicaNova.com.br',
  notificationEmail: 'avisos@clinicanova.com.br',
  address: { street: 'Rua das Flores', number: '100', city: 'Campinas', uf: 'SP', cep: '13010-100' },
  isForHuman: false,
  doNotUsePng: true,
  resultsPortal: true,
  resultsPortalImages: false,
  twoFactorRequired: true,
};

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { admin: [], doctor: ['STUDIES_SAVE_REPORTS', 'STUDIES_UPLOAD_DICOM'], root: [] } });
  other = await createTenant(suite.knex, { studies: 1, users: { admin: [] } });
  await suite.knex('user_accounts').whereIn('user_id', [t.users.admin!.id, other.users.admin!.id]).update({ is_admin: true });
  await suite.knex('users').where({ id: t.users.root!.id }).update({ super_role: true });
  tokens = await loginTokens(api, { ...t.users, otherAdmin: other.users.admin! });
});

describe('accounts', () => {
  it('only the super role manages accounts: others get 403 with no row changed', async () => {
    const before = await suite.knex('accounts').count<{ count: string }[]>('* as count');
    for (const who of ['admin', 'doctor']) {
      for (const [method, path, body] of [
        ['GET', '/accounts'],
        ['POST', '/accounts', ACCOUNT],
        ['GET', `/accounts/${t.accountId}`],
        ['PUT', `/accounts/${t.accountId}`, ACCOUNT],
        ['DELETE', `/accounts/${t.accountId}?confirmName=x`],
      ] as const) {
        const res = await call(who, method, path, body);
        expect([who, method, path, res.status]).toEqual([who, method, path, 403]);
        expect(res.body.error).toEqual({ code: 'ACCOUNTS_CANNOT_MANAGE', description: 'Você não pode gerenciar contas' });
      }
    }
    // Another account's id is not confirmed to those outside it (the permission matrix checks every route).
    expect((await call('admin', 'DELETE', `/accounts/${other.accountId}?confirmName=x`)).status).toBe(404);
    expect(await suite.knex('accounts').count<{ count: string }[]>('* as count')).toEqual(before);
    expect((await suite.knex('accounts').where({ id: t.accountId }).first('name')).name).toMatch(/^Conta /);
  });

  it('the super role creates, reads, lists, edits and deletes an account; all audited', async () => {
    const created = await call('root', 'POST', '/accounts', ACCOUNT);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toEqual({
      id,
      ...ACCOUNT,
      billingEmail: 'financeiro@clinicanova.com.br',
      address: { ...ACCOUNT.address, cep: '13010100' },
    });
    // The two-factor flag is the TWO_FACTOR_REQUIRED setting (one home).
    expect((await call('root', 'GET', `/accounts/${id}/config/TWO_FACTOR_REQUIRED`)).body.value).toBe(true);
    expect((await call('root', 'GET', `/accounts/${id}`)).body.legalName).toBe(ACCOUNT.legalName);
    // It starts with spec 3 §6's default roles.
    const roles: { name: string }[] = await suite.knex('roles').where({ account_id: id }).select('name');
    expect(roles.map((r) => r.name).sort()).toEqual(
      ['Administrator', 'Assistant', 'Coordinator', 'Physician', 'Reader', 'Reception', 'Technician', 'Typist'].sort(),
    );

    const listed = await call('root', 'GET', `/accounts?q=${encodeURIComponent('nova diag')}`);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([id]);

    const edited = await call('root', 'PUT', `/accounts/${id}`, { ...ACCOUNT, name: 'Clínica Nova II', twoFactorRequired: false });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Clínica Nova II');
    expect(edited.body.twoFactorRequired).toBe(false);

    const invalid = await call('root', 'PUT', `/accounts/${id}`, { ...ACCOUNT, billingEmail: 'nope', address: { cep: '123' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('ACCOUNT_INVALID');
    expect(invalid.body.error.details).toEqual(expect.arrayContaining(['billingEmail', 'address.cep']));

    const wrongName = await call('root', 'DELETE', `/accounts/${id}?confirmName=${encodeURIComponent('Clínica Nova')}`);
    expect(wrongName.body.error.code).toBe('ACCOUNT_DELETE_NAME_MISMATCH');
    expect((await call('root', 'DELETE', `/accounts/${id}?confirmName=${encodeURIComponent(' clínica nova ii ')}`)).status).toBe(204);
    expect(await suite.knex('accounts').where({ id }).first('id')).toBeUndefined();
    expect((await call('root', 'GET', `/accounts/${id}`)).status).toBe(404);
    for (const action of ['admin.account.create', 'admin.account.update', 'admin.account.delete'])
      expect(await auditCount(action, id)).toBe(1);
  });

  it('an account with studies is not deleted', async () => {
    const { name } = await suite.knex('accounts').where({ id: other.accountId }).first('name');
    const res = await call('root', 'DELETE', `/accounts/${other.accountId}?confirmName=${encodeURIComponent(name)}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ACCOUNT_HAS_STUDIES');
    expect(await suite.knex('studies').where({ account_id: other.accountId }).first('id')).toBeDefined();
  });

  it('pages the list by keyset', async () => {
    const first = await call('root', 'GET', '/accounts?limit=1');
    expect(first.body.data).toHaveLength(1);
    expect(first.body.next).not.toBeNull();
    const { afterName, afterId } = first.body.next;
    const second = await call('root', 'GET', `/accounts?limit=1&afterName=${encodeURIComponent(afterName)}&afterId=${afterId}`);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(second.body.data[0].name >= first.body.data[0].name).toBe(true);
  });
});

describe('account settings', () => {
  const path = (key = '', accountId = t.accountId) => `/accounts/${accountId}/config${key ? `/${key}` : ''}`;

  it('answers every registry key with its default, readable by any member', async () => {
    const res = await call('doctor', 'GET', path());
    expect(res.status).toBe(200);
    expect(res.body.data.LOGIN_ATTEMPTS).toBe(5);
    expect(res.body.data.maxAdjacentImages).toBe(12);
    expect(res.body.data.ALLOW_PRINT_ON_DEMAND).toBe(true);
    expect(res.body.data.INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT).toEqual([]);
    expect(res.body.canManage).toBe(false);
    expect((await call('admin', 'GET', path())).body.canManage).toBe(true);
  });

  it('checks each value by its type and bounds; the administrator saves, resets, audited', async () => {
    const put = (key: string, value: unknown, who = 'admin') => call(who, 'PUT', path(key), { value });
    expect((await put('LOGIN_ATTEMPTS', 0)).body.error.code).toBe('ACCOUNT_SETTING_INVALID');
    expect((await put('LOGIN_ATTEMPTS', '3')).body.error.code).toBe('ACCOUNT_SETTING_INVALID');
    expect((await put('TWO_FACTOR_REQUIRED', 'yes')).status).toBe(400);
    expect((await put('PRINT_CUSTOM_HEADER', 'x'.repeat(501))).status).toBe(400);
    expect((await put('INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT', 'ALL')).status).toBe(400);
    expect((await put('PRINT_CONFIG', {})).body.error.code).toBe('ACCOUNT_SETTING_NOT_EDITABLE');
    expect((await put('NOPE', 1)).status).toBe(404);

    expect((await put('LOGIN_ATTEMPTS', 3)).body).toEqual({ key: 'LOGIN_ATTEMPTS', value: 3, customized: true });
    expect((await put('maxAdjacentImages', 20)).status).toBe(200);
    expect((await put('INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT', [t.institutionId, t.institutionId])).body.value).toEqual([
      t.institutionId,
    ]);
    expect((await put('ALLOW_PRINT_ON_DEMAND', false)).status).toBe(200);
    const all = await call('doctor', 'GET', path());
    expect(all.body.data).toMatchObject({ LOGIN_ATTEMPTS: 3, maxAdjacentImages: 20, ALLOW_PRINT_ON_DEMAND: false });
    expect(all.body.customized).toEqual(expect.arrayContaining(['LOGIN_ATTEMPTS', 'maxAdjacentImages']));
    // The code reads what was saved: printing is now refused for this account.
    expect((await call('doctor', 'GET', `/studies/${t.studyIds[0]}/print-study`)).body.error.code).toBe('PRINT_NOT_ALLOWED');

    const reset = await call('admin', 'DELETE', path('LOGIN_ATTEMPTS'));
    expect(reset.body).toEqual({ key: 'LOGIN_ATTEMPTS', value: 5, customized: false });
    await call('admin', 'DELETE', path('ALLOW_PRINT_ON_DEMAND'));
    expect(await auditCount('admin.account.setting', t.accountId)).toBe(4);
    expect(await auditCount('admin.account.setting.reset', t.accountId)).toBe(2);
  });

  it('a non-administrator cannot change settings (403); another account is 404; super reaches any', async () => {
    const before = (await suite.knex('accounts').where({ id: t.accountId }).first('config')).config;
    const res = await call('doctor', 'PUT', path('LOGIN_ATTEMPTS'), { value: 7 });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_SETTINGS_CANNOT_MANAGE');
    expect((await call('doctor', 'DELETE', path('maxAdjacentImages'))).status).toBe(403);
    expect((await call('otherAdmin', 'GET', path())).status).toBe(404);
    expect((await call('otherAdmin', 'PUT', path('LOGIN_ATTEMPTS'), { value: 7 })).status).toBe(404);
    expect((await suite.knex('accounts').where({ id: t.accountId }).first('config')).config).toEqual(before);
    expect((await call('root', 'PUT', path('LOGIN_ATTEMPTS', other.accountId), { value: 9 })).status).toBe(200);
  });
});

describe('institutions', () => {
  const INSTITUTION = {
    name: 'Unidade Sul',
    email: 'sul@clinica.com.br',
    phone: '(11) 3123-4567',
    cnpj: '11.222.333/0001-81',
    allowStudyDownload: false,
    aeTitle: ' sul01 ',
  };

  it('the administrator creates, edits, deactivates and reactivates; AE Title unique in the account', async () => {
    const created = await call('admin', 'POST', '/institutions', { ...INSTITUTION, responsibleUserId: t.users.doctor!.id });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      name: 'Unidade Sul',
      phone: '1131234567',
      cnpj: '11222333000181',
      aeTitle: 'SUL01',
      allowStudyDownload: false,
      active: true,
      responsibleUserId: t.users.doctor!.id,
      responsibleName: t.users.doctor!.name,
    });

    const dupe = await call('admin', 'POST', '/institutions', { ...INSTITUTION, name: 'Outra', aeTitle: 'Sul01' });
    expect(dupe.status).toBe(409);
    expect(dupe.body.error.code).toBe('INSTITUTION_AE_TITLE_IN_USE');
    // Another account may use the same AE Title.
    expect((await call('otherAdmin', 'POST', '/institutions', { ...INSTITUTION })).status).toBe(201);

    const bad = await call('admin', 'POST', '/institutions', { ...INSTITUTION, name: 'X1', cnpj: '11.222.333/0001-82', aeTitle: 'A\\B' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(['cnpj', 'aeTitle']);
    const stranger = await call('admin', 'POST', '/institutions', { name: 'X2', responsibleUserId: other.users.admin!.id });
    expect(stranger.body.error.details).toEqual(['responsibleUserId']);

    const edited = await call('admin', 'PUT', `/institutions/${id}`, { ...INSTITUTION, name: 'Unidade Sul 2', aeTitle: null });
    expect(edited.body).toMatchObject({ name: 'Unidade Sul 2', aeTitle: null, responsibleUserId: null });

    expect((await call('admin', 'POST', `/institutions/${id}/deactivate`)).body.active).toBe(false);
    const listed = (await call('admin', 'GET', '/institutions')).body.institutions.map((i: { id: string }) => i.id);
    expect(listed).not.toContain(id);
    const withInactive = await call('admin', 'GET', '/institutions?includeInactive=true&q=sul');
    expect(withInactive.body.institutions.map((i: { id: string; active: boolean }) => [i.id, i.active])).toEqual([[id, false]]);
    // The session still lists it (its studies stay readable), marked so filters leave it out.
    const session = await call('admin', 'GET', '/auth');
    const listedInSession = session.body.data.accounts[t.accountId].institutions as { id: string; active: boolean }[];
    expect(listedInSession.find((i) => i.id === id)?.active).toBe(false);
    expect((await call('admin', 'POST', `/institutions/${id}/reactivate`)).body.active).toBe(true);

    for (const action of ['create', 'update', 'deactivate', 'reactivate'])
      expect(await auditCount(`admin.institution.${action}`, t.accountId)).toBe(1);
  });

  it('a deactivated institution receives no new studies; its studies stay readable', async () => {
    await call('admin', 'POST', `/institutions/${t.institutionId}/deactivate`);
    try {
      const res = await fetch(`${suite.platform.url}/dicomweb/studies?institutionId=${t.institutionId}`, {
        method: 'POST',
        headers: { access_token: tokens.doctor!, 'content-type': 'multipart/related; type="application/dicom"; boundary=x' },
        body: '--x--',
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INSTITUTION_INACTIVE');
      expect((await call('doctor', 'GET', `/studies/${t.studyIds[0]}`)).status).toBe(200);
    } finally {
      await call('admin', 'POST', `/institutions/${t.institutionId}/reactivate`);
    }
  });

  it('others in the account get 403; another account gets 404; nothing changes', async () => {
    const before = await suite.knex('institutions').where({ id: t.institutionId }).first();
    const forbidden = await call('doctor', 'PUT', `/institutions/${t.institutionId}`, INSTITUTION);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.description).toBe('Você não pode gerenciar instituições');
    expect((await call('doctor', 'POST', '/institutions', { name: 'Nope' })).status).toBe(403);
    expect((await call('doctor', 'POST', `/institutions/${t.institutionId}/deactivate`)).status).toBe(403);
    for (const [method, p] of [
      ['GET', `/institutions/${t.institutionId}`],
      ['PUT', `/institutions/${t.institutionId}`],
      ['POST', `/institutions/${t.institutionId}/deactivate`],
      ['POST', `/institutions/${t.institutionId}/reactivate`],
    ] as const)
      expect([method, p, (await call('otherAdmin', method, p, INSTITUTION)).status]).toEqual([method, p, 404]);
    expect(await suite.knex('institutions').where({ id: t.institutionId }).first()).toEqual(before);
  });
});
