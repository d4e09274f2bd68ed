/**
 * printWorkflow on the run's Temporal dev server: the job publishes started then completed
 * around the render; a render that fails publishes error with its message and the workflow
 * fails (the api answers 'Erro ao gerar arquivo para impressão').
 */
import { randomUUID } from 'node:crypto';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { testEnv } from '../../test/setup/env';
import type { PrintJobDocument } from '../../domain/print/job';
import { PrintOptions } from '../../domain/print/options';
import { WORKER_TUNING, installRuntime, workflowBundle } from '../../worker/worker';
import { type PrintActivities, type PrintInput, printWorkflowId } from './messages';

jest.setTimeout(60_000);

const taskQueue = `print-test-${randomUUID()}`;
let connection: Connection;
let client: Client;
let nativeConnection: NativeConnection;
let worker: Worker;
let running: Promise<void>;
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

beforeAll(async () => {
  installRuntime('ERROR');
  connection = await Connection.connect({ address: testEnv('temporalAddress') });
  client = new Client({ connection });
  nativeConnection = await NativeConnection.connect({ address: testEnv('temporalAddress') });
  worker = await Worker.create({
    ...WORKER_TUNING,
    connection: nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await nativeConnection?.close();
  await connection?.close();
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
