/**
 * Scheduled exams (no institution, `/scheduledExam/{id}/…`): the opinion states 13 and 17,
 * account-wide permissions, live documents on the account's `none` topic.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import { type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({
  beforeStop: async () => {
    await Promise.all(clients.map((c) => c.endAsync()));
  },
});
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 1,
    users: {
      doctor: ['STUDIES_SAVE_REPORTS', 'STUDIES_CREATE_LAUDO_OPINION'],
      consultant: ['STUDIES_SAVE_REPORTS', 'WORKLIST_INSERT_LAUDO_OPINION'],
      institutionOnly: ['STUDIES_SAVE_REPORTS', 'STUDIES_INSERT_LAUDO_OPINION'],
    },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor! }));
});

async function call(who: string, method: string, path: string, body: unknown = {}) {
  return api(method, path, { token: tokens[who], body: method === 'GET' ? undefined : body });
}

it('lists the account scheduled exams only, apart from studies', async () => {
  const id = await createScheduledExam(suite.knex, t);
  const mine = await call('doctor', 'GET', '/listScheduledExams');
  expect(mine.body.exams.map((e: { id: string }) => e.id)).toContain(id);
  expect(mine.body.exams[0]).toMatchObject({ institutionId: null, laudoState: 0 });
  expect((await call('doctor', 'GET', '/studies')).body.studies.map((s: { id: string }) => s.id)).not.toContain(id);
  expect((await call('outsider', 'GET', '/listScheduledExams')).body.exams).toEqual([]);
  expect((await call('outsider', 'POST', `/scheduledExam/${id}/reports/start`)).status).toBe(404);
  // A scheduled exam is not reachable as a study, nor the reverse.
  expect((await call('doctor', 'POST', `/studies/${id}/reports/start`)).status).toBe(404);
  expect((await call('doctor', 'POST', `/scheduledExam/${t.studyIds[0]}/reports/start`)).status).toBe(404);
});

it('second opinion without institution: 1 → 13 → 17 → back, with WORKLIST_INSERT_LAUDO_OPINION', async () => {
  const id = await createScheduledExam(suite.knex, t);
  const watcher = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.consultant!,
    reconnectPeriod: 0,
  });
  clients.push(watcher);
  const topic = studyTopic(t.accountId, null, id);
  const docs: any[] = [];
  watcher.on('message', (tp, payload) => tp === topic && docs.push(JSON.parse(payload.toString())));
  await watcher.subscribeAsync(topic, { qos: 1 });
  const intruder = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.outsider!,
    reconnectPeriod: 0,
  });
  clients.push(intruder);
  await expect(intruder.subscribeAsync(topic, { qos: 1 })).rejects.toThrow();

  expect((await call('doctor', 'POST', `/scheduledExam/${id}/reports/start`)).status).toBe(200);
  const request = await call('doctor', 'POST', `/scheduledExam/${id}/reports-opinion/request`, {
    laudoOpinionUserId: t.users.consultant!.id,
    description: 'Avaliar vesícula',
    laudoContent: '<p>Vesícula com cálculo.</p>',
  });
  expect(request.body.report.state).toBe(13);
  // Without institution the worklist permission (WORKLIST_INSERT_LAUDO_OPINION) counts.
  const given = await call('consultant', 'PUT', `/scheduledExam/${id}/reports-opinion`, {
    status: 1,
    description: 'Concordo com o cálculo',
  });
  expect(given.status).toBe(200);
  expect(given.body.report.state).toBe(17);
  expect((await call('doctor', 'POST', `/scheduledExam/${id}/reports-opinion/accept`)).body.report.state).toBe(1);
  const finished = await call('doctor', 'POST', `/scheduledExam/${id}/reports/saveReport`, { content: '<p>Colelitíase.</p>' });
  expect(finished.body.report.state).toBe(2);
  const versions = await call('doctor', 'GET', `/scheduledExam/${id}/reports`);
  expect(versions.body.versions).toEqual([
    expect.objectContaining({ version: 1, status: 'FINISHED', doctorNameOpinion: t.users.consultant!.name }),
  ]);
  await new Promise((r) => setTimeout(r, 200));
  expect(docs.map((d) => d.laudoState)).toEqual(expect.arrayContaining([1, 13, 17, 2]));
  expect(docs.at(-1)).toMatchObject({ institutionId: null, laudoState: 2 });
});

it('refuses the institution-only opinion permission on a scheduled exam', async () => {
  const id = await createScheduledExam(suite.knex, t);
  await call('doctor', 'POST', `/scheduledExam/${id}/reports/start`);
  await call('doctor', 'POST', `/scheduledExam/${id}/reports-opinion/request`, {
    laudoOpinionUserId: t.users.institutionOnly!.id,
    description: 'Avaliar',
    laudoContent: '<p>Texto.</p>',
  });
  const res = await call('institutionOnly', 'PUT', `/scheduledExam/${id}/reports-opinion`, {
    status: 1,
    description: 'Concordo',
  });
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe('FORBIDDEN_ACCESS');
});
