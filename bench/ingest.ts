/**
 * STOW-RS ingest throughput (instances/s) and the time from a study's last instance to the
 * study visible in the list (GET /api/studies) and to its stable point (thumbnails made, live
 * document published). 131 KB CT-like instances (256×256×16 bit). Debian's Orthanc with its
 * DICOMweb plugin (SQLite index, StableAge = our stable timer) gets the same uploads in the
 * same run when installed, and the ratios are printed. Never part of `npm test`.
 */
import { randomUUID } from 'node:crypto';
import { buildMultipart } from '../imaging/multipart';
import { makeStudy } from '../test/support/dicom-files';
import { createTenant } from '../test/support/fixtures';
import { type OrthancHandle, startOrthanc } from './orthanc';
import { type Goal, atLeast, atMost, recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const STUDIES = Number(process.env.BENCH_STUDIES ?? 8);
const PER_SERIES = Number(process.env.BENCH_PER_SERIES ?? 25);
const STABLE_SECONDS = Number(process.env.BENCH_STABLE_SECONDS ?? 1);
const CT_INSTANCES = Number(process.env.BENCH_CT_INSTANCES ?? 300);
/**
 * More CTs after both runs, one to each target in turn (who goes first alternates): on a shared,
 * loaded machine one CT per target is a weak sample, these ratios are paired under the same load.
 */
const CT_ROUNDS = Number(process.env.BENCH_CT_ROUNDS ?? 0);

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

type Study = ReturnType<typeof makeStudy> & { accession: string };

interface Target {
  name: string;
  stowUrl: string;
  headers: Record<string, string>;
  /** The study shows where a user looks for it (our list; Orthanc's QIDO). */
  listed(s: Study): Promise<boolean>;
  stable(s: Study): Promise<boolean>;
}

interface Figures {
  /** The first single-instance uploads on a fresh server (each a new study), ms each. */
  cold: number[];
  single: number;
  batch: number;
  /** One 300-instance CT in one request. */
  ct: number;
  toList: number[];
  toStable: number[];
}

/**
 * A request body, built before the clock starts: the bench's client shares the process (and
 * the event loop) with our server, so concatenating a 40 MB body inside the timed window
 * charged the client's work to Laudos (Orthanc, in a process of its own, did not pay it).
 */
interface Body {
  boundary: string;
  bytes: Buffer;
}
function body(files: Buffer[]): Body {
  const boundary = `bench-${randomUUID()}`;
  return { boundary, bytes: buildMultipart(files, boundary) };
}

async function post(target: Target, { boundary, bytes }: Body): Promise<void> {
  const res = await fetch(target.stowUrl, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}` },
    body: bytes,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${target.name}: STOW-RS answered ${res.status}`);
}

