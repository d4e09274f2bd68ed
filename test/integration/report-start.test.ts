/**
 * Login → start over HTTP → projection → live document on MQTT, against the real Temporal
 * dev server, PostgreSQL and the api's broker; tenancy and concurrency at every step.
 */
import { Client, Connection } from '@temporalio/client';
import mqtt, { type MqttClient } from 'mqtt';
import { loadAccess } from '../../api/access/access';
import { appliedUpdateIdsSql } from '../../api/reports/run-action';
import { findExam, findExamWithLaudo } from '../../api/studies/study-queries';
import { studyTopic } from '../../domain/live/study-document';
import { laudoRecordOf, loadLaudoRecord } from '../../services/reports/laudo-record';
import { laudoWorkflowId } from '../../workflows/laudo/messages';
import { type Tenant, PASSWORD, createScheduledExam, createTenant, setAccountConfig } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({
  overrides: { LOGIN_MAX_ATTEMPTS: '3' },
  beforeStop: async () => {
    await Promise.all(clients.map((c) => c.endAsync()));
  },
});
const api = suite.api;
let a: Tenant;
let b: Tenant;
const clients: MqttClient[] = [];

beforeAll(async () => {
  a = await createTenant(suite.knex, { studies: 4 });
  b = await createTenant(suite.knex, { studies: 1 });
});

async function live(token: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 'session',
    password: token,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}

/** The granted QoS of a subscription; 128 when the broker refused it (mqtt.js rejects those). */
async function subscribe(client: MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    return granted[0]!.qos;
  } catch (err) {
    const packet = (err as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted) return packet.granted[0]!;
    throw err;
  }
}

function nextMessage(client: MqttClient, topic: string, accept: (doc: any) => boolean): Promise<any> {
  return new Promise((resolve) => {
    client.on('message', (t, payload) => {
      const doc = JSON.parse(payload.toString());
      if (t === topic && accept(doc)) resolve(doc);
    });
  });
}

