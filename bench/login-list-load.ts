/**
 * Login and list under load (issue 19): autocannon, 50 connections, 20 s per phase, in two
 * phases on one platform — the study list (`GET /api/studies`, first page, with a session
 * token) on an account of BENCH_STUDIES studies (default 100,000 across 50 institutions),
 * then sign-in (`POST /api/auth`, right password). Each phase prints req/s, p50/p99 latency
 * and the answers by status beside its goal. Prints figures only; never part of `npm test`.
 *
 * Goals:
 * - list: ≥ 1,000 req/s with p99 ≤ 150 ms (issue 20).
 * - login: ≥ 20 logins/s per core, i.e. a whole login may take 50 ms of one core. Most of it
 *   is meant to be the argon2id verify (services/auth/passwords.ts: m = 19 MiB, t = 2, p = 1,
 *   OWASP's minimum), 5–40 ms of a core depending on the CPU; the goal holds even on a slow
 *   core and leaves the session insert and audit a small share. The verify time measured here
 *   is printed with the ceiling it alone sets (cores × 1000 / verify ms).
 *
 * 429: every autocannon connection comes from 127.0.0.1, and the login limiter allows
 * LOGIN_RATE_PER_MINUTE (default 30) per address and per name: at the default nearly every
 * login would be a 429 refused before argon2, which measures the limiter (bench:login does
 * that), not sign-in. This bench raises the limit so logins reach the hash; a 429 that still
 * appears is counted apart from other non-2xx answers and from connection errors.
 *
 * autocannon runs as a child process and shares the machine's cores with the api: on a small
 * machine that caps the figures too (the api's CPU share is printed).
 *
 *   npm run bench:login-list      BENCH_STUDIES=1000000 BENCH_SECONDS=20 BENCH_CONNECTIONS=50 npm run bench:login-list
 *   BENCH_PHASES=list (or list-live, list-fresh, login) runs one phase alone, e.g. under `node --cpu-prof`.
 *
 * The list is measured three ways (ADR 040): its kept answers (every connection refreshes an
 * unchanged worklist, as a reading room does between reports), with 5 writes/s to the account
 * (each commit changes the list version, so reads go to PostgreSQL again), and with
 * `Cache-Control: no-cache` (every read from PostgreSQL).
 */
import os from 'node:os';
import { hashPassword, verifyPassword } from '../services/auth/passwords';
import { PASSWORD, createTenant } from '../test/support/fixtures';
import { type Cannon, cannon } from './autocannon';
import { samplePgWaits } from './pg-waits';
import { seedStudies } from './seed-studies';
import { atLeast, atMost, recordFigures } from './report-table';
import { loginToken, startBenchPlatform } from './support';
import { runBench } from './run';

