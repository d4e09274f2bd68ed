/**
 * Structured reports over HTTP against the real platform: the catalogues, switching to OIT on
 * a DX study, saving values (invalid ones refused), finishing refused with 'Campos inválidos.'
 * and each message, accepted with a valid form whose rendering becomes the version's content;
 * the SISMAMA preconditions; another tenant's study.
 */
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 5,
    users: {
      doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_SAVE_REPORTS_OIT'],
      plain: DOCTOR_PERMISSIONS,
    },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_SAVE_REPORTS_OIT'] } });
  // 0, 1: DX (OIT); 2, 3: MG (SISMAMA); 4 stays CT.
  await suite
    .knex('studies')
    .whereIn('id', t.studyIds.slice(0, 2))
    .update({ modalities: ['DX'] });
  await suite
    .knex('studies')
    .whereIn('id', t.studyIds.slice(2, 4))
    .update({ modalities: ['MG'] });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor! }));
});

async function act(who: string, method: string, path: string, body: unknown = {}, expectStatus = 200) {
  const res = await api(method, path, { token: tokens[who], body: method === 'GET' || method === 'DELETE' ? undefined : body });
  if (res.status !== expectStatus) throw new Error(`${method} ${path} by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const OIT_VALID = [
  { fieldId: 'oit.filmQuality', value: '1' },
  { fieldId: 'oit.parenchymal', value: 'S' },
  { fieldId: 'oit.shapePrimary', value: 'p' },
  { fieldId: 'oit.shapeSecondary', value: 'q' },
  { fieldId: 'oit.zones', value: ['U.R', 'M.L'] },
  { fieldId: 'oit.profusion', value: '1/0' },
  { fieldId: 'oit.largeOpacities', value: '0' },
  { fieldId: 'oit.pleural', value: 'S' },
  {
    fieldId: 'oit.plaques',
    value: [{ 'plaque.site': 'PP', 'plaque.side': 'D', 'plaque.calcification': 'S', 'plaque.width': 'a' }],
  },
  { fieldId: 'oit.costophrenic', value: '0' },
  { fieldId: 'oit.symbolsPresent', value: 'S' },
  { fieldId: 'oit.symbols', value: ['em', 'tb'] },
];

describe('catalogues', () => {
  it('serves the fields of each model and refuses an unknown model', async () => {
    const oit = await act('doctor', 'GET', '/structured-report-fields?model=OIT');
    expect(oit.fields.find((f: { id: string }) => f.id === 'oit.zones')).toMatchObject({ type: 'TABLECHECK', required: false });
    const sismama = await act('doctor', 'GET', '/structured-report-fields?model=SISMAMA');
    expect(sismama.fields.find((f: { id: string }) => f.id === 'sismama.findings')).toMatchObject({
      type: 'DYNAMIC',
      min: 0,
      max: 10,
    });
    expect((await act('doctor', 'GET', '/structured-report-fields?model=XYZ', {}, 400)).error.code).toBe('MALFORMED_REQUEST');
    expect((await api('GET', '/structured-report-fields?model=OIT', {})).status).toBe(401);
  });
});

describe('OIT on a DX study', () => {
  it('saves values, refuses invalid ones, refuses an incomplete finish, finishes a valid form', async () => {
    const id = t.studyIds[0]!;
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    // A free-text report has no form to fill.
    expect((await act('doctor', 'POST', `/studies/${id}/structured-report`, OIT_VALID[0], 409)).error.code).toBe(
      'REPORT_ACTION_NOT_ALLOWED',
    );
    const switched = await act('doctor', 'POST', `/studies/${id}/reports/start?change=true`, { structuredType: 'OIT' });
    expect(switched.report.structuredType).toBe('OIT');

    const first = await act(
      'doctor',
      'POST',
      `/studies/${id}/structured-report`,
      { fieldId: 'oit.filmQuality', value: '2' },
      201,
    );
    expect(first.value).toMatchObject({ fieldId: 'oit.filmQuality', value: '2' });
    // The same field again replaces its value (one value per field).
    const again = await act(
      'doctor',
      'POST',
      `/studies/${id}/structured-report`,
      { fieldId: 'oit.filmQuality', value: '1' },
      201,
    );
    expect(again.value.id).toBe(first.value.id);
    expect(again.values).toEqual([{ id: first.value.id, fieldId: 'oit.filmQuality', value: '1' }]);
    // The structured draft follows (set-merge of studyDrafts.contentStructuredReport).
    const draft = await act('doctor', 'GET', `/studies/${id}/drafts`);
    expect(draft.draft.contentStructuredReport).toEqual(again.values);

    const bad = await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.profusion', value: '4/4' }, 422);
    expect(bad.error).toEqual({
      code: 'STRUCTURED_REPORT_INVALID',
      description: 'Campos inválidos.',
      details: ['Campo Profusão é inválido.'],
    });
    const tooMany = Array(7).fill({ 'plaque.site': 'PP', 'plaque.side': 'D', 'plaque.calcification': 'N' });
    await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.plaques', value: tooMany }, 422);
    await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.nothing', value: 'x' }, 400);
    await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.t1', value: 'x' }, 422);
    await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.comments', value: 1 }, 400);

    const refused = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '' }, 422);
    expect(refused.error.description).toBe('Campos inválidos.');
    expect(refused.error.details).toEqual([
      'Campo Alguma anormalidade de parênquima consistente com pneumoconiose é obrigatório.',
      'Campo Alguma anormalidade pleural consistente com pneumoconiose é obrigatório.',
      'Campo Símbolos é obrigatório.',
    ]);
    const english = await api('POST', `/studies/${id}/reports/save`, {
      token: tokens.doctor,
      body: { content: '' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.error.details[0]).toBe(
      'Field Alguma anormalidade de parênquima consistente com pneumoconiose is required.',
    );

    for (const v of OIT_VALID) await act('doctor', 'POST', `/studies/${id}/structured-report`, v, 201);
    // A value can be removed by its id; then the form is incomplete again.
    const { values } = await act('doctor', 'GET', `/studies/${id}/structured-report`);
    const symbols = values.find((v: { fieldId: string }) => v.fieldId === 'oit.symbols');
    await act('doctor', 'DELETE', `/studies/${id}/structured-report/${symbols.id}`, undefined, 204);
    await act('doctor', 'DELETE', `/studies/${id}/structured-report/${symbols.id}`, undefined, 404);
    expect((await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '' }, 422)).error.details).toEqual([
      'Campo Símbolos presentes é obrigatório.',
    ]);
    await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.symbols', value: ['em', 'tb'] }, 201);

    const done = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>ignored</p>' });
    expect(done.report.state).toBe(2);
    const { laudoContent } = await act('doctor', 'GET', `/studies/${id}/reports/content`);
    expect(laudoContent).toContain('<h2>Classificação radiológica OIT (pneumoconioses)</h2>');
    expect(laudoContent).toContain('<strong>Profusão:</strong> 1/0');
    expect(laudoContent).toContain('<strong>Zonas:</strong> Superior Direita, Média Esquerda');
    expect(laudoContent).toContain('em — enfisema, tb — tuberculose');
    expect(laudoContent).not.toContain('ignored');
    const { versions } = await act('doctor', 'GET', `/studies/${id}/reports`);
    expect(versions[0]).toMatchObject({ structuredType: 'OIT' });
    // A finished report's form is no longer editable.
    await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.comments', value: 'x' }, 409);
  });

  it('needs STUDIES_SAVE_REPORTS_OIT and the executor; another tenant gets 404', async () => {
    const id = t.studyIds[1]!;
    await act('plain', 'POST', `/studies/${id}/reports/start`);
    expect(
      (await act('plain', 'POST', `/studies/${id}/reports/start?change=true`, { structuredType: 'OIT' }, 403)).error.code,
    ).toBe('FORBIDDEN_ACCESS');
    await act('plain', 'POST', `/studies/${id}/reports/returnReportToNotStarted`);
    await act('doctor', 'POST', `/studies/${id}/reports/start`, { structuredType: 'OIT' });
    // Not the executor.
    const notMine = await act(
      'plain',
      'POST',
      `/studies/${id}/structured-report`,
      { fieldId: 'oit.filmQuality', value: '1' },
      409,
    );
    expect(notMine.error.code).toBe('REPORT_HELD_BY_OTHER_USER');
    const mine = await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.filmQuality', value: '1' }, 201);
    for (const [method, path] of [
      ['GET', `/studies/${id}/structured-report`],
      ['POST', `/studies/${id}/structured-report`],
      ['DELETE', `/studies/${id}/structured-report/${mine.value.id}`],
      ['GET', `/studies/${id}/retriveTemplateOIT`],
    ] as const) {
      const res = await act('outsider', method, path, { fieldId: 'oit.filmQuality', value: '1' }, 404);
      expect(res.error.code).toBe('NOT_FOUND');
    }
    const template = await act('doctor', 'GET', `/studies/${id}/retriveTemplateOIT`);
    expect(template.values).toEqual([mine.value]);
    expect(template.fields.length).toBeGreaterThan(20);

    // Without STUDIES_SAVE_REPORTS_OIT (taken away mid-report) the form and the OIT report are closed.
    const role = await suite.knex('roles').where({ account_id: t.accountId, name: 'role-doctor' }).first('id', 'permissions');
    await suite.knex('roles').where({ id: role.id }).update({ permissions: DOCTOR_PERMISSIONS });
    try {
      const save = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '', finish: false }, 403);
      expect(save.error.code).toBe('FORBIDDEN_ACCESS');
      await act('doctor', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.filmQuality', value: '2' }, 403);
    } finally {
      await suite.knex('roles').where({ id: role.id }).update({ permissions: role.permissions });
    }
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '', finish: false });
  });
});

describe('SISMAMA', () => {
  it('is refused on a CT study and without ALLOW_REPORT_SISMAMA, accepted on MG with the flag', async () => {
    const ct = t.studyIds[4]!;
    await act('doctor', 'POST', `/studies/${ct}/reports/start`);
    const onCt = await act('doctor', 'POST', `/studies/${ct}/reports/start?change=true`, { structuredType: 'SISMAMA' }, 409);
    expect(onCt.error.description).toBe('Ocorreu um erro ao alterar o modelo do laudo!');

    const mgNoFlag = t.studyIds[2]!;
    await act('doctor', 'POST', `/studies/${mgNoFlag}/reports/start`);
    await act('doctor', 'POST', `/studies/${mgNoFlag}/reports/start?change=true`, { structuredType: 'SISMAMA' }, 409);

    await suite
      .knex('accounts')
      .where({ id: t.accountId })
      .update({ config: { ALLOW_REPORT_SISMAMA: 'true' } });
    const mg = t.studyIds[3]!;
    await act('doctor', 'POST', `/studies/${mg}/reports/start`);
    await act('doctor', 'POST', `/studies/${mg}/reports/start?change=true`, { structuredType: 'SISMAMA' });
    // An OIT field does not belong to the SISMAMA form.
    await act('doctor', 'POST', `/studies/${mg}/structured-report`, { fieldId: 'oit.filmQuality', value: '1' }, 400);
    for (const [fieldId, value] of [
      ['sismama.indication', 'RASTREAMENTO'],
      ['sismama.composition', 'b'],
      ['sismama.biradsRight', '2'],
    ] as const) {
      await act('doctor', 'POST', `/studies/${mg}/structured-report`, { fieldId, value }, 201);
    }
    expect((await act('doctor', 'POST', `/studies/${mg}/reports/save`, { content: '' }, 422)).error.details).toEqual([
      'Campo BI-RADS mama esquerda é obrigatório.',
    ]);
    await act('doctor', 'POST', `/studies/${mg}/structured-report`, { fieldId: 'sismama.biradsLeft', value: '1' }, 201);
    expect((await act('doctor', 'POST', `/studies/${mg}/reports/save`, { content: '' })).report.state).toBe(2);
    const { laudoContent } = await act('doctor', 'GET', `/studies/${mg}/reports/content`);
    expect(laudoContent).toContain('<strong>BI-RADS mama esquerda:</strong> 1 — Negativo');
  });
});

describe('forceBiradsClassification', () => {
  it('a free-text mammography report is finished only with a BI-RADS category in its text, when the account asks', async () => {
    const c = await createTenant(suite.knex, { studies: 3, users: { doctor: DOCTOR_PERMISSIONS } });
    const [mg, ct, mgFree] = c.studyIds as [string, string, string];
    await suite.knex('studies').whereIn('id', [mg, mgFree]).update({ modalities: ['MG'] });
    const { doctor } = await loginTokens(api, { doctor: c.users.doctor! });
    const call = (path: string, body: unknown = {}) => api('POST', path, { token: doctor, body });
    for (const id of [mg, ct, mgFree]) expect((await call(`/studies/${id}/reports/start`)).status).toBe(200);

    // Off (the default): finished as any report.
    expect((await call(`/studies/${mgFree}/reports/save`, { content: '<p>Mamas densas, sem achados.</p>' })).body.report.state).toBe(2);

    await suite.knex('accounts').where({ id: c.accountId }).update({ config: { forceBiradsClassification: 'true' } });
    const refused = await call(`/studies/${mg}/reports/save`, { content: '<p>Mamas densas. Conclusão: BI-RADS sem categoria.</p>' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'BIRADS_REQUIRED',
      description: 'Informe a classificação BI-RADS (categoria 0 a 6) no laudo de mamografia antes de finalizar',
    });
    // Nothing was finished by the refusal; saving a draft is not finishing.
    const state = async () =>
      (await suite.knex('studies as s').join('laudos as l', 'l.id', 's.laudo_id').where('s.id', mg).first('l.state')).state;
    expect(await state()).toBe(1);
    expect((await call(`/studies/${mg}/reports/save`, { content: '<p>Rascunho</p>', finish: false })).status).toBe(200);
    const done = await call(`/studies/${mg}/reports/save`, { content: '<p>Conclusão: <strong>BI-RADS®</strong>: categoria 4A.</p>' });
    expect(done.status).toBe(200);
    expect(done.body.report.state).toBe(2);
    // Another modality is not concerned.
    expect((await call(`/studies/${ct}/reports/save`, { content: '<p>TC normal.</p>' })).body.report.state).toBe(2);
  });
});
