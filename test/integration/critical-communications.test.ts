/**
 * The closed loop of a critical finding (issue 18) over HTTP against the real platform and its
 * worker: recorded by e-mail → the mail with its link in the outbox → the public page and its
 * single acknowledgement (the timer's workflow ends 'acknowledged'); a second acknowledgement
 * refused; phone recorded directly; the rules (responsible doctor, confirmed finding); another
 * tenant's 404; and the escalation by the platform's worker when nobody acknowledges.
 */
import { Client, Connection } from '@temporalio/client';
import { criticalAckWorkflowId } from '../../workflows/critical-ack/messages';
import type { criticalAckWorkflow } from '../../workflows/critical-ack/workflow';
import { escalateCommunication } from '../../services/critical-findings/escalate';
import { outboxTransport } from '../../services/mail/transport';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';
import type { Permission } from '../../domain/auth/permissions';

jest.setTimeout(90_000);

const DOCTOR: Permission[] = [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT'];
const suite = platformSuite({ beforeStop: async () => connection?.close() });
const api = suite.api;
let t: Tenant;
let other: Tenant;
let connection: Connection;
let temporal: Client;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 4,
    users: { doctor: DOCTOR, colleague: DOCTOR, coordinator: ['STUDIES_CHANGE_ROUTINE'] },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR } });
  await setAccountConfig(suite.knex, t.accountId, { CRITICAL_FINDING_ACK_MINUTES: 30 });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor! }));
  connection = await Connection.connect({ address: suite.config.TEMPORAL_ADDRESS });
  temporal = new Client({ connection, namespace: suite.config.TEMPORAL_NAMESPACE });
});

const call = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], body });
const pub = (method: string, path: string, body?: unknown) => api(method as 'GET', path, { body });
function expectError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
}

/** Starts the report as `doctor` (its responsible) and registers a finding (not a suspicion). */
async function confirmedFinding(n: number): Promise<string> {
  const studyId = t.studyIds[n]!;
  expect((await call('doctor', 'POST', `/studies/${studyId}/reports/start`)).status).toBe(200);
  const [f] = await suite
    .knex('account_critical_findings')
    .insert({ account_id: t.accountId, level_and_name: `Nível 1 - Pneumotórax ${n}` })
    .returning('id');
  const res = await call('doctor', 'POST', '/studies/studyCriticalFinding', {
    studyId,
    accountCriticalFindingId: f.id,
    observation: 'à direita',
  });
  expect(res.status).toBe(201);
  expect(res.body.finding.status).toBe('FINDING_CREATED');
  return studyId;
}

const tokenOf = (mail: { link_url: string }) => mail.link_url.split('/critical-ack/')[1]!;
const ackMail = (to: string) =>
  suite.knex('mail_outbox').where({ kind: 'critical.ack-request', to_address: to }).orderBy('created_at', 'desc').first();

