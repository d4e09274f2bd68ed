/**
 * The doctor's workspace (issue 4): standard phrases, masks (templates), study labels and
 * the error tracker, over HTTP against the real platform: happy paths, the specs' messages,
 * permission refusals and another account's ids answering 404.
 */
import type { Permission } from '../../domain/auth/permissions';
import { type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { login, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const TEMPLATES: Permission[] = [
  'ACCOUNTS_GET_MODALITY_TEMPLATES',
  'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID',
  'ACCOUNTS_GET_EXAM_TEMPLATES',
  'INSTITUIONS_GET_MODALITY_TEMPLATES',
];

const suite = platformSuite({ worker: false });
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 3,
    users: {
      doctor: ['STUDIES_SAVE_REPORTS', 'PHRASES_CREATE_PHRASES_BY_ACCOUNT', ...TEMPLATES],
      colleague: ['STUDIES_SAVE_REPORTS', ...TEMPLATES],
      plain: ['STUDIES_SAVE_REPORTS'],
      byStudy: ['STUDIES_SAVE_REPORTS', 'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID'],
      admin: [],
    },
  });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  other = await createTenant(suite.knex, {
    studies: 1,
    users: { doctor: ['STUDIES_SAVE_REPORTS', 'PHRASES_CREATE_PHRASES_BY_ACCOUNT', ...TEMPLATES], admin: [] },
  });
  await suite
    .knex('user_accounts')
    .where({ user_id: other.users.admin!.id, account_id: other.accountId })
    .update({ is_admin: true });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor!, outsiderAdmin: other.users.admin! }));
});

async function call(who: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  return api(method, path, { token: tokens[who], body, headers });
}

function expectError(res: { status: number; body: any }, status: number, code: string, description?: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (description) expect(res.body.error.description).toBe(description);
}