async function measure(target: Target, studies: Study[], cold: Buffer[], ct: Buffer[]): Promise<Figures> {
  // 0. The first uploads on a fresh server, one after the other: no stall while it warms up.
  const coldMs: number[] = [];
  for (const b of cold.map((f) => body([f]))) {
    const t = performance.now();
    await post(target, b);
    coldMs.push(performance.now() - t);
  }

  // 1. One instance per request (as the Connect agent sends), 4 in flight.
  const half = studies.slice(0, studies.length / 2);
  const single = half.flatMap((s) => s.files);
  const singleBodies = single.map((f) => body([f]));
  let start = performance.now();
  await eachLimited(singleBodies, 4, (b) => post(target, b));
  const singleRate = single.length / ((performance.now() - start) / 1000);

  // 2. One series per request, 2 in flight; each study is watched from its last series' answer
  //    (to listed and to stable) while the others are still being sent.
  const rest = studies.slice(studies.length / 2);
  const toList: number[] = [];
  const toStable: number[] = [];
  const watchers: Promise<void>[] = [];
  const watch = async (s: Study, sent: number) => {
    let listed = false;
    let stable = false;
    while (!(listed && stable)) {
      if (!listed && (await target.listed(s))) {
        listed = true;
        toList.push(performance.now() - sent);
      }
      if (!stable && (await target.stable(s))) {
        stable = true;
        toStable.push(performance.now() - sent);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const batches = rest.flatMap((s) =>
    [0, 1].map((k) => ({ s, body: body(s.files.slice(k * PER_SERIES, (k + 1) * PER_SERIES)) })),
  );
  start = performance.now();
  const seriesDone = new Map<string, number>();
  await eachLimited(batches, 2, async ({ s, body: b }) => {
    await post(target, b);
    const done = (seriesDone.get(s.studyUid) ?? 0) + 1;
    seriesDone.set(s.studyUid, done);
    if (done === 2) watchers.push(watch(s, performance.now()));
  });
  const batchRate = (rest.length * 2 * PER_SERIES) / ((performance.now() - start) / 1000);
  await Promise.all(watchers);

  // 3. A whole CT in one request.
  const ctBody = body(ct);
  start = performance.now();
  await post(target, ctBody);
  const ctRate = ct.length / ((performance.now() - start) / 1000);
  return {
    cold: coldMs,
    single: singleRate,
    batch: batchRate,
    ct: ctRate,
    toList: toList.sort((a, b) => a - b),
    toStable: toStable.sort((a, b) => a - b),
  };
}

/** Twenty single-instance studies, and one CT of CT_INSTANCES (same 256×256 16-bit images). */
function coldAndCt(prefix: string): { cold: Buffer[]; ct: Buffer[] } {
  const cold = Array.from(
    { length: 20 },
    (_, i) => makeStudy({ series: 1, perSeries: 1, rows: 256, columns: 256, accessionNumber: `${prefix}-C${i}` }).files[0]!,
  );
  return {
    cold,
    ct: makeStudy({ series: 1, perSeries: CT_INSTANCES, rows: 256, columns: 256, accessionNumber: `${prefix}-CT` }).files,
  };
}

function studiesFor(prefix: string): Study[] {
  return Array.from({ length: STUDIES }, (_, i) => {
    const accession = `${prefix}-${i}`;
    return { ...makeStudy({ series: 2, perSeries: PER_SERIES, rows: 256, columns: 256, accessionNumber: accession }), accession };
  });
}

async function main(): Promise<void> {
  const bench = await startBenchPlatform(`laudos_bench_ingest_${process.pid}`, { STUDY_STABLE_SECONDS: String(STABLE_SECONDS) });
  let orthanc: OrthancHandle | null = null;
  try {
    const t = await createTenant(bench.knex, {
      studies: 0,
      users: { uploader: ['STUDIES_UPLOAD_DICOM', 'STUDIES_SAVE_REPORTS'] },
    });
    const token = await loginToken(bench.platform.url, t.users.uploader!.username);
    const laudos: Target = {
      name: 'Laudos',
      stowUrl: `${bench.platform.url}/dicomweb/studies`,
      headers: { authorization: `Bearer ${token}` },
      async listed(s) {
        const res = await fetch(`${bench.platform.url}/api/studies?q=${s.accession}`, { headers: { access_token: token } });
        return ((await res.json()) as { studies: { accessionNumber: string }[] }).studies.some(
          (x) => x.accessionNumber === s.accession,
        );
      },
      async stable(s) {
        return Boolean((await bench.knex('studies').where({ study_instance_uid: s.studyUid }).first('stable_at'))?.stable_at);
      },
    };
    const ours = studiesFor('BENCH');
    const total = ours.reduce((n, s) => n + s.files.length, 0);
    const mb = ours.reduce((n, s) => n + s.files.reduce((m, f) => m + f.length, 0), 0) / 1e6;
    const oursExtra = coldAndCt('BENCH');
    const figures = await measure(laudos, ours, oursExtra.cold, oursExtra.ct);

    const theirsExtra = coldAndCt('ORTHANC');
    orthanc = await startOrthanc(STABLE_SECONDS);
    let theirs: Figures | null = null;
    const rounds: { ours: number; theirs: number }[] = [];
    if (orthanc) {
      const o = orthanc;
      const target: Target = {
        name: 'Orthanc',
        stowUrl: `${o.url}/dicom-web/studies`,
        headers: {},
        async listed(s) {
          const res = await fetch(`${o.url}/dicom-web/studies?AccessionNumber=${s.accession}`);
          return ((await res.json()) as unknown[]).length > 0;
        },
        async stable(s) {
          const id = await o.studyId(s.studyUid);
          return id !== null && (await o.isStable(id));
        },
      };
      theirs = await measure(target, studiesFor('ORTHANC'), theirsExtra.cold, theirsExtra.ct);
      const ctRate = async (to: Target, accession: string) => {
        const b = body(
          makeStudy({ series: 1, perSeries: CT_INSTANCES, rows: 256, columns: 256, accessionNumber: accession }).files,
        );
        const start = performance.now();
        await post(to, b);
        return CT_INSTANCES / ((performance.now() - start) / 1000);
      };
      for (let i = 0; i < CT_ROUNDS; i++) {
        if (i % 2 === 0) {
          const ours = await ctRate(laudos, `BENCH-CT${i}`);
          rounds.push({ ours, theirs: await ctRate(target, `ORTHANC-CT${i}`) });
        } else {
          const theirRate = await ctRate(target, `ORTHANC-CT${i}`);
          rounds.push({ ours: await ctRate(laudos, `BENCH-CT${i}`), theirs: theirRate });
        }
      }
    }

    const ms = (v: number) => `${v.toFixed(0)} ms`;
    // For bench:all: Orthanc's figure, when measured, is the goal (as fast as the reference).
    const p50 = (xs: number[]) =>
      pct(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const vs = (figure: string, ours: number, unit: string, theirValue: number | undefined, goal: (v: number) => Goal) => ({
      figure: theirValue === undefined ? figure : `${figure} (goal Orthanc)`,
      measured: ours,
      unit,
      goal: theirValue === undefined ? undefined : goal(theirValue),
    });
    recordFigures([
      vs('first 20 uploads on a fresh server, p50', p50(figures.cold), ' ms', theirs ? p50(theirs.cold) : undefined, atMost),
      vs(`instances/s, CT of ${CT_INSTANCES} in one request`, figures.ct, '/s', theirs?.ct, atLeast),
      vs('instances/s, one per request, 4 in flight', figures.single, '/s', theirs?.single, atLeast),
      vs('instances/s, series per request, 2 in flight', figures.batch, '/s', theirs?.batch, atLeast),
      vs('last instance → listed, p50', pct(figures.toList, 50), ' ms', theirs ? pct(theirs.toList, 50) : undefined, atMost),
      vs('last instance → stable, p50', pct(figures.toStable, 50), ' ms', theirs ? pct(theirs.toStable, 50) : undefined, atMost),
    ]);
    const line = (label: string, ourValue: string, theirValue: string | null, ratio: number | null) =>
      `  ${label.padEnd(40)} ${ourValue.padStart(12)}  ${(theirValue ?? '—').padStart(12)}  ${ratio === null ? '' : `×${ratio.toFixed(2)}`}`;
    console.log(`
STOW-RS ingest (${bench.dbLabel}; ${total} instances, ${mb.toFixed(1)} MB per target; ${STUDIES} studies × 2 series × ${PER_SERIES})
${''.padEnd(42)}${'Laudos'.padStart(12)}  ${'Orthanc'.padStart(12)}  Laudos/Orthanc
${line('first 20 uploads on a fresh server, max', ms(Math.max(...figures.cold)), theirs && ms(Math.max(...theirs.cold)), theirs && Math.max(...figures.cold) / Math.max(...theirs.cold))}
${line(
  'first 20 uploads on a fresh server, p50',
  ms(
    pct(
      [...figures.cold].sort((a, b) => a - b),
      50,
    ),
  ),
  theirs &&
    ms(
      pct(
        [...theirs.cold].sort((a, b) => a - b),
        50,
      ),
    ),
  theirs &&
    pct(
      [...figures.cold].sort((a, b) => a - b),
      50,
    ) /
      pct(
        [...theirs.cold].sort((a, b) => a - b),
        50,
      ),
)}
${line(`instances/s, a ${CT_INSTANCES}-instance CT in one request`, figures.ct.toFixed(0), theirs && theirs.ct.toFixed(0), theirs && figures.ct / theirs.ct)}
${line('instances/s, one per request, 4 in flight', figures.single.toFixed(0), theirs && theirs.single.toFixed(0), theirs && figures.single / theirs.single)}
${line('instances/s, a series per request, 2 in flight', figures.batch.toFixed(0), theirs && theirs.batch.toFixed(0), theirs && figures.batch / theirs.batch)}
${line('last instance → listed, p50', ms(pct(figures.toList, 50)), theirs && ms(pct(theirs.toList, 50)), theirs && pct(figures.toList, 50) / pct(theirs.toList, 50))}
${line('last instance → stable, p50', ms(pct(figures.toStable, 50)), theirs && ms(pct(theirs.toStable, 50)), theirs && pct(figures.toStable, 50) / pct(theirs.toStable, 50))}
${line('last instance → stable, max', ms(figures.toStable.at(-1)!), theirs && ms(theirs.toStable.at(-1)!), theirs && figures.toStable.at(-1)! / theirs.toStable.at(-1)!)}
${
  rounds.length > 0
    ? `${line(
        `instances/s, ${rounds.length} more CTs in turn, median`,
        median(rounds.map((r) => r.ours)).toFixed(0),
        median(rounds.map((r) => r.theirs)).toFixed(0),
        median(rounds.map((r) => r.ours / r.theirs)),
      )}\n    (each round's ratio: ${rounds.map((r) => `×${(r.ours / r.theirs).toFixed(2)}`).join(' ')})\n`
    : ''
}  (listed: our study list / Orthanc's QIDO; stable: our thumbnails + live notification after a ${STABLE_SECONDS} s quiet timer / Orthanc's StableAge ${STABLE_SECONDS} s)
${orthanc ? '' : '  Orthanc not measured: install the Debian packages orthanc and orthanc-dicomweb.\n'}`);
  } finally {
    await orthanc?.stop();
    await bench.stop();
  }
}

runBench(main);
