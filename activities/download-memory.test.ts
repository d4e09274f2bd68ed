/**
 * Issue 6: a download of a 1 GB study keeps the worker's memory flat. The activity's writeZip
 * zips 1 GiB of stored instance files from object storage back into object storage; the
 * process's RSS, sampled while it runs, must stay far below the study's size (streamed, not
 * buffered), and the zip must test clean.
 *
 * @serial the process's memory is measured: another file in the same worker moves it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalObjectStorage } from '../storage/local-storage';
import { type Entry, writeZip } from './download-activities';

const FILE_MB = 4;
const FILES = 256; // 1 GiB
const MAX_GROWTH_MB = 96;

let dir: string;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('zips a 1 GiB study with flat memory and a zip that tests clean', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-memory-'));
  const objects = path.join(dir, 'objects');
  const folder = 'accounts/a/studies/s';
  fs.mkdirSync(path.join(objects, folder), { recursive: true });
  // One random block per file, changed at its head so no two files are equal.
  const block = randomBytes(FILE_MB << 20);
  const entries: Entry[] = [];
  for (let i = 0; i < FILES; i++) {
    const name = `${String(i).padStart(5, '0')}.dcm`;
    block.writeUInt32BE(i, 0);
    fs.writeFileSync(path.join(objects, folder, name), block);
    entries.push({ kind: 'object', path: `DICOM/1-serie/${name}`, key: `${folder}/${name}`, compress: false, size: FILE_MB << 20 });
  }
  const storage = new LocalObjectStorage(objects);

  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  let reports = 0;
  const { size } = await writeZip(storage, 'out/study.zip', entries, async () => {
    reports++;
  });
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

  const growthMb = (rssPeak - rssBefore) / 1048576;
  expect(size).toBeGreaterThan(FILES * (FILE_MB << 20));
  expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  expect(reports).toBeGreaterThan(0);
  const zipFile = path.join(objects, 'out/study.zip');
  expect(fs.statSync(zipFile).size).toBe(size);
  const listed = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n');
  expect(listed).toHaveLength(FILES);
  execFileSync('unzip', ['-tq', zipFile]); // throws on a CRC or structure error
}, 180_000);
