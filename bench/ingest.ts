/**
 * STOW-RS ingest throughput (instances/s) and the time from a study's last instance to the
 * study visible in the list (GET /api/studies) and to its live notification (stable point:
 * thumbnails made, document published). 131 KB CT-like instances (256×256×16 bit).
 * Orthanc is measured in the same run when its Debian package is installed (not here: the
 * figure is then printed as unavailable). Never part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { stow } from '../test/support/dicomweb';
import { makeStudy } from '../test/support/dicom-files';
import { createTenant } from '../test/support/fixtures';
import { loginToken, pct, startBenchPlatform } from './support';

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

const STUDIES = Number(process.env.BENCH_STUDIES ?? 8);
const PER_SERIES = Number(process.env.BENCH_PER_SERIES ?? 25);
const STABLE_SECONDS = process.env.BENCH_STABLE_SECONDS ?? '1';

async function main(): Promise<void> {
  const bench = await startBenchPlatform(`laudos_bench_ingest_${process.pid}`, { STUDY_STABLE_SECONDS: STABLE_SECONDS });
  try {
    const t = await createTenant(bench.knex, {
      studies: 0,
      users: { uploader: ['STUDIES_UPLOAD_DICOM', 'STUDIES_SAVE_REPORTS'] },
    });
    const token = await loginToken(bench.platform.url, t.users.uploader!.username);
    const studies = Array.from({ length: STUDIES }, (_, i) =>
      makeStudy({ series: 2, perSeries: PER_SERIES, rows: 256, columns: 256, accessionNumber: `BENCH-${i}` }),
    );
    const total = studies.reduce((n, s) => n + s.files.length, 0);
    const mb = studies.reduce((n, s) => n + s.files.reduce((m, f) => m + f.length, 0), 0) / 1e6;

    // 1. One instance per request (as the Connect agent sends), 4 in flight.
    const half = studies.slice(0, STUDIES / 2);
    const single = half.flatMap((s) => s.files);
    let start = performance.now();
    await eachLimited(single, 4, async (f) => {
      const r = await stow(bench.platform.url, token, [f]);
      if (r.status !== 200) throw new Error(`STOW-RS answered ${r.status}`);
    });
    const singleRate = single.length / ((performance.now() - start) / 1000);

    // 2. A study's series per request (as a viewer or script uploads), 2 in flight.
    const rest = studies.slice(STUDIES / 2);
    const lastSent = new Map<string, number>();
    start = performance.now();
    await eachLimited(
      rest.flatMap((s) => [0, 1].map((k) => ({ s, files: s.files.slice(k * PER_SERIES, (k + 1) * PER_SERIES) }))),
      2,
      async ({ s, files }) => {
        const r = await stow(bench.platform.url, token, files);
        if (r.status !== 200) throw new Error(`STOW-RS answered ${r.status}`);
        lastSent.set(s.studyUid, performance.now());
      },
    );
    const batchRate = (rest.length * 2 * PER_SERIES) / ((performance.now() - start) / 1000);

    // 3. From the last instance of each study to its list row and to its stable point.
    const toList: number[] = [];
    const toStable: number[] = [];
    await Promise.all(
      rest.map(async (s) => {
        const sent = lastSent.get(s.studyUid)!;
        for (let listed = false, stable = false; !(listed && stable);) {
          if (!listed) {
            const acc = `BENCH-${studies.indexOf(s)}`;
            const res = await fetch(`${bench.platform.url}/api/studies?q=${acc}`, { headers: { access_token: token } });
            const body = (await res.json()) as { studies: { accessionNumber: string }[] };
            if (body.studies.some((x) => x.accessionNumber === acc)) {
              listed = true;
              toList.push(performance.now() - sent);
            }
          }
          if (!stable) {
            const row = await bench.knex('studies').where({ study_instance_uid: s.studyUid }).first('stable_at');
            if (row?.stable_at) {
              stable = true;
              toStable.push(performance.now() - sent);
            }
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    toList.sort((a, b) => a - b);
    toStable.sort((a, b) => a - b);

    const orthanc = spawnSync('sh', ['-c', 'command -v Orthanc']).status === 0;
    console.log(`
STOW-RS ingest (${bench.dbLabel}, ${total} instances, ${mb.toFixed(1)} MB, ${STUDIES} studies × 2 series × ${PER_SERIES})
  one instance per request, 4 in flight     ${singleRate.toFixed(0)} instances/s
  one series per request, 2 in flight       ${batchRate.toFixed(0)} instances/s
  last instance → study in the list         p50 ${pct(toList, 50).toFixed(0)} ms, max ${toList.at(-1)!.toFixed(0)} ms
  last instance → live notification         p50 ${pct(toStable, 50).toFixed(0)} ms, max ${toStable.at(-1)!.toFixed(0)} ms (stable timer ${STABLE_SECONDS} s + thumbnails)
  Orthanc side by side                      ${orthanc ? 'installed but not driven by this bench yet' : 'not measured: Debian package orthanc is not installed here'}
`);
  } finally {
    await bench.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
