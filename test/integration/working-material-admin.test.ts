/**
 * Issue 16, the working material's administration: standard phrases per account and per
 * user (code 1 to 6 characters, unique — 'Código já em uso'; phrase up to 4000 characters;
 * a user's own phrases are theirs alone), labels (at least 2 letters, commas stripped, unique
 * — 'Não pode adicionar o mesmo label'; rename, delete) and the masks list with its filters.
 * Another account's ids answer 404.
 */
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });
const api = suite.api;
let t: Tenant;
let other: Tenant;
let tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });
const phrases = (tenant: Tenant = t) => `/phrases/accounts/${tenant.accountId}`;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      admin: [],
      writer: ['PHRASES_CREATE_PHRASES_BY_ACCOUNT'],
      doctor: ['STUDIES_SAVE_REPORTS'],
      colleague: ['STUDIES_SAVE_REPORTS'],
    },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  for (const tenant of [t, other]) {
    await suite
      .knex('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  }
  tokens = await loginTokens(api, { ...t.users, otherAdmin: other.users.admin! });
});

describe('standard phrases', () => {
  it('account phrases: exact messages, unique code, 4000 characters, change and delete with the permission', async () => {
    const created = await as('writer', 'POST', phrases(), {
      code: 'nl',
      title: 'Normal',
      phrase: 'Exame dentro da normalidade.',
    });
    expect(created.status).toBe(201);
    expect(created.body.phrase).toMatchObject({ code: 'NL', scope: 'account' });
    const again = await as('admin', 'POST', phrases(), { code: 'NL', title: 'Outra', phrase: 'Outro texto.' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'PHRASE_CODE_IN_USE', description: 'Código já em uso' });
    const long = await as('writer', 'POST', phrases(), { code: 'ABCDEFG', title: 'Longo', phrase: 'Texto.' });
    expect(long.body.error).toEqual({ code: 'PHRASE_CODE_LENGTH', description: 'O código deve ter entre 1 e 6 caracteres' });
    expect((await as('writer', 'POST', phrases(), { code: 'MAX', title: 'Limite', phrase: 'x'.repeat(4000) })).status).toBe(201);
    const over = await as('writer', 'POST', phrases(), { code: 'OVER', title: 'Limite', phrase: 'x'.repeat(4001) });
    expect(over.body.error.code).toBe('CHARACTER_LIMIT_EXCEEDED');

    const id = created.body.phrase.id as string;
    const body = { code: 'NL2', title: 'Normal', phrase: 'Exame normal.' };
    expect((await as('doctor', 'PUT', `${phrases()}/${id}`, body)).status).toBe(403);
    const changed = await as('writer', 'PUT', `${phrases()}/${id}`, body);
    expect(changed.body.phrase).toMatchObject({ code: 'NL2', phrase: 'Exame normal.' });
    expect((await as('writer', 'PUT', `${phrases()}/${id}`, { ...body, code: 'MAX' })).body.error.code).toBe(
      'PHRASE_CODE_IN_USE',
    );
    expect((await as('otherAdmin', 'PUT', `${phrases(other)}/${id}`, body)).status).toBe(404);
    expect((await as('otherAdmin', 'DELETE', `${phrases(other)}/${id}`)).status).toBe(404);
    expect((await as('writer', 'DELETE', `${phrases()}/${id}`)).status).toBe(204);
    expect(await suite.knex('phrases').where({ id })).toEqual([]);
  });

  it("a user's own phrases: no permission needed, seen and expanded only by them, codes unique per user", async () => {
    await as('writer', 'POST', phrases(), { code: 'CONC', title: 'Conclusão', phrase: 'Conclusão da conta.' });
    const clash = await as('doctor', 'POST', phrases(), {
      code: 'CONC',
      title: 'Minha',
      phrase: 'Minha conclusão.',
      scope: 'user',
    });
    expect(clash.body.error).toEqual({ code: 'PHRASE_CODE_IN_USE', description: 'Código já em uso' });
    const mine = await as('doctor', 'POST', phrases(), { code: 'EU', title: 'Minha frase', phrase: 'Texto meu.', scope: 'user' });
    expect(mine.status).toBe(201);
    expect(mine.body.phrase.scope).toBe('user');
    expect(
      (await as('doctor', 'POST', phrases(), { code: 'EU', title: 'De novo', phrase: 'Repetida.', scope: 'user' })).status,
    ).toBe(409);
    // A colleague may use the same code for their own.
    expect(
      (await as('colleague', 'POST', phrases(), { code: 'EU', title: 'Do colega', phrase: 'Do colega.', scope: 'user' })).status,
    ).toBe(201);

    expect((await as('doctor', 'GET', `${phrases()}/code/EU`)).body.phrase.phrase).toBe('Texto meu.');
    expect((await as('colleague', 'GET', `${phrases()}/code/EU`)).body.phrase.phrase).toBe('Do colega.');
    expect((await as('writer', 'GET', `${phrases()}/code/EU`)).status).toBe(404);
    const own = (await as('doctor', 'GET', `${phrases()}?scope=user`)).body.phrases;
    expect(own.map((p: any) => p.code)).toEqual(['EU']);
    // Another user's own phrase does not exist for the caller, not even for the administrator.
    expect((await as('colleague', 'DELETE', `${phrases()}/${mine.body.phrase.id}`)).status).toBe(404);
    expect((await as('admin', 'DELETE', `${phrases()}/${mine.body.phrase.id}`)).status).toBe(404);
    expect((await as('doctor', 'DELETE', `${phrases()}/${mine.body.phrase.id}`)).status).toBe(204);
  });
});

