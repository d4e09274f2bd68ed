/**
 * downloadWorkflow on the run's Temporal dev server: a built zip is then linked (finished);
 * a zip that keeps failing is retried a bounded number of times, the failure is published
 * for the dialog, and the workflow fails rather than hanging.
 */
import { randomUUID } from 'node:crypto';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { type TestWorker, startTestWorker } from '../../test/support/test-worker';
import { type DownloadActivities, type DownloadInput, downloadWorkflowId } from './messages';

jest.setTimeout(60_000);

const taskQueue = `download-test-${randomUUID()}`;
let client: Client;
const events: string[] = [];
let failBuild = false;

const activities: DownloadActivities = {
  async buildDownloadZip(input) {
    events.push(`build:${input.shortKey}`);
    if (failBuild) throw new Error('storage down');
    return { objectKey: `k/${input.shortKey}.zip`, size: 10, entries: 1 };
  },
  async finishDownload({ shortKey, objectKey }) {
    events.push(`finish:${shortKey}:${objectKey}`);
    return { downloadUrl: `/api/files/${shortKey}` };
  },
  async failDownload({ shortKey }) {
    events.push(`fail:${shortKey}`);
  },
};

const input = (shortKey: string): DownloadInput => ({
  accountId: 'acc',
  shortKey,
  studyIds: ['s'],
  seriesIds: [],
  dicom: true,
  jpeg: false,
  activeReport: false,
  inactiveReports: false,
  attachments: false,
  folders: { patientId: false, patientName: false, accessionNumber: false, date: false },
});

let harness: TestWorker;
beforeAll(async () => {
  harness = await startTestWorker(taskQueue, activities);
  client = harness.client;
});

afterAll(async () => {
  await harness?.stop();
});

it('builds the zip, then publishes its link', async () => {
  const result = await client.workflow.execute('downloadWorkflow', {
    taskQueue,
    workflowId: downloadWorkflowId('acc', 'ok'),
    args: [input('ok')],
  });
  expect(result).toEqual({ downloadUrl: '/api/files/ok', size: 10, entries: 1 });
  expect(events.filter((e) => e.endsWith(':ok') || e.includes(':ok:'))).toEqual(['build:ok', 'finish:ok:k/ok.zip']);
});

it('a zip that keeps failing is tried 3 times, the failure is published and the workflow fails', async () => {
  failBuild = true;
  await expect(
    client.workflow.execute('downloadWorkflow', {
      taskQueue,
      workflowId: downloadWorkflowId('acc', 'bad'),
      args: [input('bad')],
    }),
  ).rejects.toBeInstanceOf(WorkflowFailedError);
  expect(events.filter((e) => e.endsWith(':bad'))).toEqual(['build:bad', 'build:bad', 'build:bad', 'fail:bad']);
});
