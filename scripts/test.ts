/**
 * `npm test`: prepares what the suite needs (Temporal CLI, Chromium, moto, the built web app),
 * type-checks and lints, then runs every jest project: unit, workflow, integration, e2e.
 * Extra arguments go to jest and skip the type-check and lint (e.g. `npm test -- --selectProjects unit`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDicomwebClient, ensureMoto, findChromium, findDockerCompose, findNginx, findTemporal } from './tools';
import { ensureWebBuilt } from './web-build';
// Plain JavaScript, shared with jest.config.js.
import { serialTestFiles } from '../test/setup/serial-files';

const ROOT = path.resolve(__dirname, '..');
const bin = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

function run(label: string, file: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, [file, ...args], { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) console.error(`✖ ${label} failed`);
  return r.status ?? 1;
}

function mustPass(status: number): void {
  if (status !== 0) process.exit(status);
}

const temporal = findTemporal(process.env.TEMPORAL_CLI);
const chromium = findChromium();
// The DICOMweb conformance test drives dicomweb-client (PyPI) against the platform.
const python = ensureDicomwebClient();
// The object storage contract runs against moto's S3 server (PyPI moto[server]) on loopback.
const moto = ensureMoto();
// The deployment test checks docker-compose.yml with `docker-compose config` (no engine needed).
const compose = findDockerCompose();
// The proxy test checks and runs deploy/nginx.conf (compose's `proxy`) with Debian's nginx.
const nginx = findNginx();
ensureWebBuilt();
console.log(
  `temporal: ${temporal}\nchromium: ${chromium}\ndicomweb-client: ${python}\nmoto: ${moto}\ndocker-compose: ${compose}\nnginx: ${nginx}`,
);

const extra = process.argv.slice(2);
if (extra.length === 0) {
  mustPass(run('type-check (server)', bin('typescript', 'bin/tsc'), ['-p', 'tsconfig.json', '--noEmit']));
  mustPass(run('type-check (web)', bin('typescript', 'bin/tsc'), ['-p', 'web/tsconfig.json', '--noEmit']));
  mustPass(run('lint', bin('eslint', 'bin/eslint.js'), ['.']));
}
/**
 * Jest workers: each runs one file at a time on a database of its own (test/setup/env.ts), and
 * all share the Temporal dev server, the broker and the machine's two cores. Two files at once
 * fill both cores: the run is about a fifth shorter than in band (ADR 044). Files tagged
 * `@serial` (test/setup/serial-files.js) assert a time or memory bound that another file's load
 * would decide: they run afterwards, one at a time. Named files (`npm test -- some.test.ts`) run
 * one at a time, as asked.
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);
const namedFiles = extra.some((a) => /\.test\.tsx?$/.test(a));
fs.rmSync(path.join(ROOT, 'test-results'), { recursive: true, force: true });
// jest writes its --outputFile without creating the folder (a run without e2e made none).
fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
// Every jest worker names what keeps it alive when it fails to exit (test/setup/worker-exit-report.js).
const exitReport = `--require ${JSON.stringify(path.join(ROOT, 'test/setup/worker-exit-report.js'))}`;
const env = {
  ...process.env,
  TEMPORAL_CLI: temporal,
  LAUDOS_TEST_CHROMIUM: chromium,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, exitReport].filter(Boolean).join(' '),
};
const jest = (label: string, file: string, args: string[], phaseEnv: NodeJS.ProcessEnv = {}) => {
  const output = path.join(ROOT, 'test-results', file);
  const status = run(label, bin('jest', 'bin/jest.js'), ['--json', `--outputFile=${output}`, ...args, ...extra], {
    ...env,
    ...phaseEnv,
  });
  return { status, output };
};
const phases = namedFiles
  ? [jest('jest: the files named', 'jest-results.json', ['--runInBand'])]
  : [
      jest('jest: unit, web-dom, workflow, integration, e2e', 'jest-results.json', [`--maxWorkers=${WORKERS}`], {
        LAUDOS_TEST_SKIP_SERIAL: '1',
      }),
      jest('jest: the @serial files, one at a time', 'jest-serial-results.json', [
        '--runInBand',
        '--passWithNoTests',
        '--runTestsByPath',
        ...serialTestFiles(),
      ]),
    ];
// Jest names no file when a worker fails to exit: what each such worker noted at jest's end
// message (test/setup/worker-exit-report.js), the files it ran last and what was pending.
const exitLog = path.join(ROOT, 'test-results', 'worker-exits.log');
if (fs.existsSync(exitLog)) {
  const lines = fs.readFileSync(exitLog, 'utf8').split('\n').filter(Boolean);
  const pid = (line: string) => / pid (\d+)[: ]/.exec(line)?.[1];
  // A worker's own 'exit' line, and jest's parent's line of how the process ended: killed by a
  // signal means its teardown after 'exit' outlasted jest's 500 ms.
  // Only workers jest ended at its end: one it replaced for its memory (workerIdleMemoryLimit) is
  // ended by SIGTERM without an end message, as it should be.
  const ended = new Set(lines.filter((line) => / end message;/.test(line)).map(pid));
  const exited = new Set(lines.filter((line) => / exit \d+ ms/.test(line)).map(pid));
  const killed = new Set(lines.filter((line) => /ended: .*signal SIG/.test(line)).map(pid));
  const late = lines.filter((line) => {
    const p = pid(line);
    return p !== undefined && ended.has(p) && (!exited.has(p) || killed.has(p));
  });
  if (late.length) console.log(`\njest workers that did not exit on their own:\n${late.join('\n')}`);
}
// One plain closing line with the counts, whatever the reporter printed above.
const counts = { passed: 0, failed: 0, skipped: 0, total: 0 };
for (const { output } of phases) {
  if (!fs.existsSync(output)) continue;
  const r = JSON.parse(fs.readFileSync(output, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTotalTests: number;
  };
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests;
  counts.total += r.numTotalTests;
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (counts.total === 0) {
  console.error('no test ran');
  process.exit(1);
}
process.exit(phases.find((p) => p.status !== 0)?.status ?? 0);