it('by e-mail: the link in the outbox shows the minimum, acknowledges once, records the six fields and ends the timer', async () => {
  const studyId = await confirmedFinding(0);
  const before = Date.now();
  const res = await call('doctor', 'POST', '/studies/criticalFindingCommunications', {
    studyId,
    method: 'email',
    receiverName: 'Dr. Paulo Requisitante',
    receiverEmail: 'Paulo.Req@hospital.test',
  });
  expect(res.status).toBe(201);
  const c = res.body.communication;
  expect(c).toMatchObject({
    method: 'email',
    findingText: 'Nível 1 - Pneumotórax 0 — à direita',
    reportingUserId: t.users.doctor!.id,
    receiverName: 'Dr. Paulo Requisitante',
    receiverEmail: 'paulo.req@hospital.test',
    receivedAt: null,
    acknowledgedAt: null,
    status: 'awaiting',
  });
  expect(c.sentAt).not.toBeNull();
  // The account's 30 minutes.
  expect(new Date(c.ackDueAt).getTime() - new Date(c.createdAt).getTime()).toBeCloseTo(30 * 60_000, -4);
  const mail = await ackMail('paulo.req@hospital.test');
  expect(mail).toMatchObject({ status: 'stored', account_id: t.accountId, to_user_id: null });
  expect(mail.subject).toBe(
    `Achado crítico: confirme o recebimento (P. ${t.users.doctor!.name.split(' ')[1]![0]!.toUpperCase()}.)`,
  );
  expect(mail.text_body).toContain('Nível 1 - Pneumotórax 0 — à direita');
  expect(mail.text_body).not.toContain(`Paciente ${t.users.doctor!.name.split(' ')[1]}`);
  expect(mail.link_url).toMatch(/^http:\/\/.+\/critical-ack\/[A-Za-z0-9_-]{43}$/);
  // Only the hash is stored.
  const row = await suite.knex('critical_finding_communications').where({ id: c.id }).first();
  expect(row.token_hash).toHaveLength(64);
  expect(row.token_hash).not.toContain(tokenOf(mail));

  const handle = temporal.workflow.getHandle<typeof criticalAckWorkflow>(criticalAckWorkflowId(c.id));
  expect((await handle.describe()).status.name).toBe('RUNNING');

  const view = await pub('GET', `/public/critical-ack/${tokenOf(mail)}`);
  expect(view.status).toBe(200);
  expect(view.body.acknowledgement).toMatchObject({
    findingText: 'Nível 1 - Pneumotórax 0 — à direita',
    reportingDoctor: t.users.doctor!.name,
    accessionNumber: expect.stringMatching(/^ACC-/),
    examType: 'TC de crânio',
    addressedTo: 'Dr. Paulo Requisitante',
  });
  expect(view.body.acknowledgement.patientInitials).toMatch(/^P\. [A-Z0-9]\.$/);
  expectError(
    await pub('POST', `/public/critical-ack/${tokenOf(mail)}`, { receiverName: '  ' }),
    400,
    'CRITICAL_RECEIVER_REQUIRED',
  );

  const ack = await pub('POST', `/public/critical-ack/${tokenOf(mail)}`, { receiverName: 'Paulo R.' });
  expect(ack.status).toBe(200);
  expect(await handle.result()).toBe('acknowledged');
  const list = await call('doctor', 'GET', `/studies/criticalFindingCommunications?studyId=${studyId}`);
  const done = list.body.communications[0];
  expect(done).toMatchObject({ status: 'acknowledged', acknowledgedByName: 'Paulo R.', escalatedAt: null });
  expect(new Date(done.receivedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(done.receivedAt).toBe(done.acknowledgedAt);
  expect(new Date(done.identifiedAt).getTime()).toBeLessThanOrEqual(new Date(done.createdAt).getTime());

  // Used: the page and a second acknowledgement answer 410; an unknown token 404.
  expectError(
    await pub('POST', `/public/critical-ack/${tokenOf(mail)}`, { receiverName: 'Outro' }),
    410,
    'CRITICAL_ACK_LINK_USED',
  );
  expectError(await pub('GET', `/public/critical-ack/${tokenOf(mail)}`), 410, 'CRITICAL_ACK_LINK_USED');
  expectError(await pub('GET', `/public/critical-ack/${'x'.repeat(43)}`), 404, 'CRITICAL_ACK_LINK_UNKNOWN');
  expectError(await pub('GET', '/public/critical-ack/short'), 404, 'CRITICAL_ACK_LINK_UNKNOWN');
  expect(
    (await suite.knex('critical_finding_communications').where({ id: c.id }).first('acknowledged_by_name')).acknowledged_by_name,
  ).toBe('Paulo R.');
});

it('by phone: receiver and time received are recorded directly, with no mail and no timer', async () => {
  const studyId = await confirmedFinding(1);
  const receivedAt = new Date(Date.now() - 5 * 60_000).toISOString();
  const res = await call('doctor', 'POST', '/studies/criticalFindingCommunications', {
    studyId,
    method: 'phone',
    receiverName: 'Dra. Ana Plantonista',
    receivedAt,
  });
  expect(res.status).toBe(201);
  expect(res.body.communication).toMatchObject({
    method: 'phone',
    receiverName: 'Dra. Ana Plantonista',
    receivedAt,
    status: 'acknowledged',
    ackDueAt: null,
    sentAt: null,
  });
  const id = res.body.communication.id;
  await expect(temporal.workflow.getHandle(criticalAckWorkflowId(id)).describe()).rejects.toThrow();
  expect(await suite.knex('mail_outbox').where({ kind: 'critical.ack-request', account_id: t.accountId })).toHaveLength(1);
  const audit = await suite.knex('audit_log').where({ study_id: studyId, action: 'study.criticalFinding.communicate' });
  expect(audit).toHaveLength(1);
});

it('only the responsible doctor communicates, only a confirmed finding; another tenant gets 404', async () => {
  const studyId = t.studyIds[1]!;
  const body = { studyId, method: 'in_person', receiverName: 'Dr. X' };
  expectError(
    await call('colleague', 'POST', '/studies/criticalFindingCommunications', body),
    403,
    'CRITICAL_FINDING_COMMUNICATE_FORBIDDEN',
  );
  expectError(await call('outsider', 'POST', '/studies/criticalFindingCommunications', body), 404, 'NOT_FOUND');
  expectError(await call('outsider', 'GET', `/studies/criticalFindingCommunications?studyId=${studyId}`), 404, 'NOT_FOUND');
  // A study whose report the doctor started but with no finding.
  const bare = t.studyIds[3]!;
  expect((await call('doctor', 'POST', `/studies/${bare}/reports/start`)).status).toBe(200);
  expectError(
    await call('doctor', 'POST', '/studies/criticalFindingCommunications', { ...body, studyId: bare }),
    409,
    'CRITICAL_FINDING_NOT_CONFIRMED',
  );
  expectError(
    await call('doctor', 'POST', '/studies/criticalFindingCommunications', { ...body, method: 'email', receiverEmail: 'nope' }),
    400,
    'EMAIL_INVALID',
  );
  expectError(
    await call('doctor', 'POST', '/studies/criticalFindingCommunications', {
      ...body,
      method: 'phone',
      receivedAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    400,
    'CRITICAL_RECEIVED_AT_FUTURE',
  );
  // The colleague sees the list (whoever sees the study), nothing was added by the refusals.
  const list = await call('colleague', 'GET', `/studies/criticalFindingCommunications?studyId=${studyId}`);
  expect(list.body.communications.map((c: { method: string }) => c.method)).toEqual(['phone']);
});

it('unacknowledged: the timer escalates once, in-app and by mail, to the coordinator and the responsible doctor', async () => {
  const studyId = await confirmedFinding(2);
  const res = await call('doctor', 'POST', '/studies/criticalFindingCommunications', {
    studyId,
    method: 'email',
    receiverName: 'Dr. Sem Resposta',
    receiverEmail: 'sem.resposta@hospital.test',
  });
  const id: string = res.body.communication.id;
  // The account's window is minutes: the run the API started is replaced by one of 1.5 s on
  // the platform's own worker (same workflow, same activity).
  const started = temporal.workflow.getHandle(criticalAckWorkflowId(id));
  await started.terminate('test: a shorter window');
  const handle = await temporal.workflow.start<typeof criticalAckWorkflow>('criticalAckWorkflow', {
    taskQueue: suite.config.TEMPORAL_TASK_QUEUE,
    workflowId: criticalAckWorkflowId(id),
    args: [{ communicationId: id, windowMs: 1500 }],
  });
  expect(await handle.result()).toBe('escalated');
  const list = await call('doctor', 'GET', `/studies/criticalFindingCommunications?studyId=${studyId}`);
  expect(list.body.communications[0]).toMatchObject({ status: 'escalated', acknowledgedAt: null });
  const notified = await suite
    .knex('notifications')
    .where({ study_id: studyId, kind: 'critical.unacknowledged' })
    .orderBy('user_id')
    .select('user_id', 'data');
  expect(notified.map((n) => n.user_id)).toEqual([t.users.doctor!.id, t.users.coordinator!.id].sort());
  expect(notified[0].data.routineName).toBe('Nível 1 - Pneumotórax 2 — à direita');
  const mails = await suite
    .knex('mail_outbox')
    .where({ study_id: studyId, kind: 'critical.unacknowledged' })
    .select('subject', 'status');
  expect(mails).toHaveLength(2);
  expect(mails[0].subject).toMatch(/^Achado crítico sem confirmação: /);
  // The bell sees it.
  const inbox = await call('coordinator', 'GET', '/notifications');
  expect(inbox.body.notifications.map((n: { kind: string }) => n.kind)).toContain('critical.unacknowledged');
  // A retried activity escalates nothing more.
  const publisher = { publishRetained: async () => undefined, close: async () => undefined };
  expect(await escalateCommunication({ knex: suite.knex, publisher, mail: outboxTransport }, id)).toEqual({
    escalated: false,
    recipients: 0,
  });
  expect(await suite.knex('notifications').where({ study_id: studyId, kind: 'critical.unacknowledged' })).toHaveLength(2);
  // Acknowledged late: recorded, the escalation stays on the record.
  const mail = await ackMail('sem.resposta@hospital.test');
  expect((await pub('POST', `/public/critical-ack/${tokenOf(mail)}`, { receiverName: 'Dr. Atrasado' })).status).toBe(200);
  const after = await call('doctor', 'GET', `/studies/criticalFindingCommunications?studyId=${studyId}`);
  expect(after.body.communications[0]).toMatchObject({ status: 'acknowledged', acknowledgedByName: 'Dr. Atrasado' });
  expect(after.body.communications[0].escalatedAt).not.toBeNull();
});
