/**
 * What operations staff see of a report's workflow in Temporal (issue 12): the search
 * attribute LaudoStateSince (when the report entered its state, so reports stuck in a state
 * for hours can be listed) and the details line, which names the responsible user.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WithStartWorkflowOperation } from '@temporalio/client';
import type { Actor } from '../../domain/auth/permissions';
import { notStartedLaudo } from '../../domain/laudo/snapshot';
import type { LaudoAction } from '../../domain/laudo/transitions';
import { DOCTOR_PERMISSIONS } from '../../test/support/fixtures';
import { eventually } from '../../test/support/eventually';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import {
  type ActionArgs,
  type LaudoRecord,
  LaudoStateSinceKey,
  SEARCH_ATTRIBUTES,
  laudoUpdates,
  laudoWorkflowId,
} from './messages';
import type { laudoWorkflow } from './workflow';

jest.setTimeout(120_000);

const taskQueue = `operations-${randomUUID()}`;
let worker: TestWorker;

beforeAll(async () => {
  worker = await startTestWorker(taskQueue, { async commitTransition() {} });
});
afterAll(async () => {
  await worker?.stop();
});

const person = (name: string, extra: string[] = []): Actor => ({
  userId: randomUUID(),
  name,
  permissions: [...DOCTOR_PERMISSIONS, ...(extra as never[])],
  isAccountAdmin: false,
  superRole: false,
});
const silva = person('Dr. Silva');
const costa = person('Dra. Costa', ['REPORTS_REVIEW']);

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

function act<A extends LaudoAction>(report: LaudoRecord, action: A, args: ActionArgs<A>) {
  return worker.client.workflow.executeUpdateWithStart(laudoUpdates[action] as unknown as (typeof laudoUpdates)['start'], {
    args: [args as ActionArgs<'start'>],
    updateId: randomUUID(),
    startWorkflowOperation: new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
      workflowId: laudoWorkflowId(report.laudoId),
      taskQueue,
      args: [report],
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  });
}

const text = () => ({ id: randomUUID(), kind: 'report' as const, empty: false });
const since = async (r: LaudoRecord) =>
  (await worker.client.workflow.getHandle(laudoWorkflowId(r.laudoId)).describe()).typedSearchAttributes.get(LaudoStateSinceKey);
const details = async (r: LaudoRecord) =>
  (
    await worker.client.workflow
      .getHandle(laudoWorkflowId(r.laudoId))
      .query<{ currentDetails?: string }>('__temporal_workflow_metadata')
  ).currentDetails;

it('every search attribute is registered by docker-compose too (dev and test servers take SEARCH_ATTRIBUTES)', () => {
  const compose = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docker-compose.yml'), 'utf8').replace(/\s+/g, ' ');
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) expect(compose).toContain(`--name ${name} --type ${type}`);
});

it('LaudoStateSince moves when the state changes, not on a save, and lists reports stuck in a state', async () => {
  const r = newReport();
  const t0 = new Date();
  await act(r, 'start', { actor: silva });
  const started = await since(r);
  expect(started).toBeInstanceOf(Date);
  expect(started!.getTime()).toBeGreaterThanOrEqual(t0.getTime() - 1000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await act(r, 'save', { actor: silva, content: text() });
  expect(await since(r)).toEqual(started);
  await act(r, 'finish', { actor: silva, content: text() });
  const finished = await since(r);
  expect(finished!.getTime()).toBeGreaterThan(started!.getTime());

  // What staff run (README): reports in state 2 since before a moment; this one is, since before now.
  const stuckSince = (moment: Date) =>
    `ExecutionStatus = 'Running' AND LaudoState = 2 AND LaudoStateSince < '${moment.toISOString()}'` +
    ` AND WorkflowId = '${laudoWorkflowId(r.laudoId)}'`;
  const listed = async (query: string) => {
    const ids: string[] = [];
    for await (const w of worker.client.workflow.list({ query })) ids.push(w.workflowId);
    return ids;
  };
  await eventually(
    () => listed(stuckSince(new Date(Date.now() + 1000))),
    (ids) => ids.length === 1,
    { what: 'the report listed as in state 2 since before now' },
  );
  expect(await listed(stuckSince(new Date(Date.now() - 3_600_000)))).toEqual([]);
});

it('the details line names who holds the report, by name', async () => {
  const r = newReport();
  await act(r, 'start', { actor: silva });
  expect(await details(r)).toMatch(new RegExp(`^state 1, version 1 since .+; responsible: Dr\\. Silva \\(${silva.userId}\\)$`));
  await act(r, 'requestReview', { actor: silva, content: text() });
  await act(r, 'startReview', { actor: costa });
  expect(await details(r)).toContain(`responsible: Dra. Costa (${costa.userId})`);
  await act(r, 'finishReview', { actor: costa, content: { ...text(), kind: 'review' } });
  // A reopened review goes back to its reviewer: the api names her in the action.
  await act(r, 'reopenReview', {
    actor: silva,
    input: { motive: 'GRAMMAR_ERROR' },
    responsible: { userId: costa.userId, name: costa.name },
  });
  await eventually(
    () => details(r),
    (d) => d?.startsWith('state 12, version 2') === true,
    { what: 'the details line of the reopened version' },
  );
  expect(await details(r)).toContain(`responsible: Dra. Costa (${costa.userId})`);
});
