/**
 * Issue 16, study maintenance: exam status (permission, audited, in the list and the live
 * document), invalidation with a reason and its recovery, retrieval of an archived study, and
 * the study and patient history tabs built on the audit log. Another account's ids answer 404.
 */
import { studyTopic } from '../../domain/live/study-document';
import { type Tenant, createTenant } from '../support/fixtures';
import { eventually } from '../support/eventually';
import mqtt from 'mqtt';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });
const api = suite.api;
const knex = () => suite.knex;
let t: Tenant;
let other: Tenant;
let tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

const CANNOT = { code: 'CANNOT_MANAGE_STUDY', description: 'Você não pode gerenciar este estudo.' };

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 4,
    users: {
      coordinator: ['STUDIES_CHANGE_EXAM_STATUS', 'STUDIES_INVALIDATE', 'STUDIES_RETRIEVE_ARCHIVED'],
      plain: ['STUDIES_SAVE_REPORTS'],
    },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { admin: [] } });
  await knex()('user_accounts').where({ user_id: other.users.admin!.id, account_id: other.accountId }).update({ is_admin: true });
  tokens = await loginTokens(api, { ...t.users, otherAdmin: other.users.admin! });
});

describe('exam status', () => {
  it('is changed with the permission, audited, shown in the list and published live', async () => {
    const id = t.studyIds[0]!;
    // Another viewer of the list: subscribed to the study's topic as the browser is.
    const live = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
      username: 's',
      password: tokens.plain!,
      reconnectPeriod: 0,
    });
    const docs: any[] = [];
    live.on('message', (_topic, payload) => docs.push(JSON.parse(payload.toString())));
    try {
      await live.subscribeAsync(studyTopic(t.accountId, t.institutionId, id), { qos: 1 });
      const denied = await as('plain', 'PUT', `/studies/${id}/exam-status`, { status: 'CALL_PATIENT' });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toEqual(CANNOT);
      expect((await as('otherAdmin', 'PUT', `/studies/${id}/exam-status`, { status: 'CALL_PATIENT' })).status).toBe(404);
      expect((await as('coordinator', 'PUT', `/studies/${id}/exam-status`, { status: 'LATER' })).status).toBe(400);

      const res = await as('coordinator', 'PUT', `/studies/${id}/exam-status`, { status: 'CALL_PATIENT' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ examStatus: 'CALL_PATIENT' });
      // Another viewer of the list gets the new status pushed.
      await eventually(
        async () => docs.at(-1),
        (doc: any) => doc?.examStatus === 'CALL_PATIENT',
        { what: 'live exam status' },
      );
      const { studies } = (await as('plain', 'GET', '/studies?pageSize=50')).body;
      expect(studies.find((s: { id: string }) => s.id === id).examStatus).toBe('CALL_PATIENT');
      await as('coordinator', 'PUT', `/studies/${id}/exam-status`, { status: 'IN_PROGRESS' });
      const trail = await knex()('audit_log').where({ study_id: id, action: 'study.examStatus' }).orderBy('id').select('detail');
      expect(trail.map((r: { detail: unknown }) => r.detail)).toEqual([
        { from: null, to: 'CALL_PATIENT' },
        { from: 'CALL_PATIENT', to: 'IN_PROGRESS' },
      ]);
    } finally {
      await live.endAsync();
    }
  });
});

describe('invalidated studies', () => {
  it('invalidates with a reason, lists, and recovers', async () => {
    const id = t.studyIds[1]!;
    expect((await as('plain', 'POST', `/studies/${id}/invalidate`, { reason: 'Paciente errado' })).body.error).toEqual(CANNOT);
    expect((await as('otherAdmin', 'POST', `/studies/${id}/invalidate`, { reason: 'x' })).status).toBe(404);
    const empty = await as('coordinator', 'POST', `/studies/${id}/invalidate`, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: 'INVALIDATION_REASON_REQUIRED', description: 'Informe o motivo da invalidação' });

    expect((await as('coordinator', 'POST', `/studies/${id}/invalidate`, { reason: 'Paciente errado' })).status).toBe(204);
    // Out of the study list and of the study's routes; in the invalidated list with who and why.
    const listed = (await as('plain', 'GET', '/studies?pageSize=50')).body.studies.map((s: { id: string }) => s.id);
    expect(listed).not.toContain(id);
    expect((await as('plain', 'GET', `/studies/${id}`)).status).toBe(404);
    const invalidated = (await as('coordinator', 'GET', '/invalidated-studies')).body.studies;
    expect(invalidated).toEqual([
      expect.objectContaining({ id, reason: 'Paciente errado', invalidatedByName: t.users.coordinator!.name, mayRecover: true }),
    ]);
    expect((await as('plain', 'GET', '/invalidated-studies')).body.studies[0].mayRecover).toBe(false);
    expect((await as('otherAdmin', 'GET', '/invalidated-studies')).body.studies).toEqual([]);

    expect((await as('plain', 'POST', `/invalidated-studies/${id}/recover`, {})).body.error).toEqual(CANNOT);
    expect((await as('otherAdmin', 'POST', `/invalidated-studies/${id}/recover`, {})).status).toBe(404);
    // Another viewer's list learns of the recovery: the study's document is listed again, and
    // arrives as new (arrivedAt now), so a list that does not show it reads itself again.
    const live = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
      username: 's',
      password: tokens.plain!,
      reconnectPeriod: 0,
    });
    const docs: any[] = [];
    live.on('message', (_topic, payload) => docs.push(JSON.parse(payload.toString())));
    let recovered;
    try {
      await live.subscribeAsync(studyTopic(t.accountId, t.institutionId, id), { qos: 1 });
      const before = Date.now();
      recovered = await as('coordinator', 'POST', `/invalidated-studies/${id}/recover`, {});
      const doc = await eventually(
        async () => docs.at(-1),
        (d: any) => d !== undefined && !d.unlisted,
        { what: 'live document of the recovered study' },
      );
      expect(Date.parse(doc.arrivedAt)).toBeGreaterThanOrEqual(before - 2000);
    } finally {
      await live.endAsync();
    }
    expect(recovered.status).toBe(200);
    expect(recovered.body.study.id).toBe(id);
    const again = await as('coordinator', 'POST', `/invalidated-studies/${id}/recover`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'STUDY_NOT_INVALIDATED', description: 'O estudo não está invalidado' });
    expect((await as('plain', 'GET', `/studies/${id}`)).status).toBe(200);
  });
});