describe('auth', () => {
  it('answers wrong credentials with INVALID_CREDENTIALS and the spec message', async () => {
    const res = await api('POST', '/auth', { body: { username: a.users.doctor!.username, password: 'wrong-Password1!' } });
    expect(res).toEqual({
      status: 401,
      body: { error: { code: 'INVALID_CREDENTIALS', description: 'Cadastro não encontrado ou senha inválida.' } },
    });
    const unknown = await api('POST', '/auth', {
      body: { username: 'nobody.here', password: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(unknown.body.error).toEqual({ code: 'INVALID_CREDENTIALS', description: 'User not found or wrong password.' });
  });

  it('answers a malformed request with MALFORMED_REQUEST', async () => {
    for (const raw of ['{not json', JSON.stringify({ password: 'x' }), JSON.stringify({ username: 'a', password: 7 })]) {
      const res = await api('POST', '/auth', { raw });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('MALFORMED_REQUEST');
    }
  });

  it('logs in by e-mail too, stores only the token hash, and revalidates with GET /auth', async () => {
    const res = await api('POST', '/auth', { body: { username: `${a.users.doctor!.username}@test.laudos`, password: PASSWORD } });
    expect(res.status).toBe(200);
    const token: string = res.body.data.accessToken;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(res.body.data.currentAccountId).toBe(a.accountId); // one account: chosen at once
    expect(await suite.knex('sessions').where({ token_hash: token }).first()).toBeUndefined();
    const again = await api('GET', '/auth', { token });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(a.users.doctor!.id);
  });

  it('answers INVALID_SESSION for an unknown token and after logout', async () => {
    expect((await api('GET', '/auth', { token: 'nope' })).body.error.code).toBe('INVALID_SESSION');
    expect((await api('GET', '/studies', {})).status).toBe(401);
    const token = await login(api, a.users.doctor!.username);
    expect((await api('POST', '/auth/logout', { token })).status).toBe(204);
    expect((await api('GET', '/auth', { token })).body.error.code).toBe('INVALID_SESSION');
  });

  it("blocks a user after the account's LOGIN_ATTEMPTS wrong passwords (USER_BLOCKED)", async () => {
    const t = await createTenant(suite.knex, { studies: 0, users: { victim: [] } });
    await setAccountConfig(suite.knex, t.accountId, { LOGIN_ATTEMPTS: '3' });
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await api('POST', '/auth', { body: { username: t.users.victim!.username, password: 'bad' } })).body.error.code);
    }
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'USER_BLOCKED', 'USER_BLOCKED']);
    expect(
      (await api('POST', '/auth', { body: { username: t.users.victim!.username, password: PASSWORD } })).body.error.code,
    ).toBe('USER_BLOCKED');
  });

  it('makes a user with several accounts choose one, and refuses an account not theirs', async () => {
    const token = await login(api, a.users.doctor!.username);
    const doctorId = a.users.doctor!.id;
    await suite.knex('user_accounts').insert({ user_id: doctorId, account_id: b.accountId });
    try {
      const fresh = await api('POST', '/auth', { body: { username: a.users.doctor!.username, password: PASSWORD } });
      expect(fresh.body.data.currentAccountId).toBeNull();
      expect(Object.keys(fresh.body.data.accounts).sort()).toEqual([a.accountId, b.accountId].sort());
      const t2: string = fresh.body.data.accessToken;
      expect((await api('GET', '/studies', { token: t2 })).body.error.code).toBe('FORBIDDEN_ACCESS');
      const chosen = await api('POST', '/auth/changeAccount', { token: t2, body: { accountId: a.accountId } });
      expect(chosen.body.data.currentAccountId).toBe(a.accountId);
      expect((await api('GET', '/studies', { token: t2 })).status).toBe(200);
    } finally {
      await suite.knex('user_accounts').where({ user_id: doctorId, account_id: b.accountId }).delete();
    }
    const other = await createTenant(suite.knex, { studies: 0, users: {} });
    expect((await api('POST', '/auth/changeAccount', { token, body: { accountId: other.accountId } })).status).toBe(403);
  });
});

