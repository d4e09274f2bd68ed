/**
 * The study list at scale (issue 19): 1,000,000 studies across 50 institutions, the user
 * reaching all of them. `GET /api/studies` measured sequentially — first page, keyset pages
 * (shallow and at the list's middle), the common filters and the text search — p50/p95/p99
 * beside issue 20's goals, p95 ≤ 150 ms for the list and ≤ 10 ms for a search. Prints figures
 * only; never part of `npm test`.
 *
 * Time measured: the client's round trip on loopback until the whole body is read, judged
 * against the goals; beside it, the api's own time from its `Server-Timing` header (arrival to
 * answer, api/http/security.ts; SERVER_TIMING is on for this bench). The client runs on a
 * thread of its own (client-thread.ts), as a browser is a process of its own.
 * Every request sends `Cache-Control: no-cache`: the read, not the list cache (ADR 040).
 *
 *   npm run bench:list-scale      BENCH_STUDIES=200000 BENCH_ROUNDS=20 npm run bench:list-scale
 *   BENCH_KEEP_DATABASE=1 npm run bench:list-scale, then BENCH_REUSE_DATABASE=1 npm run bench:list-scale
 */
import type { Knex } from 'knex';
import { loadStudySample } from '../api/search/study-samples';
import { encodeCursor } from '../domain/paging/cursor';
import { createTenant } from '../test/support/fixtures';
import { EXAM_STEP_MINUTES, seedStudies } from './seed-studies';
import { ClientThread } from './client-thread';
import { atMost, recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const N = Number(process.env.BENCH_STUDIES ?? 1_000_000);
const INSTITUTIONS = Number(process.env.BENCH_INSTITUTIONS ?? 50);
const PATIENTS = Math.max(1000, Math.round(N / 10));
/** Enough that p95 is not the second-slowest of a handful (the same search moved 2× between runs at 40). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
/** A case stops after this long (with at least 10 rounds): a slow query must not hold the run for minutes. */
const CASE_BUDGET_MS = Number(process.env.BENCH_CASE_SECONDS ?? 25) * 1000;
/** Issue 20's goals: the list's time, and a text search's (patient name or ID, accession). */
const GOAL_P95_MS = 150;
const SEARCH_GOAL_P95_MS = 10;

/**
 * BENCH_REUSE_DATABASE=1 takes the database a run before kept (BENCH_KEEP_DATABASE=1) when it
 * holds an account of BENCH_STUDIES studies, instead of seeding one (3–4 minutes at 1 M), and
 * keeps it again: searches compared across commits read the same data. Without such an account
 * it seeds one there, beside what it holds.
 */
const REUSE = process.env.BENCH_REUSE_DATABASE === '1';

/** What the cases need of the seeded account; `ms` is null when an earlier run seeded it. */
interface Seeded {
  accountId: string;
  institutionIds: string[];
  doctor: string;
  ms: number | null;
}

async function seed(knex: Knex): Promise<Seeded> {
  const t = await createTenant(knex, { studies: 0, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  const seeded = await seedStudies(knex, t, {
    studies: N,
    institutions: INSTITUTIONS,
    patients: PATIENTS,
    progress: (done) => process.stdout.write(`\r  seeding: ${done.toLocaleString('en')} studies`),
  });
  process.stdout.write('\n');
  return { accountId: t.accountId, institutionIds: seeded.institutionIds, doctor: t.users.doctor!.username, ms: seeded.ms };
}

/** The account an earlier run seeded, if the kept database holds one of N studies. */
async function keptSeed(knex: Knex): Promise<Seeded | undefined> {
  const account = (await knex('studies').groupBy('account_id').havingRaw('count(*) = ?', [N]).first('account_id')) as
    { account_id: string } | undefined;
  if (!account) return undefined;
  const doctor = (await knex('users as u')
    .join('user_accounts as ua', 'ua.user_id', 'u.id')
    .where('ua.account_id', account.account_id)
    .where('u.username', 'like', 'doctor.%')
    .first('u.username')) as { username: string } | undefined;
  if (!doctor) return undefined;
  // In seeding order: the tenant's own institution, then 'Instituição bench 2' … INSTITUTIONS.
  const institutions = (await knex('institutions')
    .where({ account_id: account.account_id })
    .orderByRaw(`name LIKE 'Instituição bench %', nullif(substring(name FROM 'Instituição bench ([0-9]+)$'), '')::int`)
    .select('id')) as { id: string }[];
  return { accountId: account.account_id, institutionIds: institutions.map((i) => i.id), doctor: doctor.username, ms: null };
}

const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * EXAM_STEP_MINUTES * 60_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_list_scale', { SERVER_TIMING: 'true' }, { reuse: REUSE });
  const { platform, knex } = bench;
  const client = ClientThread.start();
  try {
    const seeded = (bench.reused && (await keptSeed(knex))) || (await seed(knex));
    const token = await loginToken(platform.url, seeded.doctor);
    // The account's study sample, which tells a search its plan (ADR 045): read in the background
    // on the first search otherwise, and the first rounds would be timed without it.
    const sample = await loadStudySample(knex, seeded.accountId);

    const get = async (query: string) => {
      // no-cache: every request reads PostgreSQL. A repeated query would otherwise be answered
      // from the list cache (ADR 040), and this bench measures the read, not the cache.
      const res = await client.request(`${platform.url}/api/studies?${query}`, {
        headers: { access_token: token, 'cache-control': 'no-cache' },
      });
      const server = Number(/app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN);
      if (res.status !== 200) throw new Error(`GET /api/studies?${query} answered ${res.status}: ${res.body.slice(0, 200)}`);
      return {
        ms: res.ms,
        server,
        body: JSON.parse(res.body) as { nextCursor: string | null; studies: unknown[]; total: number; totalCapped: boolean },
      };
    };

    // A cursor 4,000 rows in (walked as a user would), and one at the middle of the list (the
    // row's own key, as the page before it would have handed out).
    const walked = Math.max(1, Math.min(40, Math.floor(N / 400)));
    let shallow: string | null = null;
    for (let i = 0; i < walked; i++) shallow = (await get(`pageSize=100${shallow ? `&cursor=${shallow}` : ''}`)).body.nextCursor;
    const mid = (await knex('studies')
      .where({ account_id: seeded.accountId })
      .orderBy([
        { column: 'sort_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(Math.floor(N / 2))
      .first('id', 'sort_at')) as { id: string; sort_at: Date };
    const deep = encodeCursor(new Date(mid.sort_at).toISOString(), mid.id);
    const oneInstitution = seeded.institutionIds[Math.floor(INSTITUTIONS / 2)]!;
    const from = day(Math.floor(N * 0.6));
    const to = day(Math.floor(N * 0.6) + Math.round((30 * 24 * 60) / EXAM_STEP_MINUTES));

    const cases: [string, string][] = [
      ['first page (25)', 'pageSize=25'],
      [`keyset page after ${(walked * 100).toLocaleString('en')} rows`, `pageSize=25&cursor=${shallow}`],
      [`keyset page at row ${Math.floor(N / 2).toLocaleString('en')}`, `pageSize=25&cursor=${deep}`],
      ['modality + status (MR, state 1)', 'pageSize=25&modality=MR&status=1'],
      [`institution (1 of ${INSTITUTIONS})`, `pageSize=25&institutionId=${oneInstitution}`],
      [`date range (${from} → ${to})`, `pageSize=25&from=${from}&to=${to}`],
      ['text: first name (q=Maria)', 'pageSize=25&q=Maria'],
      ['text: two names (q=Maria Souza, ~1,700)', `pageSize=25&q=${encodeURIComponent('Maria Souza')}`],
      ['text: name prefix (q=Maria Souza Li)', `pageSize=25&q=${encodeURIComponent('Maria Souza Li')}`],
      ['text: patient ID part (q=P4242)', 'pageSize=25&q=P4242'],
      ['text: accession (q=B777777)', 'pageSize=25&q=B777777'],
      // Accession numbers run with time: this one's ~11,000 matches are all old studies.
      ['text: accession part, old (q=B12)', 'pageSize=25&q=B12'],
    ];

    console.log(
      `\nStudy list at scale: ${N.toLocaleString('en')} studies, ${INSTITUTIONS} institutions, ${PATIENTS.toLocaleString('en')} patients ` +
        `(${bench.dbLabel}; ${seeded.ms === null ? 'seeded by an earlier run' : `seeded in ${(seeded.ms / 1000).toFixed(0)} s`})`,
    );
    console.log(
      `  sequential requests, client round trip on loopback, and the api's own time (Server-Timing); goal p95 ≤ ${GOAL_P95_MS} ms, text search ≤ ${SEARCH_GOAL_P95_MS} ms (issue 20)`,
    );
    console.log(
      `  the account's study sample: ${sample.size.toLocaleString('en')} studies of ${sample.studies.toLocaleString('en')}`,
    );
    console.log(`  ${'case'.padEnd(44)} ${'n'.padStart(3)}   p50 ms   p95 ms   p99 ms   api p50  api p95   total     p95/goal`);
    for (const [label, query] of cases) {
      for (let i = 0; i < 3; i++) await get(query); // warm-up: plans cached, pages in shared buffers
      const times: number[] = [];
      const serverTimes: number[] = [];
      let total = '';
      const began = performance.now();
      while (times.length < ROUNDS && (times.length < 10 || performance.now() - began < CASE_BUDGET_MS)) {
        const { ms, server, body } = await get(query);
        times.push(ms);
        serverTimes.push(server);
        total = `${body.totalCapped ? '>' : ''}${body.total.toLocaleString('en')}`;
      }
      times.sort((a, b) => a - b);
      serverTimes.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      const goal = label.startsWith('text') ? SEARCH_GOAL_P95_MS : GOAL_P95_MS;
      const ratio = p95 / goal;
      recordFigures([
        { figure: `${label}, p95`, measured: p95, unit: ' ms', goal: atMost(goal) },
        { figure: `${label}, api's own time p95`, measured: pct(serverTimes, 95), unit: ' ms' },
      ]);
      console.log(
        `  ${label.padEnd(44)} ${String(times.length).padStart(3)} ${pct(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ` +
          `${pct(times, 99).toFixed(1).padStart(8)} ${pct(serverTimes, 50).toFixed(1).padStart(8)} ${pct(serverTimes, 95).toFixed(1).padStart(8)}   ` +
          `${total.padEnd(9)} ×${ratio.toFixed(2)} ${ratio <= 1 ? 'met' : 'MISSED'}`,
      );
    }
    console.log('');
  } finally {
    await client.close();
    await bench.stop();
  }
}

runBench(main);
