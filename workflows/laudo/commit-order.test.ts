/**
 * The projection commit runs only for transitions the workflow keeps (docs/decisions/010):
 * under concurrent conflicting Updates, each accepted Update is committed once, in order, and
 * each commit is an activity scheduled at or after the recorded acceptance of its Update —
 * never a local activity run inside the task that accepts it (a task that is then lost would
 * leave a commit of a transition the workflow never kept).
 */
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation } from '@temporalio/client';
import type { Actor } from '../../domain/auth/permissions';
import { notStartedLaudo } from '../../domain/laudo/snapshot';
import type { LaudoAction } from '../../domain/laudo/transitions';
import { DOCTOR_PERMISSIONS } from '../../test/support/fixtures';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { type ActionArgs, type LaudoRecord, type LaudoTransition, laudoUpdates, laudoWorkflowId } from './messages';
import type { laudoWorkflow } from './workflow';

jest.setTimeout(120_000);

const taskQueue = `commit-order-${randomUUID()}`;
const commits: LaudoTransition[] = [];
let worker: TestWorker;

beforeAll(async () => {
  worker = await startTestWorker(taskQueue, {
    async commitTransition(t: LaudoTransition) {
      commits.push(t);
    },
  });
});
afterAll(async () => {
  await worker?.stop();
});

const person = (name: string): Actor => ({
  userId: randomUUID(),
  name,
  permissions: DOCTOR_PERMISSIONS,
  isAccountAdmin: false,
  superRole: false,
});
const silva = person('Dr. Silva');
const ana = { ...person('Ana Admin'), isAccountAdmin: true };

function newReport(): LaudoRecord {
  return {
    ...notStartedLaudo({ studyIds: [randomUUID()], modalities: ['CT'], patientId: 'P1' }),
    laudoId: randomUUID(),
    accountId: randomUUID(),
    institutionId: randomUUID(),
    seq: 0,
    contentId: null,
    reviewContentId: null,
  };
}

function act<A extends LaudoAction>(report: LaudoRecord, action: A, args: ActionArgs<A>, updateId: string = randomUUID()) {
  return worker.client.workflow.executeUpdateWithStart(laudoUpdates[action] as unknown as (typeof laudoUpdates)['start'], {
    args: [args as ActionArgs<'start'>],
    updateId,
    startWorkflowOperation: new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
      workflowId: laudoWorkflowId(report.laudoId),
      taskQueue,
      args: [report],
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  });
}

const text = () => ({ id: randomUUID(), kind: 'report' as const, empty: false });

it('commits exactly the accepted Updates, in order, each scheduled after its acceptance was recorded', async () => {
  const r = newReport();
  await act(r, 'start', { actor: silva });
  await act(r, 'finish', { actor: silva, content: text() });
  // Reopens by two users and saves and finishes racing them, all at once.
  const sent = Array.from({ length: 16 }, (_, i) => {
    const id = `u-${i}-${randomUUID()}`;
    const args =
      i % 4 === 0
        ? (['reopen', { actor: i % 8 === 0 ? silva : ana, input: { motive: 'GRAMMAR_ERROR' } }] as const)
        : i % 4 === 1
          ? (['finish', { actor: silva, content: text() }] as const)
          : (['save', { actor: silva, content: text() }] as const);
    return { id, promise: act(r, args[0], args[1] as ActionArgs, id) };
  });
  const outcomes = await Promise.allSettled(sent.map((s) => s.promise));
  const accepted = sent.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((s) => s.id);
  expect(accepted.length).toBeGreaterThanOrEqual(1);

  const mine = commits.filter((c) => c.record.laudoId === r.laudoId);
  // The two set-up actions, then exactly the accepted Updates, each once, seq after seq.
  expect(
    mine
      .slice(2)
      .map((c) => c.updateId)
      .sort(),
  ).toEqual([...accepted].sort());
  expect(mine.map((c) => c.record.seq)).toEqual(mine.map((_, i) => i + 1));

  // Every run of the workflow: no local activity, and each commit scheduled after its Update was accepted.
  let runs = 0;
  for await (const run of worker.client.workflow.list({ query: `WorkflowId = '${laudoWorkflowId(r.laudoId)}'` })) {
    runs++;
    const history = await worker.client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
    const events = history.events ?? [];
    const localActivities = events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity');
    expect(localActivities).toHaveLength(0);
    const acceptedAt = new Map<string, number>();
    for (const e of events) {
      const a = e.workflowExecutionUpdateAcceptedEventAttributes;
      if (a?.acceptedRequest?.meta?.updateId) acceptedAt.set(a.acceptedRequest.meta.updateId, Number(e.eventId));
      const s = e.activityTaskScheduledEventAttributes;
      if (s?.activityType?.name === 'commitTransition') {
        const input = JSON.parse(Buffer.from(s.input!.payloads![0]!.data!).toString()) as LaudoTransition;
        expect({
          updateId: input.updateId,
          acceptedBefore: (acceptedAt.get(input.updateId!) ?? Infinity) < Number(e.eventId),
        }).toEqual({
          updateId: input.updateId,
          acceptedBefore: true,
        });
      }
    }
  }
  // A reopen won at least once: a new version runs in a new run.
  expect(runs).toBeGreaterThanOrEqual(2);
});
