/**
 * The study zip's rendered images: a multi-frame instance gives one JPEG per frame, named
 * `-f0001.jpg`…, each a different picture; a single-frame instance keeps its plain name, and an
 * instance without pixels is left out of JPEG (its DICOM is still zipped elsewhere).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalObjectStorage } from '../storage/local-storage';
import { makeInstance, newUid } from '../test/support/dicom-files';
import { type Entry, writeZip } from './download-activities';

let dir: string;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('renders every frame of a multi-frame instance to its own JPEG', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-frames-'));
  const storage = new LocalObjectStorage(path.join(dir, 'objects'));
  const studyUid = newUid();
  const seriesUid = newUid();
  await storage.put('s/multi.dcm', makeInstance({ studyUid, seriesUid, instanceNumber: 1, frames: 3 }));
  await storage.put('s/single.dcm', makeInstance({ studyUid, seriesUid, instanceNumber: 2 }));
  await storage.put('s/no-pixels.dcm', Buffer.from('not a DICOM image'));
  const entries: Entry[] = [
    { kind: 'jpeg', path: 'JPEG/1-serie/0001.jpg', key: 's/multi.dcm', size: 1, frames: 3 },
    { kind: 'jpeg', path: 'JPEG/1-serie/0002.jpg', key: 's/single.dcm', size: 1, frames: 1 },
    { kind: 'jpeg', path: 'JPEG/1-serie/0003.jpg', key: 's/no-pixels.dcm', size: 1, frames: 1 },
  ];
  await writeZip(storage, 'out/study.zip', entries, async () => undefined);
  const zip = path.join(dir, 'objects', 'out/study.zip');
  execFileSync('unzip', ['-tq', zip]);
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
  expect(names).toEqual([
    'JPEG/1-serie/0001-f0001.jpg',
    'JPEG/1-serie/0001-f0002.jpg',
    'JPEG/1-serie/0001-f0003.jpg',
    'JPEG/1-serie/0002.jpg',
  ]);
  const bytes = names.map((n) => execFileSync('unzip', ['-p', zip, n]));
  for (const b of bytes) expect(b.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const hashes = new Set(bytes.slice(0, 3).map((b) => createHash('sha256').update(b).digest('hex')));
  expect(hashes.size).toBe(3); // each frame's disc is larger than the last
});
