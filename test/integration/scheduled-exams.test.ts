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
      reception: ['STUDIES_CHANGE_EXAM_STATUS'],
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

describe('the worklist agendados', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // Booked at 01:30 and 23:30 of 2026-12-01 and 08:00 of 2026-12-02 in São Paulo (UTC−3):
    // the calendar day is São Paulo's whatever the process's zone.
    const booked = ['2026-12-01T04:30:00Z', '2026-12-02T02:30:00Z', '2026-12-02T11:00:00Z'];
    for (const [n, at] of booked.entries()) {
      const id = await createScheduledExam(suite.knex, t, n === 2 ? 'MG' : 'US');
      await suite.knex('studies').where({ id }).update({ scheduled_at: at, exam_status: n === 1 ? 'CALL_PATIENT' : null });
      ids.push(id);
    }
  });
  const listed = async (q: string) => {
    const res = await call('doctor', 'GET', `/listScheduledExams?${q}`);
    expect(res.status).toBe(200);
    return (res.body.exams as { id: string }[]).map((e) => e.id).filter((id) => ids.includes(id));
  };

  it('reads soonest first by default, filters by São Paulo day, status, modality and text', async () => {
    expect(await listed('from=2026-12-01&to=2026-12-02')).toEqual(ids);
    expect(await listed('from=2026-12-01&to=2026-12-02&sort=desc')).toEqual([...ids].reverse());
    expect(await listed('from=2026-12-01&to=2026-12-01')).toEqual([ids[0], ids[1]]);
    expect(await listed('from=2026-12-01&to=2026-12-02&examStatus=CALL_PATIENT')).toEqual([ids[1]]);
    expect(await listed('from=2026-12-01&to=2026-12-02&examStatus=NONE')).toEqual([ids[0], ids[2]]);
    expect(await listed('from=2026-12-01&to=2026-12-02&modality=MG')).toEqual([ids[2]]);
    const exam = await suite.knex('studies').where({ id: ids[2] }).first('accession_number');
    expect(await listed(`q=${exam.accession_number}`)).toEqual([ids[2]]);
    const res = await call('doctor', 'GET', '/listScheduledExams?from=2026-12-01&to=2026-12-01');
    expect(res.body.exams[0]).toMatchObject({ scheduledAt: '2026-12-01T04:30:00.000Z', institutionId: null });
  });

  it('refuses unknown filters and statuses with 400', async () => {
    expect((await call('doctor', 'GET', '/listScheduledExams?examStatus=DONE')).status).toBe(400);
    expect((await call('doctor', 'GET', '/listScheduledExams?institutionId=' + t.institutionId)).status).toBe(400);
    expect((await call('doctor', 'GET', '/listScheduledExams?from=01/12/2026')).status).toBe(400);
  });

  it('opens one exam with its report, and changes its status, in the account only', async () => {
    const detail = await call('doctor', 'GET', `/scheduledExam/${ids[0]}`);
    expect(detail.status).toBe(200);
    expect(detail.body.study).toMatchObject({ id: ids[0], institutionId: null, report: { state: 0 } });
    expect(detail.body.study.report.allowedActions).toContain('start');
    expect((await call('outsider', 'GET', `/scheduledExam/${ids[0]}`)).status).toBe(404);
    expect((await call('doctor', 'GET', `/scheduledExam/${t.studyIds[0]}`)).status).toBe(404);
    // The opinion dialog offers holders of the worklist's opinion permission, not the institution's.
    const opinion = await call('doctor', 'GET', `/scheduledExam/${ids[0]}/doctors?purpose=opinion`);
    const names = (opinion.body.doctors as { id: string }[]).map((d) => d.id);
    expect(names).toContain(t.users.consultant!.id);
    expect(names).not.toContain(t.users.institutionOnly!.id);
    expect((await call('outsider', 'GET', `/scheduledExam/${ids[0]}/doctors`)).status).toBe(404);

    const refused = await call('doctor', 'PUT', `/scheduledExam/${ids[0]}/exam-status`, { status: 'IN_PROGRESS' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('CANNOT_MANAGE_STUDY');
    const changed = await call('reception', 'PUT', `/scheduledExam/${ids[0]}/exam-status`, { status: 'IN_PROGRESS' });
    expect(changed.status).toBe(200);
    expect(await listed('from=2026-12-01&to=2026-12-02&examStatus=IN_PROGRESS')).toEqual([ids[0]]);
    expect((await call('outsider', 'PUT', `/scheduledExam/${ids[0]}/exam-status`, { status: 'CANCELED' })).status).toBe(404);
    expect((await call('reception', 'PUT', `/scheduledExam/${ids[0]}/exam-status`, { status: 'DONE' })).status).toBe(400);
    const row = await suite.knex('studies').where({ id: ids[0] }).first('exam_status');
    expect(row.exam_status).toBe('IN_PROGRESS');
  });
});