const STUDIES = Number(process.env.BENCH_STUDIES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIST_GOAL = { rps: 1000, p99: 150 };
const LOGINS_PER_CORE = 20;
const PHASES = (process.env.BENCH_PHASES ?? 'list,list-live,list-fresh,login').split(',');
/** The list phases: how the answers are read (ADR 040). */
const LIST_PHASES = {
  list: { label: 'kept answers (an unchanged worklist refreshed)', fresh: false, writesPerSecond: 0 },
  'list-live': { label: 'with 5 writes/s to the account (each one invalidates)', fresh: false, writesPerSecond: 5 },
  'list-fresh': { label: 'Cache-Control: no-cache (every read from PostgreSQL)', fresh: true, writesPerSecond: 0 },
} as const;

/** 2xx, 429 and other answers counted apart, and connection errors/timeouts. */
function answers(r: Cannon): { text: string; okPerSecond: number } {
  let ok = 0;
  let limited = 0;
  const other: string[] = [];
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) {
    if (code.startsWith('2')) ok += s.count;
    else if (code === '429') limited += s.count;
    else other.push(`${code}: ${s.count}`);
  }
  return {
    text: `2xx ${ok}, 429 ${limited}, other non-2xx ${other.length ? other.join(', ') : 0}, errors ${r.errors} (timeouts ${r.timeouts})`,
    okPerSecond: ok / SECONDS,
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_load', { LOGIN_RATE_PER_MINUTE: '100000000' });
  const { platform, knex } = bench;
  const cores = os.cpus().length;
  try {
    const t = await createTenant(knex, { studies: 0, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
    const seeded = await seedStudies(knex, t, { studies: STUDIES, institutions: 50, patients: Math.max(1000, STUDIES / 10) });
    const user = t.users.doctor!;
    const token = await loginToken(platform.url, user.username);

    // argon2id's cost here: one verify alone, in this (the api's) process.
    const hash = await hashPassword(PASSWORD);
    await verifyPassword(hash, PASSWORD);
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) await verifyPassword(hash, PASSWORD);
    const verifyMs = (performance.now() - t0) / 10;

    console.log(
      `\nLogin and list under autocannon: ${CONNECTIONS} connections, ${SECONDS} s per phase (${bench.dbLabel}; ${cores} cores; ` +
        `${STUDIES.toLocaleString('en')} studies across 50 institutions, seeded in ${(seeded.ms / 1000).toFixed(0)} s; ` +
        `login limit raised, see the header comment)`,
    );

    const { id: studyId } = (await knex('studies').where({ account_id: t.accountId }).first('id')) as { id: string };
    for (const [phase, how] of Object.entries(LIST_PHASES)) if (PHASES.includes(phase)) await listPhase(token, studyId, how);
    if (PHASES.includes('login')) await loginPhase(user.username, verifyMs);
  } finally {
    await bench.stop();
  }

  async function listPhase(token: string, studyId: string, how: (typeof LIST_PHASES)[keyof typeof LIST_PHASES]): Promise<void> {
    const waits = samplePgWaits(knex);
    // The writer stands in for report transitions elsewhere in the account: each commit
    // changes the list version, so every caller's next read goes to PostgreSQL.
    let writing = how.writesPerSecond > 0;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        await knex('studies').where({ id: studyId }).update({ updated_at: knex.fn.now() });
        writes++;
        await new Promise((r) => setTimeout(r, 1000 / how.writesPerSecond));
      }
    })();
    const list = await cannon(`${platform.url}/api/studies?pageSize=25`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { access_token: token, ...(how.fresh ? { 'cache-control': 'no-cache' } : {}) },
    });
    writing = false;
    await writer;
    const l = list.result;
    console.log(
      `  list  GET /api/studies (25), ${how.label}: ${l.requests.average.toFixed(0)} req/s, p50 ${l.latency.p50} ms, p99 ${l.latency.p99} ms, max ${l.latency.max} ms; ` +
        `api CPU ${list.cpu.toFixed(0)} % of the machine${writes ? `; ${writes} writes` : ''}`,
    );
    const listed = answers(l);
    console.log(`        ${listed.text}`);
    console.log(`        PostgreSQL: ${await waits.stop()}`);
    // The goals count answered lists (2xx), not refusals.
    console.log(
      `        goal ≥ ${LIST_GOAL.rps} 2xx/s: ×${(listed.okPerSecond / LIST_GOAL.rps).toFixed(2)} ${verdict(listed.okPerSecond >= LIST_GOAL.rps)}; ` +
        `p99 ≤ ${LIST_GOAL.p99} ms: ×${(l.latency.p99 / LIST_GOAL.p99).toFixed(2)} ${verdict(l.latency.p99 <= LIST_GOAL.p99)}`,
    );
    const which = how.fresh ? ', every read fresh' : how.writesPerSecond ? `, ${how.writesPerSecond} writes/s` : '';
    recordFigures([
      {
        figure: `GET /api/studies under load${which}, 2xx/s`,
        measured: listed.okPerSecond,
        unit: '/s',
        goal: atLeast(LIST_GOAL.rps),
      },
      { figure: `GET /api/studies under load${which}, p99`, measured: l.latency.p99, unit: ' ms', goal: atMost(LIST_GOAL.p99) },
    ]);
  }

  async function loginPhase(username: string, verifyMs: number): Promise<void> {
    const waits = samplePgWaits(knex);
    const login = await cannon(`${platform.url}/api/auth`, {
      method: 'POST',
      body: { username, password: PASSWORD },
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const g = login.result;
    const goal = LOGINS_PER_CORE * cores;
    console.log(
      `  login POST /api/auth: ${g.requests.average.toFixed(1)} req/s, p50 ${g.latency.p50} ms, p99 ${g.latency.p99} ms, max ${g.latency.max} ms; ` +
        `api CPU ${login.cpu.toFixed(0)} % of the machine`,
    );
    const signed = answers(g);
    console.log(`        ${signed.text}`);
    console.log(`        PostgreSQL: ${await waits.stop()}`);
    console.log(
      `        argon2id verify ${verifyMs.toFixed(1)} ms alone → hash-only ceiling ${((cores * 1000) / verifyMs).toFixed(0)} logins/s on ${cores} cores`,
    );
    console.log(
      `        goal ≥ ${LOGINS_PER_CORE} logins/s per core (${goal}/s): ${signed.okPerSecond.toFixed(1)} 2xx/s, ` +
        `×${(signed.okPerSecond / goal).toFixed(2)} ${verdict(signed.okPerSecond >= goal)}\n`,
    );
    recordFigures([
      {
        figure: `POST /api/auth under load, 2xx/s (${cores} cores)`,
        measured: signed.okPerSecond,
        unit: '/s',
        goal: atLeast(goal),
      },
      { figure: 'POST /api/auth under load, p99', measured: g.latency.p99, unit: ' ms' },
    ]);
  }
}

runBench(main);
