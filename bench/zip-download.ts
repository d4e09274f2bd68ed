/**
 * Study-download zip: the activity's writeZip over N synthetic instance files (random bytes,
 * so neither side can compress them; store mode as for compressed DICOM) against the `zip`
 * command (`zip -0`) on the same files in the same run. Prints throughput, the ratio, and the
 * process RSS growth while zipping (flat memory: it must not grow with the study's size).
 *   ZIP_BENCH_MB=1024 npx tsx bench/zip-download.ts
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Entry, writeZip } from '../activities/download-activities';
import { LocalObjectStorage } from '../storage/local-storage';
import { atLeast, recordFigures } from './report-table';

const TOTAL_MB = Number(process.env.ZIP_BENCH_MB ?? 200);
const FILE_MB = 4;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-bench-'));
  try {
    const objects = path.join(dir, 'objects');
    const folder = 'accounts/a/studies/s';
    fs.mkdirSync(path.join(objects, folder), { recursive: true });
    const files = Math.ceil(TOTAL_MB / FILE_MB);
    const entries: Entry[] = [];
    for (let i = 0; i < files; i++) {
      const name = `${String(i).padStart(5, '0')}.dcm`;
      fs.writeFileSync(path.join(objects, folder, name), randomBytes(FILE_MB * 1024 * 1024));
      entries.push({
        kind: 'object',
        path: `DICOM/1-serie/${name}`,
        key: `${folder}/${name}`,
        compress: false,
        size: FILE_MB << 20,
      });
    }
    const storage = new LocalObjectStorage(objects);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    let t0 = performance.now();
    const { size } = await writeZip(storage, 'out/study.zip', entries, async () => undefined);
    const oursMs = performance.now() - t0;
    clearInterval(sampler);
    const zipFile = path.join(objects, 'out/study.zip');
    execFileSync('unzip', ['-tq', zipFile]);

    t0 = performance.now();
    execFileSync('zip', ['-0', '-q', '-r', path.join(dir, 'cmd.zip'), '.'], { cwd: path.join(objects, folder) });
    const cmdMs = performance.now() - t0;

    const mbps = (ms: number) => (size / 1048576 / (ms / 1000)).toFixed(0);
    console.log(
      `files: ${files} × ${FILE_MB} MB = ${((files * FILE_MB) / 1024).toFixed(2)} GB; zip ${(size / 1048576).toFixed(0)} MB, unzip -t clean`,
    );
    console.log(
      `writeZip: ${oursMs.toFixed(0)} ms (${mbps(oursMs)} MB/s); zip -0: ${cmdMs.toFixed(0)} ms (${mbps(cmdMs)} MB/s); ratio ours/zip time ${(oursMs / cmdMs).toFixed(2)}`,
    );
    // For bench:all: `zip -0` on the same files is the goal.
    const rate = (ms: number) => size / 1048576 / (ms / 1000);
    recordFigures([
      { figure: 'writeZip MB/s (goal zip -0)', measured: rate(oursMs), unit: ' MB/s', goal: atLeast(rate(cmdMs)) },
      { figure: 'RSS growth while zipping', measured: (rssPeak - rssBefore) / 1048576, unit: ' MB' },
    ]);
    console.log(
      `RSS before ${(rssBefore / 1048576).toFixed(0)} MB, peak while zipping ${(rssPeak / 1048576).toFixed(0)} MB, growth ${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