describe('standard phrases', () => {
  const phrases = () => `/phrases/accounts/${t.accountId}`;

  it('creates a phrase with its code forced to upper case, finds it by code or title and expands the code', async () => {
    const created = await call('doctor', 'POST', phrases(), {
      code: ' tcn ',
      title: 'TC de Crânio normal',
      phrase: 'Estruturas encefálicas sem alterações.',
      modalities: ['ct'],
      exams: ['TC de crânio'],
    });
    expect(created.status).toBe(201);
    expect(created.body.phrase).toEqual({
      id: expect.any(String),
      code: 'TCN',
      title: 'TC de Crânio normal',
      phrase: 'Estruturas encefálicas sem alterações.',
      exams: ['TC de crânio'],
      modalities: ['CT'],
      scope: 'account',
      createdAt: expect.any(String),
    });
    await call('doctor', 'POST', phrases(), { code: 'TCN2', title: 'Outra frase', phrase: 'Texto da outra frase.' });

    // By code, case ignored; the exact code first.
    const byCode = await call('doctor', 'GET', `${phrases()}?q=tcn`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.phrases.map((p: { code: string }) => p.code)).toEqual(['TCN', 'TCN2']);
    // By title, case and accents ignored.
    const byTitle = await call('doctor', 'GET', `${phrases()}?q=${encodeURIComponent('CRANIO')}`);
    expect(byTitle.body.phrases.map((p: { code: string }) => p.code)).toEqual(['TCN']);
    expect((await call('doctor', 'GET', `${phrases()}?q=zzz`)).body.phrases).toEqual([]);
    // A modality filter keeps phrases of that modality and those of every modality.
    const forMr = await call('doctor', 'GET', `${phrases()}?q=tcn&modality=MR`);
    expect(forMr.body.phrases.map((p: { code: string }) => p.code)).toEqual(['TCN2']);
    // The picker asks for 5; the API answers at most 20.
    expect((await call('doctor', 'GET', `${phrases()}?limit=1`)).body.phrases).toHaveLength(1);
    expectError(await call('doctor', 'GET', `${phrases()}?limit=21`), 400, 'MALFORMED_REQUEST');
    // Every member of the account reads the phrases.
    expect((await call('plain', 'GET', `${phrases()}?q=tcn`)).body.phrases).toHaveLength(2);

    const expanded = await call('plain', 'GET', `${phrases()}/code/tcn`);
    expect(expanded.status).toBe(200);
    expect(expanded.body.phrase).toMatchObject({ code: 'TCN', phrase: 'Estruturas encefálicas sem alterações.' });
    expectError(await call('doctor', 'GET', `${phrases()}/code/NOPE`), 404, 'NOT_FOUND');
    expectError(await call('doctor', 'GET', `${phrases()}/code/TOOLONGCODE`), 404, 'NOT_FOUND');
  });

  it('answers every validation message of the spec', async () => {
    const post = (body: unknown, headers?: Record<string, string>) => call('doctor', 'POST', phrases(), body, headers);
    const codeMessage = 'O código deve ter entre 1 e 6 caracteres';
    expectError(await post({ code: '', title: 'Título', phrase: 'Frase' }), 400, 'PHRASE_CODE_LENGTH', codeMessage);
    expectError(await post({ code: 'ABCDEFG', title: 'Título', phrase: 'Frase' }), 400, 'PHRASE_CODE_LENGTH', codeMessage);
    expectError(await post({ title: 'Título', phrase: 'Frase' }), 400, 'PHRASE_CODE_LENGTH', codeMessage);
    expectError(await post({ code: 'A B', title: 'Título', phrase: 'Frase' }), 400, 'PHRASE_CODE_SPACES');
    const min3 = 'Necessário no mínimo 3 caracteres';
    expectError(await post({ code: 'V1', title: 'Ti', phrase: 'Frase' }), 400, 'MIN_3_CHARS', min3);
    expectError(await post({ code: 'V1', title: '   Ti  ', phrase: 'Frase' }), 400, 'MIN_3_CHARS', min3);
    expectError(await post({ code: 'V1', title: 'Título', phrase: 'Fr' }), 400, 'MIN_3_CHARS', min3);
    expectError(
      await post({ code: 'V1', title: 'Título', phrase: 'x'.repeat(4001) }),
      400,
      'CHARACTER_LIMIT_EXCEEDED',
      'Número de caracteres acima do limite permitido.',
    );
    expect((await post({ code: 'V1', title: 'Título', phrase: 'x'.repeat(4000) })).status).toBe(201);
    expectError(await post({ code: 'v1', title: 'Outro', phrase: 'Outra frase' }), 409, 'PHRASE_CODE_IN_USE', 'Código já em uso');
    expectError(
      await post({ code: '', title: 'Título', phrase: 'Frase' }, { 'accept-language': 'en' }),
      400,
      'PHRASE_CODE_LENGTH',
      'The code must have between 1 and 6 characters',
    );
    expectError(await post({ code: 'V2', title: 'Título', phrase: 'Frase', color: 'red' }), 400, 'MALFORMED_REQUEST');
  });

  it('creating needs PHRASES_CREATE_PHRASES_BY_ACCOUNT or an account administrator', async () => {
    const body = { code: 'PERM', title: 'Permissão', phrase: 'Texto da frase.' };
    expectError(await call('plain', 'POST', phrases(), body), 403, 'FORBIDDEN_ACCESS');
    expect((await call('admin', 'POST', phrases(), body)).status).toBe(201);
    expectError(await api('POST', phrases(), { body }), 401, 'INVALID_SESSION');
  });

  it("another account's phrases are not found, and its own list is its own", async () => {
    expectError(await call('outsider', 'GET', `${phrases()}?q=tcn`), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'GET', `${phrases()}/code/TCN`), 404, 'NOT_FOUND');
    expectError(
      await call('outsider', 'POST', phrases(), { code: 'X1', title: 'Intruso', phrase: 'Texto intruso' }),
      404,
      'NOT_FOUND',
    );
    const own = `/phrases/accounts/${other.accountId}`;
    expect((await call('outsider', 'GET', `${own}?q=tcn`)).body.phrases).toEqual([]);
    // The same code is free in another account.
    expect((await call('outsider', 'POST', own, { code: 'TCN', title: 'Minha frase', phrase: 'Meu texto.' })).status).toBe(201);
    expect((await call('doctor', 'GET', `${phrases()}/code/TCN`)).body.phrase.title).toBe('TC de Crânio normal');
    expectError(await call('doctor', 'GET', `/phrases/accounts/not-a-uuid`), 404, 'NOT_FOUND');
  });
});

