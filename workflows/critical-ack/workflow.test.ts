/**
 * criticalAckWorkflow with its real activity against the test database, on the run's Temporal
 * dev server (the time-skipping server's binary is not installed here, ADR 028): windows of a
 * few seconds stand for the account's minutes. Acknowledged before the window ends → no
 * escalation; never acknowledged → exactly one escalation, even when the activity's first
 * attempt fails after its work committed and is retried; a worker restarted mid-window still
 * escalates when the durable timer fires.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import knexFactory, { type Knex } from 'knex';
import { createCriticalAckActivities } from '../../activities/critical-ack-activities';
import type { LivePublisher } from '../../live/publisher';
import { outboxTransport } from '../../services/mail/transport';
import { testEnv } from '../../test/setup/env';
import { type Tenant, createTenant } from '../../test/support/fixtures';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { workflowBundle } from '../../worker/worker';
import { type CriticalAckActivities, acknowledgedSignal, criticalAckWorkflowId } from './messages';

jest.setTimeout(90_000);

const taskQueue = `critical-ack-test-${randomUUID()}`;
let knex: Knex;
let harness: TestWorker;
let t: Tenant;
const publisher: LivePublisher = { publishRetained: async () => undefined, close: async () => undefined };
/** Attempts of the activity per communication, and which ones should fail after doing the work. */
const attempts = new Map<string, number>();
const failFirstAttempt = new Set<string>();

function activities(): CriticalAckActivities {
  const real = createCriticalAckActivities({ knex, publisher, mail: outboxTransport });
  return {
    async escalateCommunication(input) {
      const n = (attempts.get(input.communicationId) ?? 0) + 1;
      attempts.set(input.communicationId, n);
      const result = await real.escalateCommunication(input);
      // A worker lost after the transaction committed: Temporal retries the attempt.
      if (n === 1 && failFirstAttempt.has(input.communicationId)) throw new Error('worker lost after commit');
      return result;
    },
  };
}

beforeAll(async () => {
  knex = knexFactory({ client: 'pg', connection: testEnv('databaseUrl'), pool: { min: 0, max: 4 } });
  t = await createTenant(knex, {
    studies: 3,
    users: { doctor: ['STUDIES_SAVE_REPORTS'], coordinator: ['STUDIES_CHANGE_ROUTINE'] },
  });
  harness = await startTestWorker(taskQueue, activities());
});

afterAll(async () => {
  await harness?.stop();
  await knex?.destroy();
});

/** An e-mailed communication of study `n`, its report's responsible the doctor. */
async function communication(n: number): Promise<string> {
  const studyId = t.studyIds[n]!;
  await knex('studies').where({ id: studyId }).update({ laudo_user_id: t.users.doctor!.id });
  const [row] = await knex('critical_finding_communications')
    .insert({
      account_id: t.accountId,
      study_id: studyId,
      finding_text: 'Nível 1 - Pneumotórax',
      identified_at: new Date(),
      reporting_user_id: t.users.doctor!.id,
      receiver_name: 'Dr. Requisitante',
      receiver_email: 'req@hospital.test',
      method: 'email',
      token_hash: randomUUID().replace(/-/g, '').padEnd(64, '0'),
      sent_at: new Date(),
      ack_due_at: new Date(Date.now() + 60_000),
    })
    .returning('id');
  return row.id;
}

const start = (id: string, windowMs: number) =>
  harness.client.workflow.start('criticalAckWorkflow', {
    taskQueue,
    workflowId: criticalAckWorkflowId(id),
    args: [{ communicationId: id, windowMs }],
  });
/**
 * Replays the finished run through today's bundle; with RECORD_CRITICAL_ACK_HISTORIES=1 also
 * writes it to the fixtures replay.test.ts replays (run that way only for a deliberate change).
 */
async function replay(id: string, name: string): Promise<void> {
  const history = await harness.client.workflow.getHandle(criticalAckWorkflowId(id)).fetchHistory();
  await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, name);
  if (process.env.RECORD_CRITICAL_ACK_HISTORIES === '1')
    fs.writeFileSync(
      path.join(__dirname, '..', '..', 'test', 'fixtures', 'critical-ack-histories', `${name}.json`),
      historyToJSON(history),
    );
}

const notificationsOf = (studyId: string) => knex('notifications').where({ study_id: studyId, kind: 'critical.unacknowledged' });

it('acknowledged before the window ends: the run ends at once and nothing escalates', async () => {
  const id = await communication(0);
  const handle = await start(id, 30_000);
  await knex('critical_finding_communications')
    .where({ id })
    .update({ acknowledged_at: knex.fn.now(), received_at: knex.fn.now() });
  const t0 = Date.now();
  await handle.signal(acknowledgedSignal);
  expect(await handle.result()).toBe('acknowledged');
  expect(Date.now() - t0).toBeLessThan(10_000);
  expect(attempts.get(id)).toBeUndefined();
  expect((await knex('critical_finding_communications').where({ id }).first('escalated_at')).escalated_at).toBeNull();
  expect(await notificationsOf(t.studyIds[0]!)).toEqual([]);
  await replay(id, 'acknowledged');
});

it('never acknowledged: exactly one escalation although the first attempt failed after committing', async () => {
  const id = await communication(1);
  failFirstAttempt.add(id);
  const handle = await start(id, 1000);
  // The retry found it escalated: 'settled', with the one escalation the first attempt made.
  expect(await handle.result()).toBe('settled');
  expect(attempts.get(id)).toBe(2);
  expect((await knex('critical_finding_communications').where({ id }).first('escalated_at')).escalated_at).not.toBeNull();
  const notified = await notificationsOf(t.studyIds[1]!).orderBy('user_id').select('user_id');
  expect(notified.map((n) => n.user_id)).toEqual([t.users.doctor!.id, t.users.coordinator!.id].sort());
  expect(await knex('mail_outbox').where({ study_id: t.studyIds[1]!, kind: 'critical.unacknowledged' })).toHaveLength(2);
  await replay(id, 'escalated-after-retry');
});

it('acknowledged with the signal lost: the timer fires but the activity finds the row acknowledged', async () => {
  const id = await communication(2);
  await knex('critical_finding_communications').where({ id }).update({ acknowledged_at: knex.fn.now() });
  // A worker restarted while the durable timer runs: the new one fires it.
  await start(id, 3000);
  await harness.stop();
  harness = await startTestWorker(taskQueue, activities());
  expect(await harness.client.workflow.getHandle(criticalAckWorkflowId(id)).result()).toBe('settled');
  expect(attempts.get(id)).toBe(1);
  expect(await notificationsOf(t.studyIds[2]!)).toEqual([]);
});
