/**
 * The Connect agent through a platform outage, as its own process: instances arrive while the
 * platform refuses connections, then answers 5xx, then comes back; the agent is killed
 * (SIGKILL) in the middle of an upload and started again; more instances arrive meanwhile.
 * At the end every instance is stored exactly once at the receiver and the spool is empty.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/temporal-dev';
import { dcmtkDir } from '../../scripts/tools';
import { agentEnvFor, agentStatus, dcmtk, startAgentProcess } from '../support/connect-agent';
import { writeStudy } from '../support/connect-dicom-study';
import { type StowReceiver, stowReceiver } from '../support/connect-stow-receiver';
import { eventually } from '../support/eventually';
import { killHard } from '../support/worker-process';

jest.setTimeout(180_000);

const KEY = 'clinic-key-for-outage';
let work: string;
let receiver: StowReceiver;
let agent: ChildProcess | undefined;

afterAll(async () => {
  if (agent) await killHard(agent);
  await receiver?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

it('loses nothing and stores nothing twice through refused connections, 5xx, and a killed agent', async () => {
  const bin = dcmtkDir();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-outage-'));
  receiver = stowReceiver({ port: await freePort(), key: KEY }); // not started: connection refused
  const env = await agentEnvFor(receiver.url, KEY, path.join(work, 'spool'), {
    BATCH_MAX_COUNT: '4',
    RETRY_BASE_MS: '100',
    RETRY_MAX_MS: '800',
  });
  const store = (files: string[]) => dcmtk(bin, 'storescu', ['-aec', 'LAUDOS', '127.0.0.1', env.DICOM_PORT, ...files]);
  const status = () => agentStatus(env.STATUS_PORT);
  const queue = () => fs.readdirSync(path.join(env.SPOOL_DIR, 'queue'));

  const first = writeStudy(path.join(work, 'first'), [
    { modality: 'CT', images: 10 },
    { modality: 'MR', images: 10 },
  ]);
  const later = writeStudy(path.join(work, 'later'), [{ modality: 'DX', images: 5, rows: 96, columns: 96 }]);

  // 1. Platform down (connection refused): every C-STORE is still acknowledged, from the spool.
  agent = (await startAgentProcess(env)).child;
  await store(first.map((f) => f.path));
  expect(queue()).toHaveLength(20);
  await eventually(status, (s) => /ECONNREFUSED/.test(s.lastError?.message ?? '') && s.outages >= 2, {
    what: 'refused connections retried',
  });

  // 2. Platform up but failing with 503: still nothing lost, still retried.
  receiver.mode = '503';
  await receiver.start();
  await eventually(status, (s) => /HTTP 503/.test(s.lastError?.message ?? ''), { what: '503 seen' });
  expect(queue()).toHaveLength(20);
  expect(receiver.stored.size).toBe(0);

  // 3. Platform back, but the agent is killed while a request is in flight (stored, unanswered).
  receiver.holdAnswers = true;
  receiver.mode = 'ok';
  await eventually(
    () => receiver.held(),
    (n) => n >= 1,
    { timeout: 15_000, what: 'a request in flight' },
  );
  const storedBeforeKill = receiver.stored.size;
  expect(storedBeforeKill).toBeGreaterThan(0);
  await killHard(agent);
  agent = undefined;
  receiver.holdAnswers = false;
  receiver.release();
  expect(queue()).toHaveLength(20); // not confirmed, so still spooled

  // 4. Restart on the same spool; more instances arrive while every third request fails with 500.
  receiver.failEvery = 3;
  agent = (await startAgentProcess(env)).child;
  await store(later.map((f) => f.path));

  const all = [...first, ...later];
  await eventually(
    () => receiver.stored.size,
    (n) => n === all.length,
    { timeout: 60_000, what: 'every instance stored' },
  );
  await eventually(
    () => queue().length,
    (n) => n === 0,
    { what: 'spool emptied' },
  );

  expect(new Set(receiver.stored.keys())).toEqual(new Set(all.map((f) => f.sopInstanceUid)));
  // Only the batch in flight at the kill may have reached the receiver twice (its answer was lost).
  const duplicates = receiver.partsReceived.length - new Set(receiver.partsReceived).size;
  expect(duplicates).toBeLessThanOrEqual(Number(env.BATCH_MAX_COUNT));
  expect(duplicates).toBe(storedBeforeKill);
  expect(fs.readdirSync(path.join(env.SPOOL_DIR, 'rejected'))).toEqual([]);
  expect(fs.readdirSync(path.join(env.SPOOL_DIR, 'tmp'))).toEqual([]);
  const final = await eventually(status, (s) => s.sent === all.length, { what: 'sends counted' });
  expect(final).toMatchObject({ queued: 0, failed: 0, rejected: 0, received: later.length });
  expect(final.sent).toBe(all.length);
});
