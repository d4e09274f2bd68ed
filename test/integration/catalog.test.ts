/**
 * Issue 16 (first part): modalities, exams (with the .xlsx / .csv import, its preview and an
 * idempotent re-import) and routines, each scoped to the account (another account's id → 404),
 * behind its permission (403 with the area's message) and audited; the routine an arriving
 * study gets (by rule, else the default), its change on the study, and the remaining time in
 * the study list.
 */
import ExcelJS from 'exceljs';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
const knex = () => suite.knex;
let t: Tenant;
let other: Tenant;
let tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

/** Sends a file as the import's body. */
async function upload(who: string, path: string, filename: string, bytes: Buffer, type: string) {
  const res = await fetch(`${suite.platform.url}/api${path}?filename=${encodeURIComponent(filename)}`, {
    method: 'POST',
    headers: { access_token: tokens[who]!, 'content-type': type },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Exames');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const audited = async (action: string, accountId: string) =>
  Number((await knex()('audit_log').where({ action, account_id: accountId }).count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      admin: [],
      manager: ['MODALITIES_MANAGE', 'EXAMS_MANAGE', 'ROUTINES_MANAGE', 'STUDIES_UPLOAD_DICOM'],
      changer: ['STUDIES_CHANGE_ROUTINE'],
      plain: ['STUDIES_SAVE_REPORTS'],
    },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  for (const tenant of [t, other]) {
    await knex()('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  }
  tokens = await loginTokens(api, { ...t.users, otherAdmin: other.users.admin! });
});

describe('modalities', () => {
  it('creates, lists, edits and deletes, per account and per institution, audited', async () => {
    const ct = await as('manager', 'POST', '/modalities', { code: 'ct', description: 'Tomografia' });
    expect(ct.status).toBe(201);
    expect(ct.body.modality).toMatchObject({ code: 'CT', institutionId: null });
    const mr = await as('manager', 'POST', '/modalities', { code: 'MR', institutionId: t.institutionId });
    expect(mr.body.modality).toMatchObject({ code: 'MR', institutionId: t.institutionId });
    // The same code once per list: the account's, and each institution's.
    expect((await as('manager', 'POST', '/modalities', { code: 'CT' })).body.error.code).toBe('MODALITY_CODE_IN_USE');
    expect((await as('manager', 'POST', '/modalities', { code: 'CT', institutionId: t.institutionId })).status).toBe(201);

    const bad = await as('manager', 'POST', '/modalities', { code: 'C T!' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({
      code: 'MODALITY_CODE_INVALID',
      description: 'Código de modalidade inválido (letras e números, até 16).',
    });

    const edited = await as('manager', 'PUT', `/modalities/${mr.body.modality.id}`, { code: 'MR', description: 'Ressonância' });
    expect(edited.body.modality).toMatchObject({ description: 'Ressonância', institutionId: null });
    const listed = await as('plain', 'GET', '/modalities');
    expect(listed.body.modalities.map((m: any) => m.code)).toEqual(['CT', 'CT', 'MR']);

    expect((await as('manager', 'DELETE', `/modalities/${mr.body.modality.id}`)).status).toBe(204);
    expect(await audited('MODALITY_CREATED', t.accountId)).toBe(3);
    expect(await audited('MODALITY_UPDATED', t.accountId)).toBe(1);
    expect(await audited('MODALITY_DELETED', t.accountId)).toBe(1);
  });

  it('answers 403 without the permission and 404 for another account', async () => {
    const denied = await as('plain', 'POST', '/modalities', { code: 'US' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({ code: 'CANNOT_MANAGE_MODALITIES', description: 'Você não pode gerenciar modalidades.' });
    const [mine] = (await as('manager', 'GET', '/modalities')).body.modalities;
    expect((await as('otherAdmin', 'PUT', `/modalities/${mine.id}`, { code: 'XX' })).status).toBe(404);
    expect((await as('otherAdmin', 'DELETE', `/modalities/${mine.id}`)).status).toBe(404);
    // Another account's institution in the body is unknown too.
    expect((await as('otherAdmin', 'POST', '/modalities', { code: 'US', institutionId: t.institutionId })).status).toBe(404);
    expect((await as('otherAdmin', 'GET', '/modalities')).body.modalities).toEqual([]);
    // Narrowed to one institution: the account's codes and that institution's.
    const narrowed = await as('plain', 'GET', `/modalities?institutionId=${t.institutionId}`);
    expect(narrowed.body.modalities.map((m: any) => [m.code, m.institutionId])).toEqual([
      ['CT', null],
      ['CT', t.institutionId],
    ]);
    expect((await as('plain', 'GET', '/modalities?institutionId=nope')).status).toBe(400);
  });
});

describe('exams', () => {
  it('creates, edits and deletes with validation messages, 403 and 404', async () => {
    const made = await as('manager', 'POST', '/exams', { title: 'TC de tórax', modality: 'CT' });
    expect(made.status).toBe(201);
    const dup = await as('manager', 'POST', '/exams', { title: 'tc DE TÓRAX' });
    expect(dup.body.error).toEqual({ code: 'EXAM_TITLE_IN_USE', description: 'Já existe um exame com este título.' });
    const blank = await as('manager', 'POST', '/exams', { title: '  ' });
    expect(blank.body.error).toEqual({ code: 'EXAM_TITLE_REQUIRED', description: 'Informe o título do exame.' });
    const edited = await as('manager', 'PUT', `/exams/${made.body.exam.id}`, { title: 'TC de tórax', modality: 'MR' });
    expect(edited.body.exam).toMatchObject({ modality: 'MR' });
    const denied = await as('plain', 'POST', '/exams', { title: 'X' });
    expect(denied.body.error).toEqual({ code: 'CANNOT_MANAGE_EXAMS', description: 'Você não pode gerenciar exames.' });
    expect((await as('otherAdmin', 'DELETE', `/exams/${made.body.exam.id}`)).status).toBe(404);
    expect((await as('manager', 'DELETE', `/exams/${made.body.exam.id}`)).status).toBe(204);
    expect(await audited('EXAM_DELETED', t.accountId)).toBe(1);
  });

  it('imports a real .xlsx with a title column: preview, commit, idempotent re-import', async () => {
    await as('manager', 'POST', '/exams', { title: 'RM de crânio', modality: 'CT' });
    const file = await workbook([
      ['Título', 'Modalidade'],
      ['RM de crânio', 'MR'],
      ['US de abdome', 'US'],
      [null, null],
      ['Mamografia bilateral', 'MG'],
    ]);
    const preview = await upload('manager', '/exams/import/preview', 'exames.xlsx', file, XLSX);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      create: [
        { title: 'US de abdome', modality: 'US' },
        { title: 'Mamografia bilateral', modality: 'MG' },
      ],
      update: [{ title: 'RM de crânio', from: 'CT', to: 'MR' }],
      unchanged: 0,
      committed: false,
    });
    // The preview wrote nothing.
    expect(await knex()('exams').where({ account_id: t.accountId }).count({ n: '*' })).toEqual([{ n: '1' }]);

    const done = await upload('manager', '/exams/import', 'exames.xlsx', file, XLSX);
    expect(done.body).toMatchObject({ committed: true, unchanged: 0 });
    const exams = (await as('plain', 'GET', '/exams')).body.exams.map((e: any) => [e.title, e.modality]);
    expect(exams).toEqual([
      ['Mamografia bilateral', 'MG'],
      ['RM de crânio', 'MR'],
      ['US de abdome', 'US'],
    ]);
    const again = await upload('manager', '/exams/import', 'exames.xlsx', file, XLSX);
    expect(again.body).toEqual({ create: [], update: [], unchanged: 3, committed: true });
    expect(await knex()('exams').where({ account_id: t.accountId }).count({ n: '*' })).toEqual([{ n: '3' }]);
    expect(await audited('EXAMS_IMPORTED', t.accountId)).toBe(2);
  });

  it('imports a .csv with a filled first column and no header (";" separated, Windows-1252)', async () => {
    const csv = Buffer.from('Densitometria óssea;obs\r\n"RX de tórax; PA";\r\n', 'latin1');
    const preview = await upload('manager', '/exams/import/preview', 'lista.csv', csv, 'text/csv');
    expect(preview.body.create).toEqual([
      { title: 'Densitometria óssea', modality: null },
      { title: 'RX de tórax; PA', modality: null },
    ]);
    await upload('manager', '/exams/import', 'lista.csv', csv, 'text/csv');
    const again = await upload('manager', '/exams/import/preview', 'lista.csv', csv, 'text/csv');
    expect(again.body).toMatchObject({ create: [], update: [], unchanged: 2 });
  });

  it("answers 'Arquivo inválido ou corrompido' for a corrupted workbook, a wrong type and a table without titles", async () => {
    const good = await workbook([['title'], ['A']]);
    const corrupted = Buffer.concat([good.subarray(0, 30), Buffer.alloc(200, 7)]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases: [string, Buffer, string][] = [
      ['exames.xlsx', corrupted, XLSX],
      ['imagem.png', png, 'image/png'],
      ['exames.csv', png, 'text/csv'],
      ['vazio.csv', Buffer.from('\r\n;;\r\n'), 'text/csv'],
      ['buracos.csv', Buffer.from('A\r\n;x\r\nB\r\n'), 'text/csv'],
      [
        'sem-titulo.xlsx',
        await workbook([
          ['código', 'preço'],
          [null, '10'],
        ]),
        XLSX,
      ],
    ];
    for (const [name, bytes, type] of cases) {
      const res = await upload('manager', '/exams/import/preview', name, bytes, type);
      expect({ name, status: res.status, body: res.body }).toEqual({
        name,
        status: 400,
        body: { error: { code: 'EXAM_IMPORT_INVALID', description: 'Arquivo inválido ou corrompido' } },
      });
    }
    const denied = await upload('plain', '/exams/import', 'x.csv', Buffer.from('A\r\n'), 'text/csv');
    expect(denied.status).toBe(403);
  });
});

describe('routines', () => {
  let defaultId: string;

  it('every account starts with one default routine that cannot be deleted or made non-default', async () => {
    const { routines } = (await as('manager', 'GET', '/routines')).body;
    expect(routines).toHaveLength(1);
    expect(routines[0]).toMatchObject({ name: 'Padrão', isDefault: true });
    defaultId = routines[0].id;
    const del = await as('manager', 'DELETE', `/routines/${defaultId}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toEqual({
      code: 'ROUTINE_DEFAULT_REQUIRED',
      description: 'A rotina padrão não pode ser excluída ou deixar de ser padrão.',
    });
    const off = await as('manager', 'PUT', `/routines/${defaultId}`, {
      name: 'Padrão',
      durationMinutes: 1440,
      alertMinutes: 120,
      color: '#1976d2',
      isDefault: false,
    });
    expect(off.body.error.code).toBe('ROUTINE_DEFAULT_REQUIRED');
  });

  it('validates, answers 403 and 404, and moves the default flag when another becomes default', async () => {
    const base = { name: 'Urgência', durationMinutes: 60, alertMinutes: 15, weight: 5, color: '#d32f2f' };
    const late = await as('manager', 'POST', '/routines', { ...base, alertMinutes: 90 });
    expect(late.body.error).toEqual({
      code: 'ROUTINE_ALERT_AFTER_DURATION',
      description: 'O tempo de alerta não pode ser maior que a duração.',
    });
    expect((await as('manager', 'POST', '/routines', { ...base, color: 'red' })).body.error.code).toBe('ROUTINE_COLOR_INVALID');
    expect((await as('manager', 'POST', '/routines', { ...base, rules: [{}] })).body.error.code).toBe('ROUTINE_RULE_EMPTY');
    // A rule naming another account's institution is unknown here.
    const foreign = await as('manager', 'POST', '/routines', { ...base, rules: [{ institutionId: other.institutionId }] });
    expect(foreign.status).toBe(404);
    const denied = await as('plain', 'POST', '/routines', base);
    expect(denied.body.error).toEqual({ code: 'CANNOT_MANAGE_ROUTINES', description: 'Você não pode gerenciar rotinas.' });
    const made = await as('manager', 'POST', '/routines', { ...base, isDefault: true });
    expect(made.status).toBe(201);
    let list = (await as('manager', 'GET', '/routines')).body.routines;
    expect(list.filter((r: any) => r.isDefault).map((r: any) => r.name)).toEqual(['Urgência']);
    expect((await as('otherAdmin', 'PUT', `/routines/${made.body.routine.id}`, base)).status).toBe(404);
    expect((await as('otherAdmin', 'DELETE', `/routines/${made.body.routine.id}`)).status).toBe(404);
    // Back as it was: the old default again.
    await as('manager', 'PUT', `/routines/${defaultId}`, {
      name: 'Padrão',
      durationMinutes: 1440,
      alertMinutes: 120,
      color: '#1976d2',
      isDefault: true,
    });
    expect((await as('manager', 'DELETE', `/routines/${made.body.routine.id}`)).status).toBe(204);
    list = (await as('manager', 'GET', '/routines')).body.routines;
    expect(list.map((r: any) => [r.name, r.isDefault])).toEqual([['Padrão', true]]);
    expect(await audited('ROUTINE_CREATED', t.accountId)).toBe(1);
    expect(await audited('ROUTINE_DELETED', t.accountId)).toBe(1);
  });

  it('gives an arriving study its routine by rule (institution / modality / exam), else the default; the list shows the remaining time', async () => {
    const exam = (await as('manager', 'POST', '/exams', { title: 'Angio TC', modality: 'CT' })).body.exam;
    const byModality = (
      await as('manager', 'POST', '/routines', {
        name: 'Ultrassom',
        durationMinutes: 240,
        alertMinutes: 30,
        color: '#2e7d32',
        rules: [{ modality: 'US' }],
      })
    ).body.routine;
    const byExam = (
      await as('manager', 'POST', '/routines', {
        name: 'Angio',
        durationMinutes: 90,
        alertMinutes: 89,
        color: '#6a1b9a',
        rules: [{ institutionId: t.institutionId, examId: exam.id }],
      })
    ).body.routine;

    const us = makeStudy({ modalities: ['US'], perSeries: 1, studyDescription: 'US de abdome' });
    const angio = makeStudy({ modalities: ['CT'], perSeries: 1, studyDescription: 'ANGIO tc' });
    const plain = makeStudy({ modalities: ['MR'], perSeries: 1, studyDescription: 'RM de joelho' });
    const ids = {
      us: await ingestStudy(suite.platform.url, knex(), tokens.manager!, us),
      angio: await ingestStudy(suite.platform.url, knex(), tokens.manager!, angio),
      plain: await ingestStudy(suite.platform.url, knex(), tokens.manager!, plain),
    };
    const routineOf = async (id: string) => (await knex()('studies').where({ id }).first('routine_id')).routine_id;
    expect(await routineOf(ids.us)).toBe(byModality.id);
    expect(await routineOf(ids.angio)).toBe(byExam.id);
    expect(await routineOf(ids.plain)).toBe(defaultId);

    const { studies } = (await as('admin', 'GET', '/studies?pageSize=50')).body;
    const item = (id: string) => studies.find((s: any) => s.id === id);
    const angioItem = item(ids.angio);
    const arrival = Date.parse(angioItem.receivedAt);
    expect(angioItem.routine).toMatchObject({ id: byExam.id, name: 'Angio', color: '#6a1b9a', showRemainingTime: true });
    expect(Date.parse(angioItem.routine.deadline)).toBe(arrival + 90 * 60_000);
    expect(Date.parse(angioItem.routine.alertAt)).toBe(arrival + 60_000);
    // 89 of its 90 minutes are the alert window: it is in it a minute after arrival.
    expect(angioItem.routine.remainingMinutes).toBeGreaterThan(85);
    expect(angioItem.routine.remainingMinutes).toBeLessThanOrEqual(90);
    expect(item(ids.plain).routine).toMatchObject({ name: 'Padrão', status: 'onTime' });
    expect(Date.parse(item(ids.us).routine.deadline)).toBe(Date.parse(item(ids.us).receivedAt) + 240 * 60_000);

    // Overdue once the deadline has passed (arrival moved back 2 hours).
    await knex()('studies')
      .where({ id: ids.angio })
      .update({ received_at: new Date(Date.now() - 2 * 3600_000) });
    const late = (await as('admin', 'GET', `/studies/${ids.angio}`)).body.study;
    expect(late.routine).toMatchObject({ status: 'overdue' });
    expect(late.routine.remainingMinutes).toBeLessThanOrEqual(-29);
  });

  it('changes the routine on the study with its permission (403 without, 404 across accounts)', async () => {
    const studyId = (await knex()('studies').where({ account_id: t.accountId }).first('id')).id as string;
    const routines = (await as('manager', 'GET', '/routines')).body.routines;
    const target = routines.find((r: any) => r.name === 'Ultrassom');
    const denied = await as('plain', 'PUT', `/studies/${studyId}/routine`, { routineId: target.id });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({ code: 'CANNOT_MANAGE_STUDY', description: 'Você não pode gerenciar este estudo.' });
    expect((await as('otherAdmin', 'PUT', `/studies/${studyId}/routine`, { routineId: target.id })).status).toBe(404);
    const otherRoutine = (await as('otherAdmin', 'GET', '/routines')).body.routines[0];
    expect((await as('changer', 'PUT', `/studies/${studyId}/routine`, { routineId: otherRoutine.id })).status).toBe(404);
    const changed = await as('changer', 'PUT', `/studies/${studyId}/routine`, { routineId: target.id });
    expect(changed.status).toBe(200);
    expect(changed.body.study.routine).toMatchObject({ id: target.id, name: 'Ultrassom' });
    expect(await knex()('audit_log').where({ action: 'study.routine', study_id: studyId }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);

    // Deleting a routine hands its studies back to the default.
    expect((await as('manager', 'DELETE', `/routines/${target.id}`)).status).toBe(204);
    const after = (await knex()('studies').where({ id: studyId }).first('routine_id')).routine_id;
    expect(after).toBe(routines.find((r: any) => r.isDefault).id);
  });
});
