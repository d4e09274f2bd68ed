/**
 * Connect agent ingest throughput: storescu (dcmtk) sends N CT instances (256×256, 16-bit,
 * ~131 KB like a real CT slice) to the agent running as its own process.
 *   1. into the spool, platform down: C-STORE acknowledged = fsynced on disk (instances/s, MB/s);
 *   2. spool → STOW-RS receiver once it comes up (instances/s);
 *   3. end to end with the receiver up: storescu → spool → STOW-RS, last instance stored.
 * The receiver is the tests' STOW-RS peer (parses every part with dcmjs), in this process.
 * Then the same storescu run into Orthanc (Debian's `orthanc`, SQLite index, when installed),
 * printed beside the agent's figure as a ratio.
 *
 *   npm run bench:connect            BENCH_INSTANCES=1000 BENCH_BATCH=50 npm run bench:connect
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/temporal-dev';
import { dcmtkDir } from '../scripts/tools';
import { type AgentEnv, agentStatus, dcmtk, startAgentProcess } from '../test/support/connect-agent';
import { writeStudy } from '../test/support/connect-dicom-study';
import { stowReceiver } from '../test/support/connect-stow-receiver';
import { eventually } from '../test/support/eventually';
import { killHard } from '../test/support/worker-process';
import { atLeast, recordFigures } from './report-table';

const N = Number(process.env.BENCH_INSTANCES ?? 500);
const BATCH = process.env.BENCH_BATCH ?? '50';
const KEY = 'bench-connect-key';

const rate = (n: number, ms: number) => `${((n * 1000) / ms).toFixed(0)} instances/s`;
const mbps = (bytes: number, ms: number) => `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;

/** Orthanc with its own storage and SQLite index under `dir`; null when it is not installed. */
async function startOrthanc(dir: string): Promise<{ dicomPort: number; stop(): Promise<void> } | null> {
  const bin = ['/usr/sbin/Orthanc', '/usr/bin/Orthanc'].find((f) => fs.existsSync(f));
  if (!bin) return null;
  const dicomPort = await freePort();
  const httpPort = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'orthanc.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      Name: 'bench',
      StorageDirectory: path.join(dir, 'storage'),
      IndexDirectory: path.join(dir, 'index'),
      DicomAet: 'ORTHANC',
      DicomPort: dicomPort,
      HttpPort: httpPort,
      RemoteAccessAllowed: false,
      AuthenticationEnabled: false,
      DicomCheckCalledAet: false,
      StorageCompression: false,
      Plugins: [],
    }),
  );
  const child = spawn(bin, [config], { stdio: 'ignore' });
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${httpPort}/system`).then(
        (r) => r.ok,
        () => false,
      ),
    (ok) => ok,
    { timeout: 30_000, what: 'Orthanc up' },
  );
  return {
    dicomPort,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const bin = dcmtkDir();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-connect-'));
  const receiver = stowReceiver({ port: await freePort(), key: KEY });
  const env: AgentEnv = {
    PLATFORM_URL: receiver.url,
    CONNECT_KEY: KEY,
    AE_TITLE: 'LAUDOS',
    DICOM_PORT: String(await freePort()),
    STATUS_PORT: String(await freePort()),
    SPOOL_DIR: path.join(work, 'spool'),
    BATCH_MAX_COUNT: BATCH,
    RETRY_BASE_MS: '100',
    RETRY_MAX_MS: '200',
    LOG_LEVEL: 'warn',
  };
  const { child } = await startAgentProcess({ ...env, LOG_LEVEL: 'info' });
  const queue = () => fs.readdirSync(path.join(env.SPOOL_DIR, 'queue')).length;
  const store = (files: string[]) => dcmtk(bin, 'storescu', ['-aec', 'LAUDOS', '127.0.0.1', env.DICOM_PORT, ...files]);
  try {
    const a = writeStudy(path.join(work, 'a'), [{ modality: 'CT', images: N, rows: 256, columns: 256 }]);
    const b = writeStudy(path.join(work, 'b'), [{ modality: 'CT', images: N, rows: 256, columns: 256 }]);
    const bytes = a.reduce((s, f) => s + f.bytes, 0);
    console.log(`Connect ingest: ${N} CT instances of ${(bytes / N / 1024).toFixed(0)} KiB, STOW batches of ${BATCH}`);

    let t = performance.now();
    await store(a.map((f) => f.path));
    const intoSpool = performance.now() - t;
    if (queue() !== N) throw new Error(`spool holds ${queue()} of ${N}`);
    console.log(`  storescu → spool (fsync + rename before each ack):  ${rate(N, intoSpool)}  ${mbps(bytes, intoSpool)}`);

    t = performance.now();
    await receiver.start();
    await eventually(
      () => receiver.stored.size,
      (n) => n === N,
      { timeout: 600_000, interval: 20, what: 'drained' },
    );
    const drain = performance.now() - t;
    console.log(`  spool → STOW-RS receiver (after the platform came back): ${rate(N, drain)}  ${mbps(bytes, drain)}`);

    t = performance.now();
    await store(b.map((f) => f.path));
    const acked = performance.now() - t;
    await eventually(
      () => receiver.stored.size,
      (n) => n === 2 * N,
      { timeout: 600_000, interval: 20, what: 'all stored' },
    );
    const endToEnd = performance.now() - t;
    console.log(
      `  end to end, platform up: storescu → spool → STOW-RS:  ${rate(N, endToEnd)}  (C-STORE acks at ${rate(N, acked)}; last instance stored ${(endToEnd - acked).toFixed(0)} ms after the last ack)`,
    );
    // The receiver holds the last batch a moment before the agent reads its answer.
    const s = await eventually(
      () => agentStatus(env.STATUS_PORT),
      (st) => st.queued === 0 && st.sent === 2 * N,
      { timeout: 30_000, what: 'agent settled' },
    );
    console.log(
      `  agent status: received ${s.received}, sent ${s.sent}, failed ${s.failed}, queued ${s.queued}, STOW requests ${s.requests}`,
    );
    console.log(
      `  agent's own cost per instance: reception ${(s.receiveMsTotal / s.received).toFixed(2)} ms + fsync/rename ${(s.commitMsTotal / s.received).toFixed(2)} ms (the rest of each C-STORE round trip is storescu's)`,
    );
    console.log('  reference (FIELD-NOTES): naive Node C-STORE SCP with persistence ~140 instances/s (131 KB CT)');
    const perSecond = (ms: number) => N / (ms / 1000);
    recordFigures([
      { figure: 'spool → STOW-RS, instances/s', measured: perSecond(drain), unit: '/s' },
      { figure: 'end to end storescu → STOW-RS, instances/s', measured: perSecond(endToEnd), unit: '/s' },
    ]);
    const spoolFigure = { figure: 'storescu → spool, instances/s', measured: perSecond(intoSpool), unit: '/s' };

    const orthanc = await startOrthanc(path.join(work, 'orthanc'));
    if (!orthanc) {
      console.log('  Orthanc: not installed (apt-get install orthanc) — no side-by-side figure');
      recordFigures([spoolFigure]);
    } else {
      try {
        t = performance.now();
        await dcmtk(bin, 'storescu', ['-aec', 'ORTHANC', '127.0.0.1', String(orthanc.dicomPort), ...a.map((f) => f.path)]);
        const intoOrthanc = performance.now() - t;
        console.log(`  same storescu run into Orthanc 1.10 (SQLite index): ${rate(N, intoOrthanc)}  ${mbps(bytes, intoOrthanc)}`);
        console.log(`  ratio Connect spool / Orthanc C-STORE: ${(intoOrthanc / intoSpool).toFixed(2)}×`);
        // For bench:all: Orthanc's C-STORE rate on the same files is the goal.
        recordFigures([
          { ...spoolFigure, figure: `${spoolFigure.figure} (goal Orthanc)`, goal: atLeast(perSecond(intoOrthanc)) },
        ]);
      } finally {
        await orthanc.stop();
      }
    }
  } finally {
    await killHard(child);
    await receiver.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
