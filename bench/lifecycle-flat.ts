/**
 * One report through many versions: 500 transitions over HTTP on ONE laudo (start → save →
 * finish → reopen → save → finish → reopen …). Each reopen starts a new version and a new
 * workflow run (continueAsNew), so a report's history stays as short as one version's and
 * an action costs the same on its 500th transition as on its first. Prints, per action, p50
 * and p99 of the first and of the last 100 transitions, the current run's history length
 * and the number of runs. Prints figures only; never fails `npm test`.
 *
 *   npm run bench:lifecycle        (PostgreSQL at TEST_ADMIN_DATABASE_URL, else embedded PGlite)
 *   BENCH_TRANSITIONS=1000 npm run bench:lifecycle
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createTenant } from '../test/support/fixtures';
import { laudoWorkflowId } from '../workflows/laudo/messages';
import { recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const N = Number(process.env.BENCH_TRANSITIONS ?? 500);
const WINDOW = Math.min(100, Math.floor(N / 2));

type Step = { name: 'start' | 'save' | 'finish' | 'reopen'; path: string; body: unknown };
const STEPS: Record<Step['name'], Step> = {
  start: { name: 'start', path: 'start', body: {} },
  save: { name: 'save', path: 'save', body: { content: '<p>Sem alterações.</p>', finish: false } },
  finish: { name: 'finish', path: 'save', body: { content: '<p>Sem alterações significativas.</p>', finish: true } },
  reopen: { name: 'reopen', path: 'reopen', body: { motive: 'GRAMMAR_ERROR' } },
};
/** The cycle after the first start: one version per turn. */
const CYCLE: Step['name'][] = ['save', 'finish', 'reopen'];

const ms = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(1)} ms`);

interface Sample {
  n: number;
  action: Step['name'];
  ms: number;
}

function summarise(samples: Sample[]): Map<string, { n: number; p50: number; p99: number }> {
  const by = new Map<string, number[]>();
  for (const s of [...samples, ...samples.map((x) => ({ ...x, action: 'all' as const }))]) {
    by.set(s.action, [...(by.get(s.action) ?? []), s.ms]);
  }
  const out = new Map<string, { n: number; p50: number; p99: number }>();
  for (const [action, times] of by) {
    times.sort((a, b) => a - b);
    out.set(action, { n: times.length, p50: pct(times, 50), p99: pct(times, 99) });
  }
  return out;
}

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_lifecycle');
  const { platform, knex, temporal: client } = bench;
  const db = { label: bench.dbLabel };
  try {
    const tenant = await createTenant(knex, {
      studies: 1,
      users: { doctor: ['STUDIES_SAVE_REPORTS', 'STUDIES_REOPEN_REPORTS'] },
    });
    const studyId = tenant.studyIds[0]!;
    const { laudo_id: laudoId } = await knex('studies').where({ id: studyId }).first('laudo_id');
    const token = await loginToken(platform.url, tenant.users.doctor!.username);
    const handle = client.workflow.getHandle(laudoWorkflowId(laudoId));

    const act = async (step: Step): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${platform.url}/api/studies/${studyId}/reports/${step.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token, 'idempotency-key': randomUUID() },
        body: JSON.stringify(step.body),
      });
      const text = await res.text();
      const elapsed = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${step.name} answered ${res.status}: ${text}`);
      return elapsed;
    };

    /** Events of the current run (fetchHistory follows no continueAsNew chain). */
    const historyNow = async () => {
      const history = await handle.fetchHistory();
      return history.events?.length ?? 0;
    };

    const samples: Sample[] = [];
    const checkpoints: { n: number; events: number; version: number; after: Step['name'] }[] = [];
    let maxEvents = 0;
    for (let n = 1; n <= N; n++) {
      const name = n === 1 ? 'start' : CYCLE[(n - 2) % CYCLE.length]!;
      samples.push({ n, action: name, ms: await act(STEPS[name]) });
      // Measured between transitions, off the clock.
      const events = await historyNow();
      if (events > maxEvents) maxEvents = events;
      if (n % 100 === 0 || n === N) {
        const { version } = await knex('laudos').where({ id: laudoId }).first('version');
        checkpoints.push({ n, events, version, after: name });
      }
    }

    // Runs: every run of the workflow id, the current one included (visibility may lag a little).
    let runs = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      runs = 0;
      for await (const _ of client.workflow.list({ query: `WorkflowId = '${laudoWorkflowId(laudoId)}'` })) runs++;
      const reopens = samples.filter((s) => s.action === 'reopen').length;
      if (runs >= reopens + 1) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const description = await handle.describe();
    const laudo = await knex('laudos').where({ id: laudoId }).first('state', 'version', 'seq');
    const versions = await knex('laudo_versions').where({ laudo_id: laudoId }).count({ n: '*' }).first();

    const first = summarise(samples.slice(0, WINDOW));
    const last = summarise(samples.slice(-WINDOW));
    console.log(
      `\nOne report, ${N} transitions over HTTP (start, then save → finish → reopen per version), ` +
        `${db.label}, Temporal dev server, ${os.cpus().length} cores`,
    );
    console.log(
      `  ${'action'.padEnd(8)} ${`first ${WINDOW}: n`.padStart(13)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}   ` +
        `${`last ${WINDOW}: n`.padStart(12)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}   p50 last/first`,
    );
    for (const action of ['start', 'save', 'finish', 'reopen', 'all']) {
      const f = first.get(action);
      const l = last.get(action);
      if (!f && !l) continue;
      const ratio = f && l ? `×${(l.p50 / f.p50).toFixed(2)}` : '';
      console.log(
        `  ${action.padEnd(8)} ${String(f?.n ?? 0).padStart(13)} ${ms(f?.p50).padStart(9)} ${ms(f?.p99).padStart(9)}   ` +
          `${String(l?.n ?? 0).padStart(12)} ${ms(l?.p50).padStart(9)} ${ms(l?.p99).padStart(9)}   ${ratio}`,
      );
    }
    const [firstAll, lastAll] = [first.get('all'), last.get('all')];
    if (firstAll && lastAll)
      recordFigures([
        { figure: `transition p50, first ${WINDOW}`, measured: firstAll.p50, unit: ' ms' },
        { figure: `transition p50, last ${WINDOW} (of ${N})`, measured: lastAll.p50, unit: ' ms' },
        { figure: 'transition p50, last/first', measured: lastAll.p50 / firstAll.p50, unit: '×' },
      ]);
    console.log('  history of the current run (events), by transition:');
    for (const c of checkpoints)
      console.log(
        `    after ${String(c.n).padStart(4)} (${c.after.padEnd(6)}): ${String(c.events).padStart(4)} events, version ${c.version}` +
          (c.after === 'reopen' ? ' — a run the reopen has just begun (continueAsNew)' : ''),
      );
    console.log(`  largest current-run history seen after any transition: ${maxEvents} events`);
    recordFigures([{ figure: 'largest current-run history', measured: maxEvents, unit: ' events' }]);
    console.log(
      `  runs: ${runs} (continueAsNew ${Math.max(0, runs - 1)} times); current run ${description.runId} ` +
        `(${description.historyLength} events)`,
    );
    console.log(
      `  report: state ${laudo.state}, version ${laudo.version}, seq ${laudo.seq}; laudo_versions rows ${versions?.n}\n`,
    );
  } finally {
    await bench.stop();
  }
}

runBench(main);
