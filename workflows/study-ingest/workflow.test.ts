/**
 * studyIngestWorkflow on the run's Temporal dev server: the 'stable' timer is reset by every
 * instance signal, the stable work runs once after the last one, and instances arriving
 * during that work give a second stable point.
 */
import { randomUUID } from 'node:crypto';
import { type Client } from '@temporalio/client';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { type OrchestratorActivities, type StudyIngestActivities, instanceStored, studyIngestWorkflowId } from './messages';

jest.setTimeout(60_000);

const taskQueue = `ingest-test-${randomUUID()}`;
let client: Client;
const calls: { studyId: string; at: number }[] = [];
const distributed: string[] = [];
let hold: Promise<void> = Promise.resolve();

const activities: StudyIngestActivities & OrchestratorActivities = {
  async studyStable({ studyId }) {
    calls.push({ studyId, at: Date.now() });
    await hold;
    return { thumbnails: 0 };
  },
  async distributeStudy({ studyId }) {
    distributed.push(studyId);
    return { outcome: 'paused' };
  },
};

let harness: TestWorker;
beforeAll(async () => {
  harness = await startTestWorker(taskQueue, activities);
  client = harness.client;
});

afterAll(async () => {
  await harness?.stop();
});

function signal(studyUid: string, studyId: string, stableMs: number) {
  return client.workflow.signalWithStart('studyIngestWorkflow', {
    workflowId: studyIngestWorkflowId('acc', studyUid),
    taskQueue,
    args: [{ accountId: 'acc', studyId, stableMs }],
    signal: instanceStored,
    signalArgs: [{ instances: 1 }],
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('waits until no instance came for stableMs, then runs the stable work once', async () => {
  const studyId = randomUUID();
  const studyUid = `1.2.3.${Date.now()}`;
  let last = 0;
  for (let i = 0; i < 5; i++) {
    await signal(studyUid, studyId, 700);
    last = Date.now();
    await sleep(300); // each gap shorter than stableMs: the timer restarts
  }
  const result = await client.workflow.getHandle(studyIngestWorkflowId('acc', studyUid)).result();
  expect(result).toEqual({ stablePoints: 1 });
  const mine = calls.filter((c) => c.studyId === studyId);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.at - last).toBeGreaterThanOrEqual(650);
  // The orchestrator's distribution follows the stable point, once.
  expect(distributed.filter((id) => id === studyId)).toHaveLength(1);
});

it('instances that arrive during the stable work give a second stable point', async () => {
  const studyId = randomUUID();
  const studyUid = `1.2.4.${Date.now()}`;
  let release!: () => void;
  hold = new Promise((r) => (release = r));
  await signal(studyUid, studyId, 200);
  while (!calls.some((c) => c.studyId === studyId)) await sleep(20);
  await signal(studyUid, studyId, 200);
  release();
  hold = Promise.resolve();
  const result = await client.workflow.getHandle(studyIngestWorkflowId('acc', studyUid)).result();
  expect(result).toEqual({ stablePoints: 2 });
  expect(calls.filter((c) => c.studyId === studyId)).toHaveLength(2);
  expect(distributed.filter((id) => id === studyId)).toHaveLength(1);
});