describe('masks', () => {
  const study = () => t.studyIds[0]!;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const create = async (who: string, key: string, body: Record<string, unknown>) => {
      const res = await call(who, 'POST', '/masks', body);
      expect(res.status).toBe(201);
      ids[key] = res.body.mask.id;
    };
    await create('doctor', 'mine', { title: 'Minha TC', modality: 'ct', content: '<p>Minha</p>' });
    await create('doctor', 'mineMr', { title: 'Minha RM', modality: 'MR', content: '<p>RM</p>' });
    await create('colleague', 'colleague', { title: 'Do colega', modality: 'CT', content: '<p>Colega</p>' });
    await create('admin', 'institution', {
      title: 'TC da instituição',
      modality: 'CT',
      scope: 'institution',
      institutionId: t.institutionId,
      content: '<p>Instituição</p>',
      isDefault: true,
    });
    await create('admin', 'modality', {
      title: 'TC da conta',
      modality: 'CT',
      scope: 'modality',
      content: '<p>Modalidade</p>',
      isDefault: true,
    });
    await create('admin', 'exam', {
      title: 'TC de crânio',
      modality: 'CT',
      scope: 'exam',
      examType: 'tc de CRANIO',
      content: '<p>Exame</p>',
      isDefault: true,
    });
    await create('admin', 'otherExam', { title: 'TC de tórax', modality: 'CT', scope: 'exam', examType: 'TC de tórax' });
  });

  it('lists the four sections of a study, each behind its permission', async () => {
    const res = await call('doctor', 'GET', `/studies/${study()}/masks`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sections: [
        {
          scope: 'user',
          masks: [{ id: ids.mine, title: 'Minha TC', isDefault: false, scope: 'user', modality: 'CT', examType: null }],
        },
        {
          scope: 'institution',
          masks: [
            {
              id: ids.institution,
              title: 'TC da instituição',
              isDefault: true,
              scope: 'institution',
              modality: 'CT',
              examType: null,
            },
          ],
        },
        {
          scope: 'modality',
          masks: [{ id: ids.modality, title: 'TC da conta', isDefault: true, scope: 'modality', modality: 'CT', examType: null }],
        },
        {
          scope: 'exam',
          masks: [
            { id: ids.exam, title: 'TC de crânio', isDefault: true, scope: 'exam', modality: 'CT', examType: 'tc de CRANIO' },
          ],
        },
      ],
    });
    // Without template permissions: 'My masks' only.
    const plain = await call('plain', 'GET', `/studies/${study()}/masks`);
    expect(plain.body.sections).toEqual([{ scope: 'user', masks: [] }]);
    // ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID opens the modality section.
    const byStudy = await call('byStudy', 'GET', `/studies/${study()}/masks`);
    expect(byStudy.body.sections.map((s: { scope: string }) => s.scope)).toEqual(['user', 'modality']);
    // An administrator sees every section.
    const admin = await call('admin', 'GET', `/studies/${study()}/masks`);
    expect(admin.body.sections.map((s: { scope: string }) => s.scope)).toEqual(['user', 'institution', 'modality', 'exam']);
  });

  it('a scheduled exam has no institution section', async () => {
    const examId = await createScheduledExam(suite.knex, t, 'CT');
    const res = await call('doctor', 'GET', `/scheduledExam/${examId}/masks`);
    expect(res.status).toBe(200);
    expect(res.body.sections.map((s: { scope: string }) => s.scope)).toEqual(['user', 'modality', 'exam']);
    // Its exam type ('US de abdome total') has no exam mask: the modality's default.
    expect((await call('doctor', 'GET', `/scheduledExam/${examId}/masks/default`)).body.mask.id).toBe(ids.modality);
    expectError(await call('doctor', 'GET', `/studies/${examId}/masks`), 404, 'NOT_FOUND');
  });

  it('loads the default mask: the user default, then exam, modality, institution', async () => {
    const path = `/studies/${study()}/masks/default`;
    const first = await call('doctor', 'GET', path);
    expect(first.status).toBe(200);
    expect(first.body.mask).toMatchObject({ id: ids.exam, content: '<p>Exame</p>', scope: 'exam' });
    // Only the sections the user sees count.
    expect((await call('byStudy', 'GET', path)).body.mask.id).toBe(ids.modality);
    expect((await call('plain', 'GET', path)).body).toEqual({ mask: null });

    // A user default comes first; a second one replaces the first.
    const made = await call('doctor', 'POST', '/masks', { title: 'Padrão meu', modality: 'CT', isDefault: true });
    expect((await call('doctor', 'GET', path)).body.mask.id).toBe(made.body.mask.id);
    const again = await call('doctor', 'PATCH', `/masks/${ids.mine}`, { isDefault: true });
    expect(again.status).toBe(200);
    expect(again.body.mask.isDefault).toBe(true);
    expect((await call('doctor', 'GET', `/masks/${made.body.mask.id}`)).body.mask.isDefault).toBe(false);
    expect((await call('doctor', 'GET', path)).body.mask.id).toBe(ids.mine);
    await call('doctor', 'DELETE', `/masks/${made.body.mask.id}`);
    await call('doctor', 'PATCH', `/masks/${ids.mine}`, { isDefault: false });
  });

  it('opens a mask with its content for whoever sees its section', async () => {
    const res = await call('doctor', 'GET', `/masks/${ids.institution}`);
    expect(res.status).toBe(200);
    expect(res.body.mask).toEqual({
      id: ids.institution,
      title: 'TC da instituição',
      isDefault: true,
      scope: 'institution',
      modality: 'CT',
      examType: null,
      content: '<p>Instituição</p>',
      institutionId: t.institutionId,
      userId: null,
      updatedAt: expect.any(String),
    });
    expect((await call('doctor', 'GET', `/masks/${ids.mine}`)).body.mask.content).toBe('<p>Minha</p>');
    // Another user's own mask looks missing; a shared section without its permission is refused.
    expectError(await call('colleague', 'GET', `/masks/${ids.mine}`), 404, 'NOT_FOUND');
    expectError(await call('plain', 'GET', `/masks/${ids.modality}`), 403, 'FORBIDDEN_ACCESS');
    expect((await call('admin', 'GET', `/masks/${ids.mine}`)).status).toBe(200);
  });

  it('validates title and modality with the spec message', async () => {
    const message = 'A máscara precisa de um título e de uma modalidade';
    expectError(await call('doctor', 'POST', '/masks', { modality: 'CT' }), 400, 'MASK_TITLE_MODALITY_REQUIRED', message);
    expectError(
      await call('doctor', 'POST', '/masks', { title: '  ', modality: 'CT' }),
      400,
      'MASK_TITLE_MODALITY_REQUIRED',
      message,
    );
    expectError(
      await call('doctor', 'POST', '/masks', { title: 'Sem modalidade' }),
      400,
      'MASK_TITLE_MODALITY_REQUIRED',
      message,
    );
    expectError(await call('doctor', 'PATCH', `/masks/${ids.mine}`, { title: '' }), 400, 'MASK_TITLE_MODALITY_REQUIRED', message);
    expectError(
      await call('admin', 'POST', '/masks', { title: 'Exame', modality: 'CT', scope: 'exam' }),
      400,
      'MASK_EXAM_REQUIRED',
      'Informe o exame da máscara',
    );
    expectError(
      await call('admin', 'POST', '/masks', { title: 'Inst', modality: 'CT', scope: 'institution' }),
      400,
      'MALFORMED_REQUEST',
    );
    expectError(
      await call('doctor', 'POST', '/masks', { title: 'Grande', modality: 'CT', content: 'x'.repeat(1_000_001) }),
      400,
      'CHARACTER_LIMIT_EXCEEDED',
    );
  });

  it('shared scopes are for administrators; the owner or an administrator changes a mask', async () => {
    expectError(
      await call('doctor', 'POST', '/masks', { title: 'Da conta', modality: 'CT', scope: 'modality' }),
      403,
      'FORBIDDEN_ACCESS',
    );
    expectError(
      await call('doctor', 'POST', '/masks', {
        title: 'Da inst',
        modality: 'CT',
        scope: 'institution',
        institutionId: t.institutionId,
      }),
      403,
      'FORBIDDEN_ACCESS',
    );
    // Visible but not theirs: refused.
    expectError(await call('doctor', 'PATCH', `/masks/${ids.modality}`, { title: 'Mudado' }), 403, 'FORBIDDEN_ACCESS');
    expectError(await call('doctor', 'DELETE', `/masks/${ids.modality}`), 403, 'FORBIDDEN_ACCESS');
    expectError(await call('colleague', 'PATCH', `/masks/${ids.mine}`, { title: 'Mudado' }), 404, 'NOT_FOUND');

    const own = await call('doctor', 'PATCH', `/masks/${ids.mineMr}`, {
      title: 'Minha RM nova',
      content: '<p>Nova</p>',
      modality: 'mr',
    });
    expect(own.status).toBe(200);
    expect(own.body.mask).toMatchObject({ title: 'Minha RM nova', content: '<p>Nova</p>', modality: 'MR', scope: 'user' });
    const byAdmin = await call('admin', 'PATCH', `/masks/${ids.otherExam}`, {
      title: 'TC de tórax (nova)',
      examType: 'TC tórax',
    });
    expect(byAdmin.body.mask).toMatchObject({ title: 'TC de tórax (nova)', examType: 'TC tórax' });
    expectError(await call('admin', 'PATCH', `/masks/${ids.otherExam}`, { examType: '' }), 400, 'MASK_EXAM_REQUIRED');

    expect((await call('doctor', 'DELETE', `/masks/${ids.mineMr}`)).status).toBe(204);
    expectError(await call('doctor', 'GET', `/masks/${ids.mineMr}`), 404, 'NOT_FOUND');
    expect((await call('admin', 'DELETE', `/masks/${ids.otherExam}`)).status).toBe(204);
  });

  it("another account's masks and studies are not found", async () => {
    for (const key of ['mine', 'institution', 'modality', 'exam']) {
      expectError(await call('outsiderAdmin', 'GET', `/masks/${ids[key]}`), 404, 'NOT_FOUND');
      expectError(await call('outsiderAdmin', 'PATCH', `/masks/${ids[key]}`, { title: 'Invasor' }), 404, 'NOT_FOUND');
      expectError(await call('outsiderAdmin', 'DELETE', `/masks/${ids[key]}`), 404, 'NOT_FOUND');
    }
    expectError(await call('outsider', 'GET', `/studies/${study()}/masks`), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'GET', `/studies/${study()}/masks/default`), 404, 'NOT_FOUND');
    expectError(
      await call('outsiderAdmin', 'POST', '/masks', {
        title: 'X',
        modality: 'CT',
        scope: 'institution',
        institutionId: t.institutionId,
      }),
      404,
      'NOT_FOUND',
    );
    // Its own study sees none of the first account's shared masks.
    const own = await call('outsider', 'GET', `/studies/${other.studyIds[0]}/masks`);
    expect(own.body.sections.flatMap((s: { masks: unknown[] }) => s.masks)).toEqual([]);
    expect((await call('outsider', 'GET', `/studies/${other.studyIds[0]}/masks/default`)).body.mask).toBeNull();
    expectError(await api('GET', `/masks/${ids.mine}`), 401, 'INVALID_SESSION');
  });
});

