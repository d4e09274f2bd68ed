/**
 * The Connect agent against dcmtk, the outside DICOM peer: echoscu, storescu with a
 * multi-series, multi-modality study (uncompressed and RLE / JPEG lossless / JPEG-LS /
 * deflate), every instance reaching a real STOW-RS receiver with the data set byte-for-byte
 * as sent; the called AE title check; duplicates spooled once; a permanent refusal moved to
 * rejected/ with its reason; a file the platform would refuse answered with its status at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import { type RunningAgent, startAgent } from '../../connect/agent';
import { parseConnectConfig } from '../../connect/config';
import { freePort } from '../../scripts/temporal-dev';
import { dcmtkDir } from '../../scripts/tools';
import { agentStatus, datasetBytes, dcmtk } from '../support/connect-agent';
import { type GeneratedInstance, writeStudy } from '../support/connect-dicom-study';
import { type StowReceiver, stowReceiver } from '../support/connect-stow-receiver';
import { eventually } from '../support/eventually';

jest.setTimeout(120_000);

const KEY = 'clinic-key-for-tests';
const AE = 'LAUDOS_TEST';
let bin: string;
let work: string;
let receiver: StowReceiver;
let agent: RunningAgent;
let dicomPort: number;

beforeAll(async () => {
  bin = dcmtkDir();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-dcmtk-'));
  receiver = stowReceiver({ port: await freePort(), key: KEY });
  await receiver.start();
  dicomPort = await freePort();
  const config = parseConnectConfig({
    PLATFORM_URL: receiver.url,
    CONNECT_KEY: KEY,
    AE_TITLE: AE,
    DICOM_PORT: String(dicomPort),
    STATUS_PORT: '0',
    SPOOL_DIR: path.join(work, 'spool'),
    BATCH_MAX_COUNT: '5',
    RETRY_BASE_MS: '50',
    RETRY_MAX_MS: '400',
  });
  agent = await startAgent(config, pino({ level: 'silent' }));
});

afterAll(async () => {
  await agent?.stop();
  await receiver?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const store = (files: string[], extra: string[] = []) =>
  dcmtk(bin, 'storescu', [...extra, '-aec', AE, '127.0.0.1', String(dicomPort), ...files]);
const queued = () => fs.readdirSync(agent.spool.queueDir);

it('answers C-ECHO, and refuses an association to another called AE title', async () => {
  const echo = await dcmtk(bin, 'echoscu', ['-v', '-aec', AE, '127.0.0.1', String(dicomPort)]);
  expect(echo.stderr + echo.stdout).toMatch(/Received Echo Response \(Success\)/);
  await expect(dcmtk(bin, 'echoscu', ['-aec', 'SOMEONE_ELSE', '127.0.0.1', String(dicomPort)])).rejects.toThrow(
    /Called AE Title Not Recognized/,
  );
});

it('delivers a multi-series study sent by storescu, each data set byte-for-byte, compressed syntaxes kept', async () => {
  const plain = writeStudy(path.join(work, 'study'), [
    { modality: 'CT', images: 6 },
    { modality: 'MR', images: 4 },
    { modality: 'US', images: 3 },
    { modality: 'CR', images: 2, rows: 128, columns: 96 },
  ]);
  // Four more instances, each turned into another transfer syntax by dcmtk.
  const sources = writeStudy(path.join(work, 'to-compress'), [{ modality: 'MR', images: 4 }]);
  const compressed: Array<{ instance: GeneratedInstance; tool: string; args: string[]; propose: string; ts: string }> = [
    { instance: sources[0]!, tool: 'dcmcrle', args: [], propose: '-xr', ts: '1.2.840.10008.1.2.5' },
    { instance: sources[1]!, tool: 'dcmcjpeg', args: [], propose: '-xs', ts: '1.2.840.10008.1.2.4.70' },
    { instance: sources[2]!, tool: 'dcmcjpls', args: [], propose: '-xt', ts: '1.2.840.10008.1.2.4.80' },
    { instance: sources[3]!, tool: 'dcmconv', args: ['+td'], propose: '-xd', ts: '1.2.840.10008.1.2.1.99' },
  ];
  for (const c of compressed) {
    const out = c.instance.path.replace(/\.dcm$/, `-${c.tool}.dcm`);
    await dcmtk(bin, c.tool, [...c.args, c.instance.path, out]);
    c.instance = { ...c.instance, path: out };
  }

  await store(plain.map((i) => i.path));
  for (const c of compressed) await store([c.instance.path], [c.propose]);

  const all = [...plain, ...compressed.map((c) => c.instance)];
  await eventually(
    () => receiver.stored.size,
    (n) => n === all.length,
    { timeout: 30_000, what: 'every instance at the receiver' },
  );
  await eventually(
    () => queued().length,
    (n) => n === 0,
    { what: 'spool emptied' },
  );

  for (const instance of all) {
    const received = receiver.stored.get(instance.sopInstanceUid);
    expect(received).toBeDefined();
    // storescu re-deflates a deflated data set when sending it: compare those inflated.
    const deflated = compressed.some((c) => c.tool === 'dcmconv' && c.instance.sopInstanceUid === instance.sopInstanceUid);
    const bytes = (file: Buffer) => (deflated ? zlib.inflateRawSync(datasetBytes(file)) : datasetBytes(file));
    expect(bytes(received!).equals(bytes(fs.readFileSync(instance.path)))).toBe(true);
  }
  // The agent kept each compressed syntax: the Part-10 file it sent declares it.
  for (const c of compressed) {
    const received = receiver.stored.get(c.instance.sopInstanceUid)!;
    expect(received.includes(Buffer.from(c.ts))).toBe(true);
  }
  expect(new Set(all.map((i) => i.modality))).toEqual(new Set(['CT', 'MR', 'US', 'CR']));
  expect(new Set(all.map((i) => i.seriesInstanceUid)).size).toBe(5);

  const status = await eventually(
    () => agentStatus(agent.statusPort),
    (s) => s.sent === all.length,
    { what: 'sends counted' },
  );
  expect(status).toMatchObject({ received: all.length, sent: all.length, failed: 0, queued: 0, rejected: 0 });
  expect(receiver.partsReceived).toHaveLength(all.length); // nothing sent twice
});

it('spools an instance received twice once, and moves a permanently refused one to rejected/', async () => {
  const files = writeStudy(path.join(work, 'dup'), [{ modality: 'CT', images: 3 }]);
  const bad = files[1]!;
  receiver.mode = '503'; // hold the upload back so both receptions meet in the spool
  await store(files.map((f) => f.path));
  await store(files.map((f) => f.path));
  expect(queued().sort()).toEqual(files.map((f) => `${f.sopInstanceUid}.dcm`).sort());

  receiver.failUids.set(bad.sopInstanceUid, 0xc000);
  receiver.mode = 'ok';
  await eventually(
    () => queued().length,
    (n) => n === 0,
    { timeout: 20_000, what: 'spool emptied' },
  );
  expect(receiver.stored.has(files[0]!.sopInstanceUid)).toBe(true);
  expect(receiver.stored.has(files[2]!.sopInstanceUid)).toBe(true);
  expect(receiver.stored.has(bad.sopInstanceUid)).toBe(false);

  const reason = JSON.parse(fs.readFileSync(path.join(agent.spool.rejectedDir, `${bad.sopInstanceUid}.reason.json`), 'utf8'));
  expect(reason).toMatchObject({ sopInstanceUid: bad.sopInstanceUid, failureReason: 0xc000, httpStatus: 202 });
  expect(fs.existsSync(path.join(agent.spool.rejectedDir, `${bad.sopInstanceUid}.dcm`))).toBe(true);
  // The counters follow the file moves: wait for them rather than race them.
  const status = await eventually(
    () => agentStatus(agent.statusPort),
    (s) => s.failed === 1,
    { what: 'rejection counted' },
  );
  expect(status.rejected).toBe(1);
  expect(status.lastError?.message).toMatch(/rejected: refused by the platform, FailureReason 0xC000/);
});

it("answers the modality with the platform's refusal at once for a file it would reject, and keeps the good ones", async () => {
  const [good, broken] = writeStudy(path.join(work, 'no-study-uid'), [{ modality: 'CT', images: 2 }]);
  // No StudyInstanceUID: the platform refuses it as MISSING_UID (PS3.4 0xA900).
  await dcmtk(bin, 'dcmodify', ['-nb', '-ea', '(0020,000d)', broken!.path]);
  const before = await agentStatus(agent.statusPort);
  let answer: string;
  try {
    const out = await dcmtk(bin, 'storescu', ['-v', '-aec', AE, '127.0.0.1', String(dicomPort), good!.path, broken!.path]);
    answer = out.stdout + out.stderr;
  } catch (err) {
    answer = (err as Error).message; // storescu exits non-zero when a store failed
  }
  expect(answer).toMatch(/Error: DataSetDoesNotMatchSOPClass/); // PS3.4 0xA900
  await eventually(
    () => receiver.stored.has(good!.sopInstanceUid),
    (stored) => stored,
    { timeout: 20_000, what: 'the good instance delivered' },
  );
  expect(receiver.stored.has(broken!.sopInstanceUid)).toBe(false);
  expect(fs.existsSync(path.join(agent.spool.queueDir, `${broken!.sopInstanceUid}.dcm`))).toBe(false);
  expect(fs.existsSync(path.join(agent.spool.rejectedDir, `${broken!.sopInstanceUid}.dcm`))).toBe(false);
  expect(fs.readdirSync(agent.spool.tmpDir)).toEqual([]);
  expect((await agentStatus(agent.statusPort)).received).toBe(before.received + 1);
});

it('does not spool a reception cut off mid-way (never acknowledged, so the modality still has it)', async () => {
  const [big] = writeStudy(path.join(work, 'big'), [{ modality: 'CT', images: 1, rows: 4096, columns: 4096 }]);
  const before = await agentStatus(agent.statusPort);
  const storescu = spawn(path.join(bin, 'storescu'), ['-aec', AE, '127.0.0.1', String(dicomPort), big!.path], {
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => storescu.once('exit', (code) => resolve(code)));
  // Kill the sender as soon as the instance is partly on disk.
  await eventually(
    () => fs.readdirSync(agent.spool.tmpDir).some((f) => fs.statSync(path.join(agent.spool.tmpDir, f)).size > 1_000_000),
    (partial) => partial,
    { timeout: 30_000, interval: 2, what: 'a partial reception' },
  );
  storescu.kill('SIGKILL');
  expect(await exited).toBeNull();
  await eventually(
    () => fs.readdirSync(agent.spool.tmpDir),
    (files) => files.length === 0,
    { what: 'partial dropped' },
  );
  expect(fs.existsSync(path.join(agent.spool.queueDir, `${big!.sopInstanceUid}.dcm`))).toBe(false);
  expect((await agentStatus(agent.statusPort)).received).toBe(before.received);
});
