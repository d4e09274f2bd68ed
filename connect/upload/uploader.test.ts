/**
 * The uploader against the tests' real STOW-RS receiver (loopback HTTP): how each kind of
 * answer is handled — 413 split then rejected, 401 waited out, transient refusals retried
 * without limit, unknown ones bounded, permanent ones rejected, duplicates taken as stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type GeneratedInstance, writeStudy } from '../../test/support/connect-dicom-study';
import { type StowReceiver, stowReceiver } from '../../test/support/connect-stow-receiver';
import { eventually } from '../../test/support/eventually';
import { Spool } from '../spool/spool';
import { newStats } from '../status/stats';
import { Uploader } from './uploader';

const KEY = 'uploader-test-key';
let root: string;
let spool: Spool;
let receiver: StowReceiver;
let uploader: Uploader | undefined;
let instances: GeneratedInstance[];

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-uploader-'));
  spool = new Spool(path.join(root, 'spool'));
  await spool.open();
  instances = writeStudy(path.join(root, 'study'), [{ modality: 'MR', images: 6, rows: 16, columns: 16 }]);
  for (const i of instances) await spool.put(i.sopInstanceUid, fs.readFileSync(i.path));
  receiver = stowReceiver({ port: 0, key: KEY }); // started by start()
});

afterEach(async () => {
  await uploader?.stop();
  uploader = undefined;
  await receiver.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(opts: { key?: string; maxCount?: number } = {}) {
  await receiver.start();
  const stats = newStats();
  uploader = new Uploader(
    spool,
    {
      platformUrl: receiver.url,
      connectKey: opts.key ?? KEY,
      limits: { maxCount: opts.maxCount ?? 10, maxBytes: 10_000_000 },
      lingerMs: 0,
      backoff: { baseMs: 10, maxMs: 40 },
      maxInstanceAttempts: 3,
      timeoutMs: 5000,
      idlePollMs: 50,
    },
    stats,
    pino({ level: 'silent' }),
  );
  uploader.start();
  return stats;
}

const queued = async () => (await spool.list()).length;
/** Every instance accounted for: confirmed or rejected, and the queue empty. */
const settled = (stats: ReturnType<typeof newStats>, total: number) =>
  eventually(
    async () => ({ done: stats.sent + stats.failed, queued: await queued() }),
    (s) => s.done === total && s.queued === 0,
    { what: 'every instance sent or rejected' },
  );
const rejectedReason = (uid: string) =>
  JSON.parse(fs.readFileSync(path.join(spool.rejectedDir, `${uid}.reason.json`), 'utf8')) as Record<string, unknown>;

it('sends everything in batches and deletes only what was confirmed', async () => {
  const stats = await start({ maxCount: 4 });
  await settled(stats, 6);
  expect(receiver.stored.size).toBe(6);
  expect(receiver.requests).toBe(2);
  expect(stats).toMatchObject({ sent: 6, failed: 0 });
});

it('splits a request refused as too large, and rejects a single instance that is still too large', async () => {
  const big = writeStudy(path.join(root, 'big'), [{ modality: 'CT', images: 1, rows: 128, columns: 128 }])[0]!;
  await spool.put(big.sopInstanceUid, fs.readFileSync(big.path));
  const small = instances[0]!.bytes;
  receiver = stowReceiver({ port: 0, key: KEY, maxBytes: small * 2 + 1000 });
  const stats = await start();
  await settled(stats, 7);
  expect(new Set(receiver.stored.keys())).toEqual(new Set(instances.map((i) => i.sopInstanceUid)));
  expect(rejectedReason(big.sopInstanceUid)).toMatchObject({
    httpStatus: 413,
    reason: expect.stringMatching(/PAYLOAD_TOO_LARGE/),
  });
  expect(stats.failed).toBe(1);
});

it('reads a 413 sent before the body was read (connection closed mid-upload) as a 413, not an outage', async () => {
  const big = writeStudy(path.join(root, 'big'), [{ modality: 'CT', images: 1, rows: 1024, columns: 1024 }])[0]!;
  await spool.put(big.sopInstanceUid, fs.readFileSync(big.path));
  receiver = stowReceiver({ port: 0, key: KEY, maxBytes: instances[0]!.bytes * 2 + 1000, earlyRefusal: true });
  const stats = await start();
  await settled(stats, 7);
  expect(receiver.stored.size).toBe(6);
  expect(rejectedReason(big.sopInstanceUid)).toMatchObject({ httpStatus: 413 });
});

it('waits out a refused key (401): nothing deleted, nothing rejected', async () => {
  const stats = await start({ key: 'not-the-key' });
  await eventually(
    () => stats.outages,
    (n) => n >= 3,
    { what: 'retries' },
  );
  expect(await queued()).toBe(6);
  expect(fs.readdirSync(spool.rejectedDir)).toEqual([]);
  expect(stats.lastError?.message).toMatch(/HTTP 401 UNAUTHORIZED/);
});

it('retries an out-of-resources refusal beyond the attempt limit, until it is stored', async () => {
  const target = instances[2]!.sopInstanceUid;
  receiver.failUids.set(target, 0xa700);
  await start();
  await eventually(queued, (n) => n === 1, { what: 'the others sent' });
  await eventually(
    () => receiver.partsReceived.filter((u) => u === target).length,
    (n) => n > 4,
    { what: 'retried past the limit of 3' },
  );
  expect(fs.readdirSync(spool.rejectedDir)).toEqual([]);
  receiver.failUids.delete(target);
  await eventually(queued, (n) => n === 0, { what: 'stored once the platform recovered' });
  expect(receiver.stored.has(target)).toBe(true);
});

it('gives up after the attempt limit on a refusal without reason; rejects a permanent one at once; takes 0x0111 as stored', async () => {
  const [unknown, permanent, duplicate] = instances.map((i) => i.sopInstanceUid);
  receiver.failUids.set(unknown!, null);
  receiver.failUids.set(permanent!, 0xa900);
  receiver.failUids.set(duplicate!, 0x0111);
  const stats = await start();
  await settled(stats, 6);
  expect(receiver.partsReceived.filter((u) => u === unknown)).toHaveLength(3);
  expect(receiver.partsReceived.filter((u) => u === permanent)).toHaveLength(1);
  expect(rejectedReason(unknown!).reason).toMatch(/gave up after 3 attempts/);
  expect(rejectedReason(permanent!)).toMatchObject({ failureReason: 0xa900 });
  expect(fs.existsSync(path.join(spool.rejectedDir, `${duplicate}.dcm`))).toBe(false);
  expect(stats).toMatchObject({ sent: 4, failed: 2 });
});

it('rejects a part the platform cannot read (not DICOM) without holding back the others', async () => {
  await spool.put('1.2.3.999', Buffer.from('this is not a DICOM file at all'));
  const stats = await start();
  await settled(stats, 7);
  expect(receiver.stored.size).toBe(6);
  expect(rejectedReason('1.2.3.999').reason).toMatch(/not confirmed by the platform .*gave up after 3 attempts/);
  expect(stats.failed).toBe(1);
});

it('finds the instance a 400 is about by sending one by one, and rejects it after the attempt limit', async () => {
  const target = instances[3]!.sopInstanceUid;
  receiver.badRequestUids.add(target);
  const stats = await start();
  await settled(stats, 6);
  expect(receiver.stored.size).toBe(5);
  expect(rejectedReason(target)).toMatchObject({ httpStatus: 400, reason: expect.stringMatching(/gave up after 3 attempts/) });
});
