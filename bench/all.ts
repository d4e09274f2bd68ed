/**
 * Every bench in one run (issue 20): each `bench*` script of package.json as a child process,
 * at modest sizes (the env below; a variable already set in the environment wins), one after
 * the other so they do not measure each other. Each bench records its figures through
 * bench/report-table.ts into BENCH_JSON; at the end ONE table: figure, goal, measured, ratio,
 * ok/miss. A bench that needs what this machine lacks is skipped with the reason; a bench that
 * fails or overruns is named with its log, and the run goes on. Exits 0 (figures, not a test).
 *
 *   npm run bench:all
 *   BENCH_ALL_ONLY=bench:frontend,bench:pdf npm run bench:all     (some benches)
 *   BENCH_ALL_TIMEOUT_S=300 (per bench)   BENCH_ALL_LOGS=<dir> (each bench's output; default a temp dir)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Figure, figureRow, loadAverage, met, readFigures, tableHeader } from './report-table';
import { runBench } from './run';

const ROOT = path.resolve(__dirname, '..');
const TIMEOUT_MS = Number(process.env.BENCH_ALL_TIMEOUT_S ?? 300) * 1000;
const ONLY = process.env.BENCH_ALL_ONLY?.split(',').filter(Boolean);

/** Modest sizes: the whole run stays well under 20 minutes on a 2-core machine. */
const SIZES: Record<string, Record<string, string>> = {
  bench: { BENCH_N: '50' },
  'bench:lifecycle': { BENCH_TRANSITIONS: '100' },
  'bench:temporal-floor': { BENCH_N: '200' },
  'bench:list': { BENCH_STUDIES: '20000' },
  'bench:list-scale': { BENCH_STUDIES: '50000', BENCH_INSTITUTIONS: '10', BENCH_ROUNDS: '10', BENCH_CASE_SECONDS: '5' },
  'bench:mqtt-fanout': { BENCH_CLIENTS: '200', BENCH_USERS: '10', BENCH_MESSAGES: '20' },
  'bench:login-list': { BENCH_STUDIES: '10000', BENCH_SECONDS: '5', BENCH_CONNECTIONS: '20' },
  'bench:qido': { BENCH_PATIENTS: '10000' },
  'bench:ingest': { BENCH_STUDIES: '2', BENCH_PER_SERIES: '10', BENCH_CT_INSTANCES: '50' },
  'bench:connect': { BENCH_INSTANCES: '100' },
  'bench:zip': { ZIP_BENCH_MB: '50' },
  'bench:login': { BENCH_SECONDS: '5', BENCH_CONNECTIONS: '20' },
  'bench:drafts': { BENCH_SECONDS: '5', BENCH_CRASHES: '3' },
  'bench:pdf': { BENCH_REPORTS: '10' },
  'bench:viewer-frames': { VIEWER_BENCH_FRAMES: '60' },
  'bench:lighthouse': { LIGHTHOUSE_RUNS: '1' },
  'bench:management': { BENCH_STUDIES: '50000', BENCH_ROUNDS: '3' },
  'bench:frontend': { FRONTEND_RUNS: '3' },
};

const onPath = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Why a bench cannot run here (null: it can), and what it runs without. */
function preflight(script: string): { skip?: string; note?: string } {
  if (script === 'bench:connect' && !onPath('storescu')) return { skip: 'DCMTK (storescu) not installed: apt-get install dcmtk' };
  if (script === 'bench:zip' && !onPath('zip')) return { skip: "the 'zip' command (the comparison) not installed" };
  if (script === 'bench:ingest' && !(onPath('Orthanc') && fs.existsSync('/usr/share/orthanc/plugins/libOrthancDicomWeb.so')))
    return { note: 'Orthanc (+ DICOMweb plugin) not installed: Laudos figures only, no side-by-side comparison' };
  if (script === 'bench:connect' && !onPath('Orthanc')) return { note: 'Orthanc not installed: no side-by-side figure' };
  return {};
}