describe('labels', () => {
  const base = () => `/labels/${t.accountId}/studies`;

  it('adds, lists, autocompletes and removes labels of a study, audited', async () => {
    const [s1, s2] = [t.studyIds[1]!, t.studyIds[2]!];
    const added = await call('plain', 'POST', `${base()}/${s1}`, { name: ' Cr.í/tico, ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      label: { id: expect.any(String), name: 'Crítico' },
      labels: [{ id: expect.any(String), name: 'Crítico' }],
    });
    const critico = added.body.label.id;
    const second = await call('plain', 'POST', `${base()}/${s1}`, { name: 'Urgente' });
    expect(second.body.labels.map((l: { name: string }) => l.name)).toEqual(['Crítico', 'Urgente']);

    // The same name (case ignored) is the account's same label on another study.
    const reused = await call('doctor', 'POST', `${base()}/${s2}`, { name: 'CRÍTICO' });
    expect(reused.status).toBe(201);
    expect(reused.body.label).toEqual({ id: critico, name: 'Crítico' });

    const listed = await call('doctor', 'GET', `${base()}/${s1}`);
    expect(listed.status).toBe(200);
    expect(listed.body.labels.map((l: { name: string }) => l.name)).toEqual(['Crítico', 'Urgente']);

    // Autocomplete: at least 2 letters, case and accents ignored.
    expect((await call('doctor', 'GET', `/labels/${t.accountId}?q=crit`)).body.labels).toEqual([
      { id: critico, name: 'Crítico' },
    ]);
    expect(
      (await call('doctor', 'GET', `/labels/${t.accountId}?q=URG`)).body.labels.map((l: { name: string }) => l.name),
    ).toEqual(['Urgente']);
    expect((await call('doctor', 'GET', `/labels/${t.accountId}?q=c`)).body.labels).toEqual([]);
    expect((await call('doctor', 'GET', `/labels/${t.accountId}`)).body.labels).toEqual([]);

    expect((await call('plain', 'DELETE', `${base()}/${s1}/${critico}`)).status).toBe(204);
    expect((await call('plain', 'GET', `${base()}/${s1}`)).body.labels.map((l: { name: string }) => l.name)).toEqual(['Urgente']);
    expectError(await call('plain', 'DELETE', `${base()}/${s1}/${critico}`), 404, 'NOT_FOUND');

    const audit = await suite
      .knex('audit_log')
      .where({ study_id: s1 })
      .orderBy('id')
      .select('action', 'user_id', 'account_id', 'detail');
    expect(audit.map((a) => a.action)).toEqual([
      'study.label.add',
      'study.label.add',
      'study.labels.read',
      'study.label.remove',
      'study.labels.read',
    ]);
    expect(audit[0]).toMatchObject({
      user_id: t.users.plain!.id,
      account_id: t.accountId,
      detail: { labelId: critico, name: 'Crítico' },
    });
    expect(audit[3]).toMatchObject({ detail: { labelId: critico, name: 'Crítico' } });
  });

  it('validates the name with the spec messages', async () => {
    const s = t.studyIds[0]!;
    await call('doctor', 'POST', `${base()}/${s}`, { name: 'Retorno' });
    expectError(
      await call('doctor', 'POST', `${base()}/${s}`, { name: 'retorno.' }),
      409,
      'LABEL_DUPLICATE',
      'Não pode adicionar o mesmo label',
    );
    const twoLetters = 'O label precisa ter no mínimo 2 letras';
    expectError(await call('doctor', 'POST', `${base()}/${s}`, { name: 'a,.' }), 400, 'LABEL_MIN_2_LETTERS', twoLetters);
    expectError(await call('doctor', 'POST', `${base()}/${s}`, { name: '12/3' }), 400, 'LABEL_MIN_2_LETTERS', twoLetters);
    expectError(await call('doctor', 'POST', `${base()}/${s}`, {}), 400, 'LABEL_MIN_2_LETTERS', twoLetters);
    expectError(await call('doctor', 'POST', `${base()}/${s}`, { name: 'x'.repeat(51) }), 400, 'CHARACTER_LIMIT_EXCEEDED');
    expect((await call('doctor', 'POST', `${base()}/${s}`, { name: 'ab' })).status).toBe(201);
  });

  it("another account's labels and studies are not found", async () => {
    const s = t.studyIds[0]!;
    const labelId = (await call('doctor', 'GET', `${base()}/${s}`)).body.labels[0].id;
    expectError(await call('outsider', 'GET', `${base()}/${s}`), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'POST', `${base()}/${s}`, { name: 'Invasor' }), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'DELETE', `${base()}/${s}/${labelId}`), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'GET', `/labels/${t.accountId}?q=retorno`), 404, 'NOT_FOUND');
    // Its own account path with the first account's study.
    expectError(await call('outsider', 'GET', `/labels/${other.accountId}/studies/${s}`), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'POST', `/labels/${other.accountId}/studies/${s}`, { name: 'Invasor' }), 404, 'NOT_FOUND');
    expect((await call('outsider', 'GET', `/labels/${other.accountId}?q=retorno`)).body.labels).toEqual([]);
    // The first account's label id on the outsider's own study.
    expectError(
      await call('outsider', 'DELETE', `/labels/${other.accountId}/studies/${other.studyIds[0]}/${labelId}`),
      404,
      'NOT_FOUND',
    );
    expect((await call('doctor', 'GET', `${base()}/${s}`)).body.labels.map((l: { id: string }) => l.id)).toContain(labelId);
    expectError(await api('GET', `${base()}/${s}`), 401, 'INVALID_SESSION');
  });
});

