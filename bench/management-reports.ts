/**
 * Management reports at clinic scale (issue 18): N studies (default 1,000,000) over the last
 * 365 days across 50 institutions and 20 doctors, ~80 % with a concluded or signed report, half
 * with a routine, 1 % canceled. Times each report over HTTP for a 30-day period (the management
 * report's limit) and for one institution, beside a goal. Prints figures only.
 *
 *   npm run bench:management            BENCH_STUDIES=200000 npm run bench:management
 */
import { randomUUID } from 'node:crypto';
import { createTenant } from '../test/support/fixtures';
import { atMost, recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const N = Number(process.env.BENCH_STUDIES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const INSTITUTIONS = 50;
const DOCTORS = 20;
/** p95 server round trip for one 30-day report on 1 M studies. */
const GOAL_MS = 1000;

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_management');
  const { platform, knex } = bench;
  try {
    const t = await createTenant(knex, { studies: 1, users: { manager: ['MANAGEMENT_REPORTS_READ'] } });
    const started = performance.now();
    const role = await knex('roles').where({ account_id: t.accountId, name: 'role-manager' }).first('id');
    const institutions: string[] = [t.institutionId];
    for (let i = 1; i < INSTITUTIONS; i++) {
      const [row] = await knex('institutions')
        .insert({ account_id: t.accountId, name: `Bench ${i}` })
        .returning('id');
      institutions.push(row.id);
      await knex('user_institution_roles').insert({
        account_id: t.accountId,
        user_id: t.users.manager!.id,
        institution_id: row.id,
        role_id: role.id,
      });
    }
    const doctors: string[] = [];
    for (let i = 0; i < DOCTORS; i++) {
      const tag = randomUUID().slice(0, 8);
      const [row] = await knex('users')
        .insert({ name: `Dr. Bench ${i}`, username: `bench.${tag}`, email: `bench.${tag}@test.laudos`, password_hash: 'x' })
        .returning('id');
      doctors.push(row.id);
    }
    const routine = await knex('routines').where({ account_id: t.accountId, is_default: true }).first('id');
    await knex.raw(
      `WITH l AS (
         INSERT INTO laudos (account_id, institution_id) SELECT ?, ? FROM generate_series(1, ?) RETURNING id
       ), numbered AS (SELECT id, row_number() OVER () AS n FROM l)
       INSERT INTO studies (account_id, institution_id, patient_ref, study_instance_uid, accession_number, modalities, exam_type,
                            received_at, laudo_id, routine_id, exam_status)
       SELECT ?, (?::uuid[])[1 + n % ${INSTITUTIONS}], p.id, '2.25.' || n, 'M' || n, ARRAY[(ARRAY['CT','MR','CR','US'])[1 + n % 4]],
              (ARRAY['Crânio','Tórax','Abdome'])[1 + n % 3], now() - n * (interval '365 days' / ?), numbered.id,
              CASE WHEN n % 2 = 0 THEN ?::uuid END, CASE WHEN n % 100 = 0 THEN 'CANCELED' END
       FROM numbered, (SELECT id FROM patients WHERE account_id = ? LIMIT 1) p`,
      [t.accountId, t.institutionId, N, t.accountId, institutions, N, routine.id, t.accountId],
    );
    // ~80 % of the reports done (concluded or signed) 5 min to 12 h after arrival, by one of the doctors.
    await knex.raw(
      `UPDATE laudos l SET state = 2 + (h % 2), version = 1, user_id = (?::uuid[])[1 + h % ${DOCTORS}],
              finished_at = s.received_at + (5 + h % 715) * interval '1 minute'
       FROM (SELECT laudo_id, received_at, abs(hashtext(id::text)) AS h FROM studies WHERE account_id = ?) s
       WHERE l.id = s.laudo_id AND s.h % 10 < 8 AND s.received_at < now() - interval '12 hours'`,
      [doctors, t.accountId],
    );
    await knex.raw(
      `UPDATE studies s SET laudo_state = l.state, laudo_user_id = l.user_id FROM laudos l WHERE l.id = s.laudo_id AND s.account_id = ?`,
      [t.accountId],
    );
    await knex.raw('ANALYZE studies');
    await knex.raw('ANALYZE laudos');
    const seeded = performance.now() - started;
    const token = await loginToken(platform.url, t.users.manager!.username);

    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const month = `from=${day(30)}&to=${day(1)}`;
    const timeIt = async (label: string, path: string) => {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${platform.url}/api${path}`, { headers: { access_token: token } });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      recordFigures([{ figure: `${label}, p95`, measured: p95, unit: ' ms', goal: atMost(GOAL_MS) }]);
      return `p50 ${pct(times, 50).toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  goal ≤ ${GOAL_MS} ms  ×${(p95 / GOAL_MS).toFixed(2)} ${p95 <= GOAL_MS ? '✓' : '✗'}`;
    };
    console.log(
      `\nManagement reports over HTTP, ${N.toLocaleString('en')} studies, ${INSTITUTIONS} institutions, ${DOCTORS} doctors (${bench.dbLabel}; seeded in ${(seeded / 1000).toFixed(1)} s; ${ROUNDS} rounds)`,
    );
    const one = `&institutionId=${institutions[7]}`;
    for (const [label, path] of [
      ['productivity, 30 days', `/management/productivity?${month}`],
      ['productivity, 30 days, 1 institution', `/management/productivity?${month}${one}`],
      ['management report, 30 days', `/management/summary?${month}`],
      ['management report, 30 days, 1 institution', `/management/summary?${month}${one}`],
      ['canceled exams, 30 days', `/management/canceled-exams?${month}`],
      ['productivity CSV, 30 days', `/management/productivity.csv?${month}`],
      ['productivity, 365 days', `/management/productivity?from=${day(365)}&to=${day(0)}`],
    ] as const) {
      console.log(`  ${label.padEnd(44)} ${await timeIt(label, path)}`);
    }
    console.log('');
  } finally {
    await bench.stop();
  }
}

runBench(main);