describe('archived studies', () => {
  it('are retrieved with the permission when their images are still stored', async () => {
    const id = t.studyIds[2]!;
    const notArchived = await as('coordinator', 'POST', `/studies/${id}/retrieve-archived`, {});
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.error).toEqual({ code: 'STUDY_NOT_ARCHIVED', description: 'O estudo não está arquivado' });
    await knex()('studies').where({ id }).update({ storage_class: 'GLACIER' });
    expect((await as('plain', 'POST', `/studies/${id}/retrieve-archived`, {})).body.error).toEqual(CANNOT);
    expect((await as('otherAdmin', 'POST', `/studies/${id}/retrieve-archived`, {})).status).toBe(404);
    const res = await as('coordinator', 'POST', `/studies/${id}/retrieve-archived`, {});
    expect(res.status).toBe(200);
    expect((await knex()('studies').where({ id }).first('storage_class')).storage_class).toBe('STANDARD');

    // A study whose bytes are gone (DELETED) cannot be retrieved: nothing changes.
    const [series] = await knex()('dicom_series')
      .insert({ account_id: t.accountId, study_id: id, series_instance_uid: '1.2.3.4.999' })
      .returning('id');
    await knex()('dicom_instances').insert({
      account_id: t.accountId,
      study_id: id,
      series_id: series.id,
      sop_instance_uid: `1.2.3.4.999.${Date.now()}`,
      transfer_syntax_uid: '1.2.840.10008.1.2.1',
      object_key: `accounts/${t.accountId}/missing.dcm`,
      size: 10,
      metadata: '{}',
    });
    await knex()('studies').where({ id }).update({ storage_class: 'DELETED' });
    const gone = await as('coordinator', 'POST', `/studies/${id}/retrieve-archived`, {});
    expect(gone.status).toBe(409);
    expect(gone.body.error.code).toBe('STUDY_ARCHIVED');
    expect((await knex()('studies').where({ id }).first('storage_class')).storage_class).toBe('DELETED');
  });
});

describe('history tabs', () => {
  it('list every change of the study, and of every study of its patient, with who and when', async () => {
    const [a, b] = [t.studyIds[0]!, t.studyIds[3]!];
    await as('coordinator', 'PUT', `/studies/${b}/exam-status`, { status: 'SCHEDULED' });
    await as('plain', 'GET', `/studies/${a}`); // a read is not a change
    const study = await as('plain', 'GET', `/studies/${a}/history`);
    expect(study.status).toBe(200);
    expect(study.body.entries.map((e: { action: string }) => e.action)).toEqual(['study.examStatus', 'study.examStatus']);
    expect(study.body.entries[0]).toMatchObject({
      userName: t.users.coordinator!.name,
      studyId: a,
      detail: { to: 'IN_PROGRESS' },
    });
    expect(Date.parse(study.body.entries[0].at)).not.toBeNaN();
    // The fixture's studies share one patient: the patient tab holds the changes of all of them.
    const patient = (await as('plain', 'GET', `/studies/${a}/patient-history`)).body.entries;
    expect(new Set(patient.map((e: { studyId: string }) => e.studyId))).toEqual(new Set(t.studyIds));
    expect(patient.some((e: { action: string }) => e.action === 'study.invalidate')).toBe(true);
    expect((await as('otherAdmin', 'GET', `/studies/${a}/history`)).status).toBe(404);
    expect((await as('otherAdmin', 'GET', `/studies/${a}/patient-history`)).status).toBe(404);
  });
});