describe('error tracker', () => {
  it('records a report of the session user and answers 204', async () => {
    const res = await api('POST', '/errorTracker', {
      token: tokens.doctor,
      body: { subType: 'draft-save', user: { id: 'whatever' }, content: { message: 'Erro ao salvar', studyId: t.studyIds[0] } },
      headers: { 'user-agent': 'jest-agent' },
    });
    expect(res.status).toBe(204);
    const row = await suite.knex('error_reports').where({ user_id: t.users.doctor!.id }).orderBy('id', 'desc').first();
    expect(row).toMatchObject({
      account_id: t.accountId,
      sub_type: 'draft-save',
      content: { message: 'Erro ao salvar', studyId: t.studyIds[0] },
      user_agent: 'jest-agent',
    });
    expect(
      (await call('doctor', 'POST', '/errorTracker', { subType: 'crash', content: 'TypeError: x is undefined' })).status,
    ).toBe(204);
  });

  it('refuses anonymous, malformed and oversized reports', async () => {
    expectError(await api('POST', '/errorTracker', { body: { subType: 'x', content: {} } }), 401, 'INVALID_SESSION');
    expectError(await call('doctor', 'POST', '/errorTracker', { content: {} }), 400, 'MALFORMED_REQUEST');
    expectError(
      await call('doctor', 'POST', '/errorTracker', { subType: 'x'.repeat(101), content: {} }),
      400,
      'MALFORMED_REQUEST',
    );
    expectError(await call('doctor', 'POST', '/errorTracker', { subType: 'x' }), 400, 'MALFORMED_REQUEST');
    expectError(
      await call('doctor', 'POST', '/errorTracker', { subType: 'big', content: { text: 'x'.repeat(16 * 1024) } }),
      413,
      'ERROR_REPORT_TOO_LARGE',
    );
  });

  it('limits each session to 60 reports a minute', async () => {
    const token = await login(api, t.users.colleague!.username);
    const send = () => api('POST', '/errorTracker', { token, body: { subType: 'loop', content: { n: 1 } } });
    const statuses: number[] = [];
    for (let n = 0; n < 60; n++) statuses.push((await send()).status);
    expect(statuses.every((s) => s === 204)).toBe(true);
    expectError(await send(), 429, 'RATE_LIMITED');
    // Another session of the same user is not affected.
    expect((await call('colleague', 'POST', '/errorTracker', { subType: 'loop', content: {} })).status).toBe(204);
  });
});
