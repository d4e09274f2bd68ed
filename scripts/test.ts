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
const results = path.join(ROOT, 'test-results', 'jest-results.json');
fs.rmSync(path.join(ROOT, 'test-results'), { recursive: true, force: true });
// jest writes its --outputFile without creating the folder (a run without e2e made none).
fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const status = run(
  'jest: unit, workflow, integration, e2e',
  bin('jest', 'bin/jest.js'),
  ['--runInBand', '--json', `--outputFile=${results}`, ...extra],
  {
    ...process.env,
    TEMPORAL_CLI: temporal,
    LAUDOS_TEST_CHROMIUM: chromium,
  },
);
// One plain closing line with the counts, whatever the reporter printed above.
if (fs.existsSync(results)) {
  const r = JSON.parse(fs.readFileSync(results, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTotalTests: number;
  };
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
  if (r.numTotalTests === 0) {
    console.error('no test ran');
    process.exit(1);
  }
}
process.exit(status);
