/**
 * deadlineSweepWorkflow with its real activity against the test database, on the run's
 * Temporal dev server (ADR 028 says why not the time-skipping server: its binary is not
 * installed here). Studies are placed in time by their arrival: a study 2 h past its deadline
 * raises exactly one alert to its doctor and the coordinator (in-app, live count; mail to the
 * confirmed subscribers of the institution, ADR 032 — here the same two); a
 * signed one raises none; a second sweep, a restarted worker and the Schedule's own run raise
 * no duplicate.
 */
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDeadlineActivities } from '../../activities/deadline-activities';
import { LaudoState } from '../../domain/laudo/states';
import { notificationsTopic } from '../../domain/notifications/notifications';
import type { LivePublisher } from '../../live/publisher';
import { outboxTransport } from '../../services/mail/transport';
import { testEnv } from '../../test/setup/env';
import { type Tenant, createTenant } from '../../test/support/fixtures';
import { eventually } from '../../test/support/eventually';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { ensureDeadlineSchedule } from '../../worker/deadline-schedule';
import { deadlineScheduleId } from './messages';
import { type RedistributeActivities, type RedistributeInput, redistributeWorkflowId } from '../orchestrator/messages';

jest.setTimeout(90_000);

const taskQueue = `deadline-test-${randomUUID()}`;
let knex: Knex;
let harness: TestWorker;
const published: { topic: string; payload: string }[] = [];
const publisher: LivePublisher = {
  async publishRetained(topic, payload) {
    published.push({ topic, payload });
  },
  async close() {},
};
// The orchestrator's redistribution the sweep starts (ADR 031) is recorded, not run: its own
// test is the orchestrator integration test.
const redistributions: RedistributeInput[] = [];
const redistribute: RedistributeActivities = {
  async redistributeWaiting(input) {
    redistributions.push(input);
    return { examined: 0, assigned: 0 };
  },
};
const start = () =>
  startTestWorker(taskQueue, { ...createDeadlineActivities({ knex, publisher, mail: outboxTransport }), ...redistribute });

let t: Tenant;
const MINUTE = 60_000;

/** Gives study `n` the account's default routine (1440 min, alert 120), an arrival `minutesAgo`, a doctor and a state. */
async function place(n: number, minutesAgo: number, state: number = LaudoState.IN_PROGRESS): Promise<string> {
  const studyId = t.studyIds[n]!;
  const routine = await knex('routines').where({ account_id: t.accountId, is_default: true }).first('id');
  await knex('studies')
    .where({ id: studyId })
    .update({
      routine_id: routine.id,
      received_at: new Date(Date.now() - minutesAgo * MINUTE),
      laudo_state: state,
      laudo_user_id: t.users.doctor!.id,
    });
  return studyId;
}

const sweep = () =>
  harness.client.workflow.execute('deadlineSweepWorkflow', { taskQueue, workflowId: `sweep-${randomUUID()}`, args: [] });
const alertsOf = (studyId: string) => knex('study_deadline_alerts').where({ study_id: studyId }).select('kind');
const notificationsOf = (studyId: string) =>
  knex('notifications').where({ study_id: studyId }).orderBy('user_id').select('user_id', 'kind');
const mailsOf = (studyId: string) => knex('mail_outbox').where({ study_id: studyId }).select('to_user_id', 'kind', 'status');
const subjectTo = async (studyId: string, userId: string) =>
  ((await knex('mail_outbox').where({ study_id: studyId, to_user_id: userId }).first('subject')) as { subject: string }).subject;

beforeAll(async () => {
  knex = knexFactory({ client: 'pg', connection: testEnv('databaseUrl'), pool: { min: 0, max: 4 } });
  t = await createTenant(knex, {
    studies: 4,
    users: { doctor: ['STUDIES_SAVE_REPORTS'], coordinator: ['STUDIES_CHANGE_ROUTINE'], bystander: ['STUDIES_SAVE_REPORTS'] },
  });
  // The coordinator reads English: the mail follows the user's LANGUAGE setting.
  await knex('users')
    .where({ id: t.users.coordinator!.id })
    .update({ config: JSON.stringify({ LANGUAGE: 'en' }) });
  // The mail goes to confirmed subscribers: the doctor and the coordinator are; the bystander's
  // subscription is still pending, so it gets nothing.
  const subscription = (userId: string, confirmed: boolean) => ({
    account_id: t.accountId,
    institution_id: t.institutionId,
    user_id: userId,
    type: 'email',
    events: ['deadline.alert', 'deadline.overdue'],
    confirmed_at: confirmed ? new Date() : null,
  });
  await knex('notification_subscriptions').insert([
    subscription(t.users.doctor!.id, true),
    subscription(t.users.coordinator!.id, true),
    subscription(t.users.bystander!.id, false),
  ]);
  harness = await start();
});

