/**
 * Replays the recorded critical-ack histories (test/fixtures/critical-ack-histories, written by
 * workflow.test.ts with RECORD_CRITICAL_ACK_HISTORIES=1) through today's workflow code: a change
 * that breaks the determinism of timers already running fails here. Needs no server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../worker/worker';

jest.setTimeout(60_000);

const DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'critical-ack-histories');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));

it('has both paths recorded (acknowledged, escalated)', () => {
  expect(files.sort()).toEqual(['acknowledged.json', 'escalated-after-retry.json']);
});

it.each(files)('replays %s deterministically', async (file) => {
  const history = historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
  expect(history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name).toBe('criticalAckWorkflow');
  await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, file);
});
