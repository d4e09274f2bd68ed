/**
 * Frame serving for a large multi-frame file (issue 15): a 640 × 480 RGB ultrasound of 150
 * frames (138 MB) sent over STOW-RS, then its frames asked for as the viewer plays them.
 * Before: the DICOMweb rendered-frame route, which reads and parses the whole file per frame.
 * After: the viewer's frame route (byte-range reads through the frame index). Prints frames/s
 * one at a time and 6 at once (a browser's connections), and the api process's RSS growth
 * (the bench runs the platform in its own process).
 *   npm run bench:viewer-frames            (VIEWER_BENCH_BEFORE_FRAMES=10 by default)
 */
import { DOCTOR_PERMISSIONS, createTenant } from '../test/support/fixtures';
import { makeUltrasoundCine } from '../test/support/dicom-files';
import { ingestStudy } from '../test/support/dicomweb';
import { atLeast, recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';

const FRAMES = Number(process.env.VIEWER_BENCH_FRAMES ?? 150);
/** A cine plays at 25 frames/s or better. */
const CINE_FPS = 25;
const BEFORE_FRAMES = Number(process.env.VIEWER_BENCH_BEFORE_FRAMES ?? 10);
const ROWS = 480;
const COLUMNS = 640;

const MB = (n: number) => (n / 1048576).toFixed(0);

/** Asks for `frames` (1-based numbers) with `parallel` requests in flight; frames/s and latencies. */
async function play(url: (n: number) => string, headers: Record<string, string>, frames: number[], parallel: number) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const latencies: number[] = [];
  let bytes = 0;
  const queue = [...frames];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const t = performance.now();
        const res = await fetch(url(n), { headers });
        if (!res.ok) throw new Error(`frame ${n}: ${res.status} ${await res.text()}`);
        bytes += (await res.arrayBuffer()).byteLength;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const ms = performance.now() - t0;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return {
    fps: (frames.length / ms) * 1000,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    rssGrowth: rssPeak - rssBefore,
    kbPerFrame: bytes / frames.length / 1024,
  };
}

async function main() {
  const bench = await startBenchPlatform(`laudos_bench_viewer_${process.pid}`, { STUDY_STABLE_SECONDS: '0.5' });
  try {
    const t = await createTenant(bench.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
    const token = await loginToken(bench.platform.url, t.users.doctor!.username);
    let cine: ReturnType<typeof makeUltrasoundCine> | null = makeUltrasoundCine({ frames: FRAMES, rows: ROWS, columns: COLUMNS });
    const { studyUid, seriesUid, sopUid } = cine;
    const size = cine.file.length;
    const studyId = await ingestStudy(bench.platform.url, bench.knex, token, { studyUid, files: [cine.file] });
    cine = null;
    console.log(`US cine: ${FRAMES} frames of ${COLUMNS} × ${ROWS} RGB, ${MB(size)} MB; database ${bench.dbLabel}`);

    const base = bench.platform.url;
    const before = (n: number) =>
      `${base}/dicomweb/studies/${studyUid}/series/${seriesUid}/instances/${sopUid}/frames/${n}/rendered?viewport=1024,1024`;
    const after = (n: number) => `${base}/api/studies/${studyId}/viewer/images/${sopUid}/frames/${n}?format=jpeg&size=1024`;
    const all = Array.from({ length: FRAMES }, (_, i) => i + 1);
    const some = all.slice(0, BEFORE_FRAMES);

    const rows: [string, Awaited<ReturnType<typeof play>>][] = [];
    rows.push([
      `before: whole file per frame, 1 at a time (${some.length} frames)`,
      await play(before, { authorization: `Bearer ${token}` }, some, 1),
    ]);
    rows.push([
      `before: whole file per frame, 6 at once (${some.length} frames)`,
      await play(before, { authorization: `Bearer ${token}` }, some, 6),
    ]);
    // The first request builds the frame index (once per instance and api process).
    const first = performance.now();
    await fetch(after(1), { headers: { access_token: token } }).then((r) => r.arrayBuffer());
    const indexMs = performance.now() - first;
    rows.push([`after: byte ranges, 1 at a time (${all.length} frames)`, await play(after, { access_token: token }, all, 1)]);
    rows.push([`after: byte ranges, 6 at once (${all.length} frames)`, await play(after, { access_token: token }, all, 6)]);

    console.log(`first frame after ingest (builds the index): ${indexMs.toFixed(0)} ms`);
    console.log('| path | frames/s | p50 ms | p95 ms | KB/frame | api RSS growth MB |');
    console.log('|---|---|---|---|---|---|');
    for (const [name, r] of rows)
      console.log(
        `| ${name} | ${r.fps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.kbPerFrame.toFixed(0)} | ${MB(r.rssGrowth)} |`,
      );
    const speedup = rows[3]![1].fps / rows[1]![1].fps;
    console.log(`ratio after/before (6 at once): ${speedup.toFixed(0)}×; cine goal ≥ 25 frames/s`);
    recordFigures([
      { figure: 'cine frames/s, byte ranges, 6 at once', measured: rows[3]![1].fps, unit: '/s', goal: atLeast(CINE_FPS) },
      { figure: 'cine frames/s, byte ranges, 1 at a time', measured: rows[2]![1].fps, unit: '/s', goal: atLeast(CINE_FPS) },
      { figure: 'cine frame p95, byte ranges, 6 at once', measured: rows[3]![1].p95, unit: ' ms' },
      { figure: 'speed-up over whole file per frame (6 at once)', measured: speedup, unit: '×' },
    ]);
  } finally {
    await bench.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
