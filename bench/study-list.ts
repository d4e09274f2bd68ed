/**
 * The study list on a large account: N studies (default 200,000), pages read over HTTP by
 * keyset cursor vs by offset at increasing depth, and the count. Prints figures only.
 *
 *   npm run bench:list            BENCH_STUDIES=500000 npm run bench:list
 */
import { TOTAL_CAP } from '../api/studies/search-plan';
import { createTenant } from '../test/support/fixtures';
import { atMost, recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const N = Number(process.env.BENCH_STUDIES ?? 200_000);
/** Issue 20's goal for the list's round trip (bench/study-list-scale.ts measures it at 1M). */
const GOAL_P95_MS = 150;
const ROUNDS = 30;

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_list');
  const { platform, knex } = bench;
  try {
    const t = await createTenant(knex, { studies: 1 });
    const started = performance.now();
    // One laudo and one study per row, generated inside PostgreSQL.
    await knex.raw(
      `WITH l AS (
         INSERT INTO laudos (account_id, institution_id) SELECT ?, ? FROM generate_series(1, ?) RETURNING id
       ), numbered AS (SELECT id, row_number() OVER () AS n FROM l)
       INSERT INTO studies (account_id, institution_id, patient_ref, study_instance_uid, accession_number, modalities, exam_date, laudo_id, laudo_state)
       SELECT ?, ?, p.id, '2.25.' || n, 'B' || n, ARRAY[(ARRAY['CT','MR','CR','US'])[1 + n % 4]],
              timestamp '2020-01-01' + n * interval '7 minutes', numbered.id, (n % 3)::int
       FROM numbered, (SELECT id FROM patients WHERE account_id = ? LIMIT 1) p`,
      [t.accountId, t.institutionId, N, t.accountId, t.institutionId, t.accountId],
    );
    await knex.raw('ANALYZE studies');
    const seeded = performance.now() - started;
    const token = await loginToken(platform.url, t.users.doctor!.username);
    const get = async (query: string) => {
      const t0 = performance.now();
      const res = await fetch(`${platform.url}/api/studies?${query}`, { headers: { access_token: token } });
      const body = (await res.json()) as { nextCursor: string | null; studies: unknown[] };
      return { ms: performance.now() - t0, body };
    };
    const timeIt = async (label: string, query: () => Promise<string>) => {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) times.push((await get(await query())).ms);
      times.sort((a, b) => a - b);
      recordFigures([{ figure: `${label}, p95`, measured: pct(times, 95), unit: ' ms', goal: atMost(GOAL_P95_MS) }]);
      return `p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`;
    };

    // A cursor deep in the list: walk there once.
    let cursor: string | null = null;
    for (let i = 0; i < 40; i++) cursor = (await get(`pageSize=100${cursor ? `&cursor=${cursor}` : ''}`)).body.nextCursor;
    const deepPage = Math.floor(N / 25 / 2);
    console.log(
      `\nStudy list over HTTP, ${N.toLocaleString('en')} studies in one account (${bench.dbLabel}; seeded in ${(seeded / 1000).toFixed(1)} s)`,
    );
    console.log(`  first page (25)                   ${await timeIt('first page', async () => 'pageSize=25')}`);
    console.log(
      `  keyset page after 4,000 rows      ${await timeIt('keyset page after 4,000 rows', async () => `pageSize=25&cursor=${cursor}`)}`,
    );
    console.log(
      `  offset page ${deepPage.toLocaleString('en').padEnd(6)} (row ${(deepPage * 25).toLocaleString('en')})  ${await timeIt(`offset page ${deepPage}`, async () => `pageSize=25&page=${deepPage}`)}`,
    );
    console.log(
      `  filtered (status=1, modality=MR)  ${await timeIt('filtered (status=1, modality=MR)', async () => 'pageSize=25&status=1&modality=MR')}`,
    );
    console.log(
      `  text search (q=B1234)             ${await timeIt('text search (q=B1234)', async () => 'pageSize=25&q=B1234')}`,
    );
    console.log(`  (every answer includes the filtered total, counted up to ${TOTAL_CAP.toLocaleString('en')})\n`);
  } finally {
    await bench.stop();
  }
}

runBench(main);