afterAll(async () => {
  await harness?.stop();
  await knex?.destroy();
});

it('a study 2 h overdue raises exactly one alert, to its doctor and the coordinator, in-app, by mail and live', async () => {
  const studyId = await place(0, 1440 + 120);
  await sweep();
  expect(await alertsOf(studyId)).toEqual([{ kind: 'overdue' }]);
  const expected = [t.users.doctor!.id, t.users.coordinator!.id].sort();
  expect((await notificationsOf(studyId)).map((n) => [n.user_id, n.kind])).toEqual(expected.map((u) => [u, 'deadline.overdue']));
  expect((await mailsOf(studyId)).map((m) => [m.to_user_id, m.kind, m.status]).sort()).toEqual(
    expected.map((u) => [u, 'deadline.overdue', 'stored']),
  );
  expect(await subjectTo(studyId, t.users.doctor!.id)).toMatch(/^Exame em atraso: /);
  expect(await subjectTo(studyId, t.users.coordinator!.id)).toMatch(/^Overdue exam: /);
  for (const userId of expected) {
    const last = published.filter((p) => p.topic === notificationsTopic(t.accountId, userId)).at(-1);
    expect(JSON.parse(last!.payload)).toEqual({ unread: 1 });
  }
  expect(published.some((p) => p.topic === notificationsTopic(t.accountId, t.users.bystander!.id))).toBe(false);
});

it('a study signed before its alert point raises none, however late the sweep runs', async () => {
  const studyId = await place(1, 1440 + 120, LaudoState.SIGNED);
  await sweep();
  expect(await alertsOf(studyId)).toEqual([]);
  expect(await notificationsOf(studyId)).toEqual([]);
  expect(await mailsOf(studyId)).toEqual([]);
});

it('a study between its alert point and deadline raises the alert, then the overdue alert once the deadline passes', async () => {
  const studyId = await place(2, 1440 - 60);
  await sweep();
  expect(await alertsOf(studyId)).toEqual([{ kind: 'alert' }]);
  await place(2, 1440 + 5);
  await sweep();
  expect((await alertsOf(studyId)).map((a) => a.kind).sort()).toEqual(['alert', 'overdue']);
  expect((await notificationsOf(studyId)).map((n) => n.kind).sort()).toEqual([
    'deadline.alert',
    'deadline.alert',
    'deadline.overdue',
    'deadline.overdue',
  ]);
});

it('a second sweep and a restarted worker raise no duplicate', async () => {
  const studyId = await place(3, 1440 + 120);
  await sweep();
  await sweep();
  await harness.stop();
  harness = await start();
  await sweep();
  expect(await alertsOf(studyId)).toEqual([{ kind: 'overdue' }]);
  expect(await notificationsOf(studyId)).toHaveLength(2);
  expect(await mailsOf(studyId)).toHaveLength(2);
  // The first study too, swept four more times since its alert.
  expect(await notificationsOf(t.studyIds[0]!)).toHaveLength(2);
});

it("the Schedule's run sweeps, and raises nothing already raised", async () => {
  const studyId = t.studyIds[3]!;
  await ensureDeadlineSchedule(harness.client, taskQueue, 3600);
  // Created twice (a restarted platform): the second call updates it rather than failing.
  await ensureDeadlineSchedule(harness.client, taskQueue, 1800);
  const handle = harness.client.schedule.getHandle(deadlineScheduleId(taskQueue));
  try {
    const described = await handle.describe();
    expect(described.spec.intervals?.[0]?.every).toBe(1800 * 1000);
    await handle.trigger();
    const info = await eventually(
      () => handle.describe(),
      (d) => d.info.recentActions.length > 0,
      { timeout: 20_000, what: "the Schedule's triggered run" },
    );
    const run = info.info.recentActions[0]!.action.workflow;
    const result = (await harness.client.workflow.getHandle(run.workflowId, run.firstExecutionRunId).result()) as {
      raised: number;
    };
    expect(typeof result.raised).toBe('number');
    expect(await alertsOf(studyId)).toEqual([{ kind: 'overdue' }]);
  } finally {
    await handle.delete();
  }
});

it('each sweep starts the redistribution of studies waiting for the orchestrator, for every account (ADR 031)', async () => {
  const child = harness.client.workflow.getHandle(redistributeWorkflowId({ taskQueue }));
  // The earlier sweeps' run may still be finishing: while it runs, a sweep starts none.
  await child.result().catch(() => undefined);
  const before = redistributions.length;
  await sweep();
  expect(await child.result()).toEqual({ assigned: 0, rounds: 1 });
  expect(redistributions.slice(before)).toEqual([{ accountId: null }]);
});
