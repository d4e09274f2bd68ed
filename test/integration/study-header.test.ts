/**
 * Study header edit and clinical data (spec 1 §7 update-data, spec 2 §2–§7) over HTTP against
 * the real platform: save with the computed age, the permission refusal, an edit in progress
 * (409), future dates, weight/height limits, another account's study (404), the audit and
 * history rows, the republished live document, clinical data, and the scheduled-exam variant.
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { Permission } from '../../domain/auth/permissions';
import { type LiveStudyDocument, isNotOlder } from '../../domain/live/study-document';
import { ageText, computeAge, examDay } from '../../domain/studies/header';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const EDITOR: Permission[] = [...DOCTOR_PERMISSIONS, 'STUDIES_UPDATE_HEADER'];

const suite = platformSuite({
  beforeStop: async () => {
    await watcher?.endAsync();
  },
});
const api = suite.api;
let t: Tenant;
let vet: Tenant;
let other: Tenant;
let watcher: MqttClient;
const live = new Map<string, LiveStudyDocument>();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 4,
    users: { editor: EDITOR, creator: ['STUDIES_CREATE_HEADER'], reader: DOCTOR_PERMISSIONS },
  });
  vet = await createTenant(suite.knex, { studies: 1, isForHuman: false, users: { editor: ['STUDIES_EDIT_HEADER'] } });
  other = await createTenant(suite.knex, { studies: 1, users: { editor: EDITOR } });
  Object.assign(tokens, await loginTokens(api, { ...t.users, vet: vet.users.editor!, outsider: other.users.editor! }));
  watcher = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.reader!,
    reconnectPeriod: 0,
  });
  watcher.on('message', (_topic, payload) => {
    const doc = JSON.parse(payload.toString()) as LiveStudyDocument;
    if (isNotOlder(doc, live.get(doc.studyId))) live.set(doc.studyId, doc);
  });
  await watcher.subscribeAsync(`laudos/accounts/${t.accountId}/institutions/${t.institutionId}/studies/+`, { qos: 1 });
});

const call = (who: string, method: string, path: string, body?: unknown, lang?: string) =>
  api(method, path, { token: tokens[who], body, ...(lang ? { headers: { 'Accept-Language': lang } } : {}) });
function expectError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.description).toBe('string');
}
const tomorrow = () => {
  const d = new Date(Date.now() + 36 * 3600 * 1000);
  return examDay(d);
};

describe('GET and PATCH /studies/{id}/update-data', () => {
  it('reads the header with the permission flags', async () => {
    const id = t.studyIds[0]!;
    const res = await call('editor', 'GET', `/studies/${id}/update-data`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ editInProgress: false, canSave: true, veterinary: false });
    expect(res.body.header).toMatchObject({
      patientName: expect.stringMatching(/^Paciente /),
      examType: 'TC de crânio',
      mainModality: 'CT',
    });
    expect((await call('reader', 'GET', `/studies/${id}/update-data`)).body.canSave).toBe(false);
  });

  it('saves an edit: patient and study rows, computed age, clinical data, audit, history and live document', async () => {
    const id = t.studyIds[0]!;
    const before = (await call('editor', 'GET', `/studies/${id}/update-data`)).body.header;
    const sentAt = new Date().toISOString();
    const res = await call('editor', 'PATCH', `/studies/${id}/update-data`, {
      patientName: 'MARIA DA SILVA',
      patientBirthDate: '1980-02-29',
      patientAge: '99 anos',
      patientSex: 'F',
      patientWeight: 72.5,
      patientHeight: 165.3,
      referringPhysicianName: 'Dr. Souza',
      healthPlan: 'Plano Saúde',
      accessionNumber: 'ACC-NEW-1',
      indicacaoExame: 'Cefaleia há 3 dias',
      historiaClinica: '  ',
      patientSpecies: 'Canina', // veterinary only: ignored for a human account
    });
    expect(res.status).toBe(200);
    const examDate = examDay(new Date(before.dicomCreatedAt));
    expect(res.body.header).toMatchObject({
      patientName: 'MARIA DA SILVA',
      patientBirthDate: '1980-02-29',
      patientAge: ageText(computeAge('1980-02-29', examDate)!),
      patientWeight: 72.5,
      patientHeight: 165.3,
      accessionNumber: 'ACC-NEW-1',
      indicacaoExame: 'Cefaleia há 3 dias',
      historiaClinica: null,
      patientSpecies: null,
    });
    const patient = await suite.knex('patients').where({ account_id: t.accountId }).first();
    expect(patient).toMatchObject({ name: 'MARIA DA SILVA', sex: 'F' });
    const study = await suite.knex('studies').where({ id }).first();
    expect(study).toMatchObject({ accession_number: 'ACC-NEW-1', health_plan: 'Plano Saúde', patient_weight: '72.5' });

    const edits = await suite.knex('study_header_edits').where({ study_id: id });
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ status: 'applied', user_id: t.users.editor!.id });
    expect(edits[0].before).toMatchObject({ patientName: before.patientName, accessionNumber: before.accessionNumber });
    expect(edits[0].after).toMatchObject({ patientName: 'MARIA DA SILVA', patientWeight: 72.5 });
    const auditRow = await suite.knex('audit_log').where({ study_id: id, action: 'study.header.update' }).first();
    expect(auditRow.detail).toMatchObject({
      before: { patientName: before.patientName },
      after: { patientName: 'MARIA DA SILVA' },
    });

    const history = await call('editor', 'GET', `/studies/${id}/update-data/history`);
    expect(history.status).toBe(200);
    expect(history.body.history).toEqual([
      expect.objectContaining({
        userName: t.users.editor!.name,
        after: expect.objectContaining({ accessionNumber: 'ACC-NEW-1' }),
      }),
    ]);

    const doc = await eventually(
      () => live.get(id),
      (d) => d !== undefined && (d.headerUpdatedAt ?? '') >= sentAt.slice(0, 19),
      { what: 'live document with the new header' },
    );
    expect(doc?.headerUpdatedAt).toBeDefined();
    // The list shows the new data.
    const list = await call('editor', 'GET', '/studies?pageSize=100');
    expect(list.body.studies.find((s: { id: string }) => s.id === id)).toMatchObject({
      patientName: 'MARIA DA SILVA',
      accessionNumber: 'ACC-NEW-1',
    });

    const clinical = await call('reader', 'GET', `/studies/clinical-data?studyId=${id}`);
    expect(clinical.status).toBe(200);
    expect(clinical.body.clinicalData).toEqual([{ typeData: 'indicacao_exame', clinicalData: 'Cefaleia há 3 dias' }]);
  });

  it('refuses a user without a header permission (403) and accepts any one of the three', async () => {
    const id = t.studyIds[1]!;
    expectError(await call('reader', 'PATCH', `/studies/${id}/update-data`, { patientWeight: 10 }), 403, 'HEADER_FORBIDDEN');
    expect((await call('creator', 'PATCH', `/studies/${id}/update-data`, { patientWeight: 10 })).status).toBe(200);
    expect(
      (await call('vet', 'PATCH', `/studies/${vet.studyIds[0]}/update-data`, { patientSpecies: 'Felina', isCastrated: true }))
        .body.header,
    ).toMatchObject({
      patientSpecies: 'Felina',
      isCastrated: true,
    });
  });

  it('answers 409 while another edit is in progress, and forgets one older than 5 minutes', async () => {
    const id = t.studyIds[2]!;
    const [pending] = await suite
      .knex('study_header_edits')
      .insert({
        account_id: t.accountId,
        study_id: id,
        user_id: t.users.creator!.id,
        user_name: 'x',
        status: 'created',
        before: {},
      })
      .returning('id');
    expect((await call('editor', 'GET', `/studies/${id}/update-data`)).body.editInProgress).toBe(true);
    const res = await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientWeight: 50 }, 'en');
    expectError(res, 409, 'HEADER_EDIT_IN_PROGRESS');
    expect(res.body.error.description).toMatch(/already in progress/);
    // A request never applied within the spec's 5 minutes is failed, and a new edit goes through.
    await suite
      .knex('study_header_edits')
      .where({ id: pending.id })
      .update({ created_at: new Date(Date.now() - 6 * 60_000) });
    expect((await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientWeight: 50 })).status).toBe(200);
    expect((await suite.knex('study_header_edits').where({ id: pending.id }).first()).status).toBe('failed');
  });

  it('edits at once: each is applied or answers 409, never two in progress', async () => {
    const id = t.studyIds[3]!;
    const answers = await Promise.all(
      [1, 2, 3].map((n) => call('editor', 'PATCH', `/studies/${id}/update-data`, { operatorName: `Op ${n}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) if (a.status !== 200) expectError(a, 409, 'HEADER_EDIT_IN_PROGRESS');
    expect(await suite.knex('study_header_edits').where({ study_id: id, status: 'created' })).toHaveLength(0);
  });

  it('refuses future dates, invalid dates and out-of-range measures', async () => {
    const id = t.studyIds[1]!;
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientBirthDate: tomorrow() }),
      400,
      'HEADER_DATE_IN_FUTURE',
    );
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, {
        dicomCreatedAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      }),
      400,
      'HEADER_DATE_IN_FUTURE',
    );
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientBirthDate: '2023-02-29' }),
      400,
      'HEADER_DATE_INVALID',
    );
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientWeight: 1000.1 }),
      400,
      'HEADER_MEASURE_INVALID',
    );
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientHeight: 12.34 }),
      400,
      'HEADER_MEASURE_INVALID',
    );
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientName: '  ' }),
      400,
      'HEADER_PATIENT_REQUIRED',
    );
    expectError(await call('editor', 'PATCH', `/studies/${id}/update-data`, { nope: 1 }), 400, 'MALFORMED_REQUEST');
    // nothing was recorded for the refused edits
    expect(await suite.knex('study_header_edits').where({ study_id: id, status: 'created' })).toHaveLength(0);
  });

  it("refuses a patient id that belongs to another of the account's patients (409), recording the request as failed", async () => {
    const id = t.studyIds[1]!;
    await suite.knex('patients').insert({ account_id: t.accountId, patient_id: 'TAKEN-1', name: 'Outro paciente' });
    expectError(
      await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientId: 'TAKEN-1' }),
      409,
      'HEADER_PATIENT_ID_TAKEN',
    );
    const last = await suite.knex('study_header_edits').where({ study_id: id }).orderBy('created_at', 'desc').first();
    expect(last.status).toBe('failed');
    expect((await call('editor', 'GET', `/studies/${id}/update-data`)).body).toMatchObject({ editInProgress: false });
  });

  it("answers 404 for another account's study, on every call", async () => {
    const id = other.studyIds[0]!;
    expectError(await call('editor', 'GET', `/studies/${id}/update-data`), 404, 'NOT_FOUND');
    expectError(await call('editor', 'PATCH', `/studies/${id}/update-data`, { patientWeight: 1 }), 404, 'NOT_FOUND');
    expectError(await call('editor', 'GET', `/studies/${id}/update-data/history`), 404, 'NOT_FOUND');
    expectError(await call('editor', 'GET', `/studies/clinical-data?studyId=${id}`), 404, 'NOT_FOUND');
    expect(await suite.knex('study_header_edits').where({ study_id: id })).toHaveLength(0);
  });
});

describe('/scheduledExam/{id}/reports/header', () => {
  it('reads and saves the header of an exam without institution (POST and PATCH)', async () => {
    const id = await createScheduledExam(suite.knex, t);
    const read = await call('editor', 'GET', `/scheduledExam/${id}/reports/header`);
    expect(read.status).toBe(200);
    expect(read.body.header.institutionName).toBeNull();
    expect(
      (await call('editor', 'POST', `/scheduledExam/${id}/reports/header`, { examType: 'US de abdome superior' })).body.header
        .examType,
    ).toBe('US de abdome superior');
    expect(
      (await call('editor', 'PATCH', `/scheduledExam/${id}/reports/header`, { historiaClinica: 'Dor abdominal' })).status,
    ).toBe(200);
    expect((await call('editor', 'GET', `/studies/clinical-data?studyId=${id}`)).body.clinicalData).toEqual([
      { typeData: 'historia_clinica', clinicalData: 'Dor abdominal' },
    ]);
    expectError(await call('reader', 'PATCH', `/scheduledExam/${id}/reports/header`, { examType: 'x' }), 403, 'HEADER_FORBIDDEN');
    expectError(await call('outsider', 'GET', `/scheduledExam/${id}/reports/header`), 404, 'NOT_FOUND');
    // a study id is not a scheduled exam
    expectError(await call('editor', 'GET', `/scheduledExam/${t.studyIds[0]}/reports/header`), 404, 'NOT_FOUND');
  });
});