interface Outcome {
  script: string;
  seconds: number;
  status: string;
  log: string;
}

function run(script: string, env: NodeJS.ProcessEnv, log: string): Promise<{ code: number | null; timedOut: boolean }> {
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'w');
    // Its own process group, so an overrun takes the bench's children (platform, Chromium) with it.
    const child = spawn('npm', ['run', '--silent', script], { cwd: ROOT, env, stdio: ['ignore', out, out], detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.closeSync(out);
      resolve({ code, timedOut });
    });
  });
}

function printTable(figures: Figure[], outcomes: Outcome[]): void {
  console.log(tableHeader());
  for (const o of outcomes) {
    const mine = figures.filter((f) => f.bench === o.script);
    console.log(`  ${o.script} — ${o.status}${o.seconds ? `, ${o.seconds.toFixed(0)} s` : ''}`);
    for (const f of mine) console.log(figureRow(f, `  ${f.figure}`));
    if (!mine.length && !o.status.startsWith('skipped')) console.log(`    no figures recorded (its output: ${o.log})`);
  }
  const judged = figures.filter((f) => f.goal);
  const misses = judged.filter((f) => !met(f));
  console.log(
    `\n  ${figures.length} figures from ${outcomes.length} benches; ${judged.length} with a goal: ` +
      `${judged.length - misses.length} ok, ${misses.length} miss`,
  );
}

async function main(): Promise<void> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const scripts = Object.keys(pkg.scripts).filter(
    (s) => /^bench(:|$)/.test(s) && s !== 'bench:all' && (!ONLY || ONLY.includes(s)),
  );
  const logs = process.env.BENCH_ALL_LOGS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-bench-all-'));
  fs.mkdirSync(logs, { recursive: true });
  const json = path.join(logs, 'figures.jsonl');
  fs.rmSync(json, { force: true });
  const loadBefore = loadAverage();
  const began = Date.now();
  const outcomes: Outcome[] = [];

  console.log(`bench:all — ${scripts.length} benches, one at a time; each one's output in ${logs}`);
  for (const script of scripts) {
    const log = path.join(logs, `${script.replace(':', '-')}.log`);
    const { skip, note } = preflight(script);
    if (skip) {
      console.log(`  ${script}: skipped — ${skip}`);
      outcomes.push({ script, seconds: 0, status: `skipped: ${skip}`, log });
      continue;
    }
    if (note) console.log(`  ${script}: ${note}`);
    const env = { ...process.env, ...SIZES[script], ...pick(process.env, Object.keys(SIZES[script] ?? {})) };
    const t0 = Date.now();
    const { code, timedOut } = await run(script, { ...env, BENCH_JSON: json, BENCH_NAME: script }, log);
    const seconds = (Date.now() - t0) / 1000;
    const status = timedOut ? `stopped after ${TIMEOUT_MS / 1000} s` : code === 0 ? 'ran' : `failed (exit ${code})`;
    const sizes = Object.entries(SIZES[script] ?? {})
      .map(([k]) => `${k}=${env[k]}`)
      .join(' ');
    console.log(`  ${script}: ${status}, ${seconds.toFixed(0)} s${sizes ? ` (${sizes})` : ''}; load average ${loadAverage()}`);
    outcomes.push({ script, seconds, status: status + (note ? ` — ${note}` : ''), log });
  }

  console.log(
    `\nAll benches: ${((Date.now() - began) / 60_000).toFixed(1)} min; ${os.cpus().length} cores, ` +
      `load average ${loadBefore} before, ${loadAverage()} after (a shared machine: figures are under that load)\n`,
  );
  printTable(readFigures(json), outcomes);
  console.log('');
}

/** The variables of `keys` the caller's environment sets (they win over the modest sizes). */
function pick(env: NodeJS.ProcessEnv, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]!]])));
}

runBench(main);
