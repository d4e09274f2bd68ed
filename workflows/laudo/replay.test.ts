/**
 * Replays recorded histories (test/fixtures/histories) through today's workflow code:
 * a change that breaks determinism without patched() fails here. Needs no server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../worker/worker';
import { PATCHES } from './workflow';

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

// Recorded after docs/decisions/010: they take the patched paths, so replaying them checks those.
const afterCommitChange = files.filter((f) => f.startsWith('laudo-g2-'));

it('has histories recorded since the commit became an activity', () => {
  expect(afterCommitChange.length).toBeGreaterThan(0);
});

it.each(afterCommitChange)('%s commits through activities, behind both patches', (file) => {
  const { events } = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as { events: Record<string, any>[] };
  const markers = events.map((e) => e.markerRecordedEventAttributes).filter(Boolean);
  expect(markers.map((m) => m.markerName)).not.toContain('core_local_activity');
  const patchIds = markers
    .filter((m) => m.markerName === 'core_patch')
    .map((m) => Buffer.from(m.details['patch-data'].payloads[0].data, 'base64').toString());
  expect(patchIds.join(' ')).toContain(PATCHES.commitAfterAccept);
  expect(patchIds.join(' ')).toContain(PATCHES.operations);
  const accepted = events.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length;
  const commits = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'commitTransition');
  expect(commits.length).toBe(accepted);
});
