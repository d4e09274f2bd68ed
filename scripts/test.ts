/**
 * `npm test`: prepares what the suite needs (Temporal CLI, Chromium, the built web app),
 * then runs every jest project: unit, workflow, integration, e2e. Extra arguments go to jest.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChromium, findTemporal } from './tools';
import { ensureWebBuilt } from './web-build';

const temporal = findTemporal(process.env.TEMPORAL_CLI);
const chromium = findChromium();
ensureWebBuilt();
console.log(`temporal: ${temporal}\nchromium: ${chromium}`);

const jest = require.resolve('jest/bin/jest');
const args = ['--runInBand', ...process.argv.slice(2)];
const result = spawnSync(process.execPath, [jest, ...args], {
  cwd: path.resolve(__dirname, '..'),
  stdio: 'inherit',
  env: { ...process.env, TEMPORAL_CLI: temporal, LAUDOS_TEST_CHROMIUM: chromium, TZ: 'UTC' },
});
process.exit(result.status ?? 1);