describe('labels', () => {
  it("creates, renames and deletes with the spec's messages; members are refused; another account's ids are 404", async () => {
    const short = await as('admin', 'POST', '/labels', { name: 'A,1' });
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({ code: 'LABEL_MIN_2_LETTERS', description: 'O label precisa ter no mínimo 2 letras' });
    const created = await as('admin', 'POST', '/labels', { name: 'Retorno, urgente' });
    expect(created.status).toBe(201);
    expect(created.body.label).toMatchObject({ name: 'Retorno urgente', studies: 0 });
    const repeated = await as('admin', 'POST', '/labels', { name: 'retorno urgente' });
    expect(repeated.status).toBe(409);
    expect(repeated.body.error).toEqual({ code: 'LABEL_DUPLICATE', description: 'Não pode adicionar o mesmo label' });
    const second = await as('admin', 'POST', '/labels', { name: 'Controle' });
    const id = created.body.label.id as string;
    expect((await as('admin', 'PUT', `/labels/${id}`, { name: 'CONTROLE' })).body.error.code).toBe('LABEL_DUPLICATE');
    expect((await as('admin', 'PUT', `/labels/${id}`, { name: 'Revisar' })).body.label.name).toBe('Revisar');
    expect((await as('admin', 'GET', '/labels')).body.labels.map((l: any) => l.name)).toEqual(['Controle', 'Revisar']);

    const refused = await as('doctor', 'POST', '/labels', { name: 'Meu' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'CANNOT_MANAGE_LABELS', description: 'Você não pode gerenciar labels.' });
    expect((await as('otherAdmin', 'PUT', `/labels/${id}`, { name: 'Outro' })).status).toBe(404);
    expect((await as('otherAdmin', 'DELETE', `/labels/${id}`)).status).toBe(404);
    expect((await as('otherAdmin', 'GET', '/labels')).body.labels).toEqual([]);
    expect((await as('admin', 'DELETE', `/labels/${second.body.label.id}`)).status).toBe(204);
    expect((await as('admin', 'GET', '/labels')).body.labels.map((l: any) => l.name)).toEqual(['Revisar']);
  });
});

describe('masks list', () => {
  it('filters by section, modality, exam, institution and title; a member lists only their own', async () => {
    const make = (who: string, body: Record<string, unknown>) => as(who, 'POST', '/masks', { content: '<p>x</p>', ...body });
    await make('admin', { title: 'TC crânio', modality: 'CT', scope: 'modality', isDefault: true });
    await make('admin', { title: 'US abdome', modality: 'US', scope: 'exam', examType: 'US de abdome' });
    await make('admin', { title: 'RM da casa', modality: 'MR', scope: 'institution', institutionId: t.institutionId });
    await make('doctor', { title: 'Minha TC', modality: 'CT' });
    const list = async (who: string, q = '') => (await as(who, 'GET', `/masks${q}`)).body.masks.map((m: any) => m.title);
    expect((await list('admin')).sort()).toEqual(['Minha TC', 'RM da casa', 'TC crânio', 'US abdome']);
    expect(await list('admin', '?modality=ct')).toEqual(['TC crânio', 'Minha TC']);
    expect(await list('admin', '?scope=exam&examType=us de abdome')).toEqual(['US abdome']);
    expect(await list('admin', `?institutionId=${t.institutionId}`)).toEqual(['RM da casa']);
    expect(await list('admin', '?q=cranio')).toEqual(['TC crânio']);
    expect(await list('doctor')).toEqual(['Minha TC']);
    expect(await list('otherAdmin')).toEqual([]);
  });
});
