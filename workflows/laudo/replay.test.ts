/**
 * Replays recorded histories (test/fixtures/histories) through today's workflow code:
 * a change that breaks determinism without patched() fails here. Needs no server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../worker/worker';

jest.setTimeout(60_000);

const DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'histories');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));

it('has recorded histories to replay', () => {
  expect(files.length).toBeGreaterThan(0);
});

it.each(files)('replays %s deterministically', async (file) => {
  const history = historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
  const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
  expect(started?.workflowType?.name).toBe('laudoWorkflow');
  await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, file);
});
