/**
 * Critical findings and comments (spec 2 §3–§6) over HTTP against the real platform: a
 * suspicion on a report not started, accepted by the responsible doctor, the account
 * setting that forces it into the report, deletion rules, comments with read marks and the
 * limit message, the list badges, the live document, and another account's ids (404).
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { Permission } from '../../domain/auth/permissions';
import { type LiveStudyDocument, isNotOlder } from '../../domain/live/study-document';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const DOCTOR: Permission[] = [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT', 'STUDIES_CREATE_COMMENTS'];

const suite = platformSuite({
  beforeStop: async () => {
    await watcher?.endAsync();
  },
});
const api = suite.api;
let t: Tenant;
let other: Tenant;
let watcher: MqttClient;
const live = new Map<string, LiveStudyDocument>();
const tokens: Record<string, string> = {};
const findings: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 5,
    users: { doctor: DOCTOR, colleague: DOCTOR, reader: ['STUDIES_RETRIEVE_REPORTS'] },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR } });
  const rows = await suite
    .knex('account_critical_findings')
    .insert([
      { account_id: t.accountId, level_and_name: 'Nível 1 - Pneumotórax hipertensivo' },
      { account_id: t.accountId, level_and_name: 'Nível 2 - Fratura instável' },
    ])
    .returning(['id', 'level_and_name']);
  for (const r of rows) findings[r.level_and_name.slice(0, 7)] = r.id;
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor! }));
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

async function call(who: string, method: string, path: string, body?: unknown) {
  return api(method, path, { token: tokens[who], body });
}
function expectError(res: { status: number; body: any }, status: number, code: string, description?: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (description) expect(res.body.error.description).toBe(description);
}
const liveDoc = (studyId: string, accept: (d: LiveStudyDocument) => boolean, what: string) =>
  eventually(
    () => live.get(studyId),
    (d) => d !== undefined && accept(d),
    { what },
  );
async function findingId(studyId: string): Promise<string> {
  return (await suite.knex('study_critical_findings').where({ study_id: studyId }).first('id')).id;
}
async function listItem(who: string, studyId: string) {
  const res = await call(who, 'GET', '/studies?pageSize=100');
  expect(res.status).toBe(200);
  return res.body.studies.find((s: { id: string }) => s.id === studyId);
}

describe('critical findings', () => {
  it('lists the account catalogue, and answers 404 for another account', async () => {
    const res = await call('doctor', 'GET', `/accounts/${t.accountId}/accountCriticalFinding`);
    expect(res.body.criticalFindings.map((f: { levelAndName: string }) => f.levelAndName)).toEqual([
      'Nível 1 - Pneumotórax hipertensivo',
      'Nível 2 - Fratura instável',
    ]);
    expectError(await call('outsider', 'GET', `/accounts/${t.accountId}/accountCriticalFinding`), 404, 'NOT_FOUND');
  });

  it('a report not started gets a suspicion; the responsible doctor accepts it; badge and live document follow', async () => {
    const id = t.studyIds[0]!;
    expectError(
      await call('doctor', 'POST', '/studies/studyCriticalFinding', { studyId: id, observation: 'sem tipo' }),
      400,
      'CRITICAL_FINDING_DESCRIPTION_REQUIRED',
      'Descrição do achado crítico é obrigatória',
    );
    expectError(
      await call('doctor', 'POST', '/studies/studyCriticalFinding', {
        studyId: id,
        accountCriticalFindingId: findings['Nível 1'],
        observation: 'x'.repeat(256),
      }),
      400,
      'CHARACTER_LIMIT_EXCEEDED',
    );
    expectError(
      await call('reader', 'POST', '/studies/studyCriticalFinding', {
        studyId: id,
        accountCriticalFindingId: findings['Nível 1'],
      }),
      403,
      'CRITICAL_FINDING_FORBIDDEN',
    );
    const created = await call('colleague', 'POST', '/studies/studyCriticalFinding', {
      studyId: id,
      accountCriticalFindingId: findings['Nível 1'],
      observation: 'Suspeita de pneumotórax à direita',
    });
    expect(created.status).toBe(201);
    expect(created.body.finding).toMatchObject({
      status: 'SUSPICION_CREATED',
      levelAndName: 'Nível 1 - Pneumotórax hipertensivo',
      userCreatedSuspicionId: t.users.colleague!.id,
      inTheReport: false,
    });
    expectError(
      await call('doctor', 'POST', '/studies/studyCriticalFinding', {
        studyId: id,
        accountCriticalFindingId: findings['Nível 2'],
      }),
      409,
      'CRITICAL_FINDING_EXISTS',
    );
    await liveDoc(id, (d) => d.statusFinding === 'Suspeita criada', 'suspicion badge live');
    expect((await listItem('reader', id)).criticalFinding).toEqual({
      status: 'SUSPICION_CREATED',
      levelAndName: 'Nível 1 - Pneumotórax hipertensivo',
    });

    // Nobody is responsible before the report starts; then only its doctor decides.
    expectError(
      await call('doctor', 'PATCH', `/studies/studyCriticalFinding/${await findingId(id)}`, {}),
      403,
      'CRITICAL_FINDING_NOT_RESPONSIBLE',
    );
    expect((await call('doctor', 'POST', `/studies/${id}/reports/start`)).status).toBe(200);
    expectError(
      await call('colleague', 'PATCH', `/studies/studyCriticalFinding/${await findingId(id)}`, {}),
      403,
      'CRITICAL_FINDING_NOT_RESPONSIBLE',
    );
    const view = await call('doctor', 'GET', `/studies/studyCriticalFinding?studyId=${id}`);
    expect(view.body).toMatchObject({ canEdit: true, isResponsible: true, laudoState: 1, forcedInReport: false });
    const accepted = await call('doctor', 'PATCH', `/studies/studyCriticalFinding/${await findingId(id)}`, { inTheReport: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.finding).toMatchObject({
      status: 'SUSPICION_ACCEPTED',
      inTheReport: true,
      userCreatedFindingId: t.users.doctor!.id,
    });
    // The start transition's document and the acceptance both carry the finding.
    await liveDoc(id, (d) => d.laudoState === 1 && d.statusFinding === 'Suspeita aceita', 'accepted badge live');
    expectError(
      await call('doctor', 'PATCH', `/studies/studyCriticalFinding/${await findingId(id)}/reject`, {}),
      409,
      'CRITICAL_FINDING_NOT_SUSPICION',
    );
    // The suspicion's creator may no longer delete it (the report started); the doctor who accepted may.
    expectError(
      await call('colleague', 'DELETE', `/studies/studyCriticalFinding?studyId=${id}`),
      403,
      'CRITICAL_FINDING_DELETE_FORBIDDEN',
    );
    expect((await call('doctor', 'DELETE', `/studies/studyCriticalFinding?studyId=${id}`)).status).toBe(204);
    await liveDoc(id, (d) => d.statusFinding === null && d.laudoState === 1, 'badge cleared live');
    expect((await listItem('reader', id)).criticalFinding).toBeNull();
  });

  it('a started report gets a finding, forced into the report when the account setting names the institution', async () => {
    const id = t.studyIds[1]!;
    await suite
      .knex('accounts')
      .where({ id: t.accountId })
      .update({ config: { INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT: `other-id, ${t.institutionId}` } });
    expect((await call('doctor', 'POST', `/studies/${id}/reports/start`)).status).toBe(200);
    const created = await call('doctor', 'POST', '/studies/studyCriticalFinding', {
      studyId: id,
      accountCriticalFindingId: findings['Nível 2'],
      inTheReport: false,
    });
    expect(created.body.finding).toMatchObject({ status: 'FINDING_CREATED', inTheReport: true });
    await liveDoc(id, (d) => d.statusFinding === 'Achado crítico criado', 'finding badge live');
    await suite.knex('accounts').where({ id: t.accountId }).update({ config: {} });
  });

  it('a suspicion is rejected by the responsible doctor, and its creator may delete one while not started', async () => {
    const rejected = t.studyIds[2]!;
    await call('colleague', 'POST', '/studies/studyCriticalFinding', {
      studyId: rejected,
      accountCriticalFindingId: findings['Nível 1'],
    });
    await call('doctor', 'POST', `/studies/${rejected}/reports/start`);
    const res = await call('doctor', 'PATCH', `/studies/studyCriticalFinding/${await findingId(rejected)}/reject`, {});
    expect(res.status).toBe(200);
    expect(res.body.finding).toBeNull();

    const deleted = t.studyIds[3]!;
    await call('colleague', 'POST', '/studies/studyCriticalFinding', {
      studyId: deleted,
      accountCriticalFindingId: findings['Nível 1'],
    });
    expectError(
      await call('doctor', 'DELETE', `/studies/studyCriticalFinding?studyId=${deleted}`),
      403,
      'CRITICAL_FINDING_DELETE_FORBIDDEN',
    );
    expect((await call('colleague', 'DELETE', `/studies/studyCriticalFinding?studyId=${deleted}`)).status).toBe(204);
    const audited = await suite
      .knex('audit_log')
      .where({ account_id: t.accountId })
      .whereIn('study_id', [rejected, deleted])
      .orderBy('at')
      .pluck('action');
    expect(audited).toEqual(
      expect.arrayContaining(['study.criticalFinding.create', 'study.criticalFinding.reject', 'study.criticalFinding.delete']),
    );
  });

  it("another account's study answers 404", async () => {
    const id = t.studyIds[0]!;
    expectError(await call('outsider', 'GET', `/studies/studyCriticalFinding?studyId=${id}`), 404, 'NOT_FOUND');
    const other = t.studyIds[3]!;
    await call('colleague', 'POST', '/studies/studyCriticalFinding', {
      studyId: other,
      accountCriticalFindingId: findings['Nível 1'],
    });
    expectError(
      await call('outsider', 'PATCH', `/studies/studyCriticalFinding/${await findingId(other)}/reject`, {}),
      404,
      'NOT_FOUND',
    );
    expectError(await call('outsider', 'DELETE', `/studies/studyCriticalFinding?studyId=${other}`), 404, 'NOT_FOUND');
    expectError(
      await call('outsider', 'POST', '/studies/studyCriticalFinding', {
        studyId: id,
        accountCriticalFindingId: findings['Nível 1'],
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('comments', () => {
  it('posts within 250 characters, marks reads per user, counts unread in the list and live', async () => {
    const id = t.studyIds[4]!;
    expectError(
      await call('doctor', 'POST', '/studies/comments', { studyId: id, message: 'x'.repeat(251) }),
      400,
      'COMMENT_TOO_LONG',
      'O comentário excede o limite',
    );
    expectError(await call('doctor', 'POST', '/studies/comments', { studyId: id, message: '   ' }), 400, 'COMMENT_EMPTY');
    expectError(await call('reader', 'POST', '/studies/comments', { studyId: id, message: 'Olá' }), 403, 'COMMENT_FORBIDDEN');

    const posted = await call('doctor', 'POST', '/studies/comments', { studyId: id, message: 'Paciente com prótese metálica.' });
    expect(posted.status).toBe(201);
    await call('colleague', 'POST', '/studies/comments', { studyId: id, message: 'x'.repeat(250) });
    await liveDoc(id, (d) => d.commentCount === 2, 'comment count live');

    const listed = await call('reader', 'GET', `/studies/comments?studyId=${id}`);
    expect(listed.body.comments).toHaveLength(2);
    expect(listed.body.comments[0]).toMatchObject({
      comment: 'Paciente com prótese metálica.',
      userId: t.users.doctor!.id,
      userFullname: t.users.doctor!.name,
      readBy: { [t.users.doctor!.id]: true },
    });
    expect(await listItem('doctor', id)).toMatchObject({ commentCount: 2, unreadComments: 1 });
    expect(await listItem('reader', id)).toMatchObject({ commentCount: 2, unreadComments: 2 });
    expect((await call('reader', 'POST', '/studies/comments/read', { studyId: id })).status).toBe(204);
    expect(await listItem('reader', id)).toMatchObject({ unreadComments: 0 });

    expectError(await call('outsider', 'GET', `/studies/comments?studyId=${id}`), 404, 'NOT_FOUND');
    expectError(await call('outsider', 'POST', '/studies/comments', { studyId: id, message: 'intruso' }), 404, 'NOT_FOUND');
  });
});
