/**
 * printWorkflow on the run's Temporal dev server: the job publishes started, then completed
 * with the PDF's link (made to last the retention period); a render that fails publishes
 * error with its message, without retrying. Either way the PDF and the live document are
 * removed once the (here short) retention period has passed, not before.
 */
import { randomUUID } from 'node:crypto';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { PrintJobDocument } from '../../domain/print/job';
import { PrintOptions } from '../../domain/print/options';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { type PrintActivities, type PrintInput, printWorkflowId } from './messages';

jest.setTimeout(60_000);

const RETENTION_MS = 1500;
const taskQueue = `print-test-${randomUUID()}`;
let client: Client;
/** Every activity call in order, with when it happened. */
const events: { key: string; at: number; what: string; doc?: PrintJobDocument; ttlMs?: number }[] = [];
let renders = 0;

const activities: PrintActivities = {
  async publishPrintStatus({ key, doc }) {
    events.push({ key, at: Date.now(), what: 'publish', doc });
  },
  async renderPrintStudy({ key, studyId }) {
    renders++;
    events.push({ key, at: Date.now(), what: 'render' });
    if (studyId === 'no-images') throw ApplicationFailure.nonRetryable('no image to print', 'PrintRenderError');
    return { objectKey: `prints/${key}.pdf`, pages: 2 };
  },
  async linkPrintFile({ objectKey, ttlMs }) {
    events.push({ key: objectKey.slice(7, -4), at: Date.now(), what: 'link', ttlMs });
    return { downloadUrl: `/api/files/t-${objectKey.slice(7, -4)}` };
  },
  async cleanupPrint({ key }) {
    events.push({ key, at: Date.now(), what: 'cleanup' });
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
  filename: 'impressao.pdf',
  retentionMs: RETENTION_MS,
});
const of = (key: string) => events.filter((e) => e.key === key);
const statuses = (key: string) => of(key).flatMap((e) => (e.doc ? [e.doc] : []));

it('publishes started then completed with the link, and removes the job after the retention period', async () => {
  const i = input('ok');
  const result = await client.workflow.execute('printWorkflow', { taskQueue, workflowId: printWorkflowId(i.key), args: [i] });
  expect(result).toEqual({ objectKey: `prints/${i.key}.pdf`, pages: 2 });
  expect(statuses(i.key)).toEqual([
    { status: 'started' },
    { status: 'completed', downloadUrl: `/api/files/t-${i.key}`, pages: 2 },
  ]);
  expect(of(i.key).map((e) => e.what)).toEqual(['publish', 'render', 'link', 'publish', 'cleanup']);
  // The link lasts as long as the file is kept.
  expect(of(i.key).find((e) => e.what === 'link')!.ttlMs).toBe(RETENTION_MS);
  const completedAt = of(i.key)[3]!.at;
  const cleanedAt = of(i.key)[4]!.at;
  expect(cleanedAt - completedAt).toBeGreaterThanOrEqual(RETENTION_MS - 50);
});

it('a failed render publishes error with its message without retrying, is cleaned up later, and fails the workflow', async () => {
  const i = input('no-images');
  const before = renders;
  const run = client.workflow.execute('printWorkflow', { taskQueue, workflowId: printWorkflowId(i.key), args: [i] });
  await expect(run).rejects.toBeInstanceOf(WorkflowFailedError);
  expect(renders - before).toBe(1);
  expect(statuses(i.key)).toEqual([{ status: 'started' }, { status: 'error', errorMessage: 'no image to print' }]);
  const errorAt = of(i.key).find((e) => e.doc?.status === 'error')!.at;
  const cleanup = of(i.key).filter((e) => e.what === 'cleanup');
  expect(cleanup).toHaveLength(1);
  expect(cleanup[0]!.at - errorAt).toBeGreaterThanOrEqual(RETENTION_MS - 50);
});

it('nothing is removed while the retention period runs', async () => {
  const i = { ...input('ok'), retentionMs: 60 * 60_000 };
  const handle = await client.workflow.start('printWorkflow', { taskQueue, workflowId: printWorkflowId(i.key), args: [i] });
  try {
    const deadline = Date.now() + 20_000;
    while (!statuses(i.key).some((d) => d.status === 'completed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(statuses(i.key).at(-1)?.status).toBe('completed');
    await new Promise((r) => setTimeout(r, 1000));
    expect(of(i.key).some((e) => e.what === 'cleanup')).toBe(false);
  } finally {
    await handle.terminate('test over');
  }
});