describe('studies and the start of a report', () => {
  it('lists only the current account studies, paginated', async () => {
    const token = await login(api, a.users.doctor!.username);
    const res = await api('GET', '/studies?page=1&pageSize=10', { token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.studies.map((s: { id: string }) => s.id).sort()).toEqual([...a.studyIds].sort());
    expect((await api('GET', '/studies?pageSize=7', { token })).body.error.code).toBe('MALFORMED_REQUEST');
  });

  it("answers 404 for another tenant's study, on read and on start", async () => {
    const token = await login(api, b.users.doctor!.username);
    expect((await api('GET', `/studies/${a.studyIds[0]}`, { token })).status).toBe(404);
    const start = await api('POST', `/studies/${a.studyIds[0]}/reports/start`, { token, body: {} });
    expect(start.status).toBe(404);
    expect((await suite.knex('studies').where({ id: a.studyIds[0] }).first()).laudo_state).toBe(0);
  });

  it('refuses start without STUDIES_SAVE_REPORTS (403) and writes nothing', async () => {
    const token = await login(api, a.users.typist!.username);
    const study = await api('GET', `/studies/${a.studyIds[1]}`, { token });
    expect(study.body.study.report.allowedActions).toEqual([]);
    const res = await api('POST', `/studies/${a.studyIds[1]}/reports/start`, { token, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN_ACCESS');
    expect((await suite.knex('studies').where({ id: a.studyIds[1] }).first()).laudo_state).toBe(0);
  });

  it('starts over HTTP: projection reads 1, a subscribed client gets the live document, another account gets nothing', async () => {
    const studyId = a.studyIds[0]!;
    const token = await login(api, a.users.doctor!.username);
    const topic = studyTopic(a.accountId, a.institutionId, studyId);

    const watcher = await live(await login(api, a.users.typist!.username));
    expect(await subscribe(watcher, topic)).toBe(1);
    const received = nextMessage(watcher, topic, (doc) => doc.laudoState === 1);

    const intruder = await live(await login(api, b.users.doctor!.username));
    expect(await subscribe(intruder, topic)).toBe(128);
    expect(await subscribe(intruder, 'laudos/#')).toBe(128);
    expect(await subscribe(intruder, `laudos/accounts/${a.accountId}/institutions/${a.institutionId}/studies/+`)).toBe(128);
    const leaked: string[] = [];
    intruder.on('message', (t) => leaked.push(t));

    const view = await api('GET', `/studies/${studyId}`, { token });
    expect(view.body.study.report).toMatchObject({ state: 0, allowedActions: ['start'] });

    const res = await api('POST', `/studies/${studyId}/reports/start`, { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ state: 1, userId: a.users.doctor!.id, version: 1 });
    expect(res.body.report.allowedActions).not.toContain('start');

    // Read-your-writes: the projection is written before the update returns.
    const study = await suite.knex('studies').where({ id: studyId }).first();
    expect(study).toMatchObject({ laudo_state: 1, laudo_user_id: a.users.doctor!.id });
    const laudo = await suite.knex('laudos').where({ id: study.laudo_id }).first();
    expect(laudo).toMatchObject({ state: 1, version: 1, seq: 1, doctor_name: a.users.doctor!.name });
    expect(await suite.knex('laudo_versions').where({ laudo_id: study.laudo_id }).select('version', 'state')).toEqual([
      { version: 1, state: 1 },
    ]);
    expect(await suite.knex('audit_log').where({ laudo_id: study.laudo_id, action: 'laudo.start' }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);

    const doc = await received;
    expect(doc).toMatchObject({
      studyId,
      laudoId: study.laudo_id,
      accountId: a.accountId,
      laudoState: 1,
      laudoUserId: a.users.doctor!.id,
      seq: 1,
    });

    // A late subscriber gets the retained document at once.
    const late = await live(token);
    const retained = nextMessage(late, topic, () => true);
    expect(await subscribe(late, topic)).toBe(1);
    expect(await retained).toMatchObject({ laudoState: 1 });

    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toEqual([]);

    const again = await api('POST', `/studies/${studyId}/reports/start`, { token, body: {} });
    expect(again).toEqual({
      status: 409,
      body: { error: { code: 'REPORT_CANNOT_START', description: 'Impossível iniciar o laudo' } },
    });
  });

  it('lets exactly one of 10 concurrent starts succeed', async () => {
    const studyId = a.studyIds[2]!;
    const token = await login(api, a.users.doctor!.username);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', `/studies/${studyId}/reports/start`, { token, body: {} })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.description).toBe('Impossível iniciar o laudo');
    const study = await suite.knex('studies').where({ id: studyId }).first();
    expect(await suite.knex('laudo_versions').where({ laudo_id: study.laudo_id }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('acts on a report whose workflow is gone: the Update finds none and is sent again with the start', async () => {
    // A committed report's action goes to its running workflow as a plain Update; an operator
    // may have terminated that workflow (or a server lost it): the report goes on from its projection.
    const c = await createTenant(suite.knex, { studies: 1 });
    const studyId = c.studyIds[0]!;
    const token = await login(api, c.users.doctor!.username);
    expect((await api('POST', `/studies/${studyId}/reports/start`, { token, body: {} })).status).toBe(200);
    const { laudo_id: laudoId } = await suite.knex('studies').where({ id: studyId }).first('laudo_id');
    const connection = await Connection.connect({ address: suite.config.TEMPORAL_ADDRESS });
    try {
      const handle = new Client({ connection, namespace: suite.config.TEMPORAL_NAMESPACE }).workflow.getHandle(
        laudoWorkflowId(laudoId),
      );
      const firstRun = (await handle.describe()).runId;
      await handle.terminate('test: an operator ends the run');
      const saved = await api('POST', `/studies/${studyId}/reports/save`, { token, body: { content: '<p>Pulmões limpos.</p>' } });
      expect(saved.status).toBe(200);
      expect(saved.body.report.state).toBe(2);
      const now = await handle.describe();
      expect(now.runId).not.toBe(firstRun);
      expect(now.status.name).toBe('RUNNING');
      expect((await suite.knex('laudos').where({ id: laudoId }).first('seq')).seq).toBe(2);
    } finally {
      await connection.close();
    }
  });

  it('rejects a body outside the schema with MALFORMED_REQUEST', async () => {
    const token = await login(api, a.users.doctor!.username);
    const res = await api('POST', `/studies/${a.studyIds[3]}/reports/start`, { token, body: { structuredType: 'XYZ' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MALFORMED_REQUEST');
  });
});

describe('an exam and its report in one read (ADR 049)', () => {
  it('gives what the exam and the report read apart give, and nothing of another tenant', async () => {
    const token = await login(api, a.users.doctor!.username);
    const started = a.studyIds[1]!;
    const key = `k-${Date.now()}`;
    const keyed = await api('POST', `/studies/${started}/reports/start`, {
      token,
      body: {},
      headers: { 'idempotency-key': key },
    });
    expect(keyed.status).toBe(200);
    const scheduled = await createScheduledExam(suite.knex, a);
    const doctor = a.users.doctor!;
    const access = await loadAccess(suite.knex, { id: doctor.id, name: doctor.name, superRole: false }, a.accountId);
    // A report the workflow wrote (its snapshot), one no workflow touched (read from its
    // columns and studies), and a scheduled exam's.
    const cases = [
      ['study', started],
      ['study', a.studyIds[3]!],
      ['scheduled', scheduled],
    ] as const;
    for (const [kind, id] of cases) {
      const together = await findExamWithLaudo(suite.knex, access, kind, id);
      const exam = await findExam(suite.knex, access, kind, id);
      expect(together?.exam).toEqual(exam);
      const apart = await loadLaudoRecord(suite.knex, a.accountId, exam!.laudoId);
      expect(laudoRecordOf(a.accountId, together!.laudo, together!.parts)).toEqual(apart);
    }
    const again = (await findExamWithLaudo(suite.knex, access, 'study', started))!;
    expect(again.parts).toBeNull(); // it has its snapshot: no part is read
    expect(laudoRecordOf(a.accountId, again.laudo, again.parts).record.state).toBe(1);
    // A report no workflow touched: its record from its studies, patient and account.
    const fresh = (await findExamWithLaudo(suite.knex, access, 'study', a.studyIds[3]!))!;
    const study = await suite
      .knex('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .where('s.id', a.studyIds[3]!)
      .first('s.modalities', 'p.patient_id');
    expect(laudoRecordOf(a.accountId, fresh.laudo, fresh.parts).record).toMatchObject({
      state: 0,
      studyIds: [a.studyIds[3]],
      modalities: study.modalities,
      patientId: study.patient_id,
      hasOldVersion: false,
      contentEmpty: true,
      allowSismama: false,
    });
    // The keyed start above, looked for in the same statement (by its key, any action).
    const lookup = (k: string) =>
      findExamWithLaudo(suite.knex, access, 'study', started, { appliedUpdateIds: appliedUpdateIdsSql(suite.knex, k) });
    const withKey = (await lookup(key))!;
    expect(withKey.more).toEqual({ appliedUpdateIds: [`start:${key}`] });
    expect(withKey.exam).not.toHaveProperty('appliedUpdateIds');
    expect((await lookup(`${key}x`))!.more).toEqual({ appliedUpdateIds: [] });
    expect((await lookup(key.slice(1)))!.more).toEqual({ appliedUpdateIds: [] });
    expect(await findExamWithLaudo(suite.knex, access, 'study', b.studyIds[0]!)).toBeUndefined();
    // A row of another account is refused even when handed over.
    const bLaudo = await suite.knex('laudos').where({ account_id: b.accountId }).first();
    expect(() => laudoRecordOf(a.accountId, bLaudo, null)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
