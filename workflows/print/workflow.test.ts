/**
 * printWorkflow on the run's Temporal dev server: the job publishes started then completed
 * around the render; a render that fails publishes error with its message and the workflow
 * fails (the api answers 'Erro ao gerar arquivo para impressão').
 */
import { randomUUID } from 'node:crypto';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { PrintJobDocument } from '../../domain/print/job';
import { PrintOptions } from '../../domain/print/options';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { type PrintActivities, type PrintInput, printWorkflowId } from './messages';

jest.setTimeout(60_000);

const taskQueue = `print-test-${randomUUID()}`;
let client: Client;
const published: { key: string; doc: PrintJobDocument }[] = [];
let renders = 0;

const activities: PrintActivities = {
  async publishPrintStatus({ key, doc }) {
    published.push({ key, doc });
  },
  async renderPrintStudy({ key, studyId }) {
    renders++;
    if (studyId === 'no-images') throw ApplicationFailure.nonRetryable('no image to print', 'PrintRenderError');
    return { objectKey: `prints/${key}.pdf`, pages: 2 };
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

const input = (studyId: string): PrintInput => ({
  accountId: randomUUID(),
  studyId,
  key: randomUUID(),
  options: PrintOptions.parse({ layout: { row: 2, col: 2 } }),
});
const statuses = (key: string) => published.filter((p) => p.key === key).map((p) => p.doc);

it('publishes started then completed and answers the stored PDF', async () => {
  const i = input('ok');
  const result = await client.workflow.execute('printWorkflow', { taskQueue, workflowId: printWorkflowId(i.key), args: [i] });
  expect(result).toEqual({ objectKey: `prints/${i.key}.pdf`, pages: 2 });
  expect(statuses(i.key)).toEqual([{ status: 'started' }, { status: 'completed' }]);
});

it('a failed render publishes error with its message and fails the workflow, without retrying', async () => {
  const i = input('no-images');
  const before = renders;
  const run = client.workflow.execute('printWorkflow', { taskQueue, workflowId: printWorkflowId(i.key), args: [i] });
  await expect(run).rejects.toBeInstanceOf(WorkflowFailedError);
  expect(renders - before).toBe(1);
  expect(statuses(i.key)).toEqual([{ status: 'started' }, { status: 'error', errorMessage: 'no image to print' }]);
});
