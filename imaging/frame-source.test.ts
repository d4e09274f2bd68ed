/**
 * Frames read by byte range through the index give the same bytes and the same pictures as
 * the whole-file path, for native, RLE (offset table) and JPEG (multi-frame) files; a deflated
 * file falls back to the whole read; only the frame's bytes are read from storage.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { findDcmtk } from '../scripts/tools';
import { LocalObjectStorage } from '../storage/local-storage';
import { makeInstance, makeUltrasoundCine, newUid } from '../test/support/dicom-files';
import { FrameSource } from './frame-source';
import { FrameError, frameBytes } from './frames';
import { RenderError, renderFrame } from './render';

jest.setTimeout(60_000);

let dir: string;
let storage: LocalObjectStorage;
const ranges: number[] = [];
let wholeReads = 0;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-frames-'));
  storage = new LocalObjectStorage(dir);
  const getRange = storage.getRange.bind(storage);
  storage.getRange = (key: string, s: number, e: number): Promise<Readable> => {
    ranges.push(e - s);
    return getRange(key, s, e);
  };
  const get = storage.get.bind(storage);
  storage.get = (key: string) => {
    wholeReads++;
    return get(key);
  };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FRAMES = 5;
const original = makeInstance({ studyUid: newUid(), seriesUid: newUid(), rows: 96, columns: 80, frames: FRAMES, bits: 8 });

function compressed(tool: string, args: string[], name: string): Buffer {
  const input = path.join(dir, 'in.dcm');
  fs.writeFileSync(input, original);
  const out = path.join(dir, name);
  execFileSync(findDcmtk(tool), [...args, input, out], { stdio: 'pipe' });
  return fs.readFileSync(out);
}

async function grey(png: Buffer): Promise<Buffer> {
  return sharp(png).greyscale().raw().toBuffer();
}

describe.each([
  { name: 'native', file: () => original, lossless: true },
  { name: 'RLE', file: () => compressed('dcmcrle', [], 'rle.dcm'), lossless: true },
  { name: 'JPEG baseline', file: () => compressed('dcmcjpeg', ['+eb'], 'jpeg.dcm'), lossless: false },
  { name: 'deflated', file: () => compressed('dcmconv', ['+td'], 'deflated.dcm'), lossless: true },
])('$name multi-frame', ({ name, file, lossless }) => {
  const key = `objects/${name.replace(/\W/g, '')}.dcm`;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = file();
    await storage.put(key, bytes);
  });

  it('gives each frame as the whole-file path does, reading only ranges once indexed', async () => {
    const source = new FrameSource(storage);
    const deflated = name === 'deflated';
    for (let n = 1; n <= FRAMES; n++) {
      ranges.length = 0;
      wholeReads = 0;
      const frame = await source.frame(key, n);
      const expected = frameBytes(bytes, n);
      expect(Buffer.concat(frame.parts).equals(expected.bytes)).toBe(true);
      expect(frame.encapsulated).toBe(expected.encapsulated);
      if (deflated) expect(wholeReads).toBe(1);
      else {
        expect(wholeReads).toBe(0);
        // After the first frame (which builds the index), one read of about the frame's size.
        if (n > 1) expect(ranges).toEqual([expect.any(Number)]);
        if (n > 1) expect(ranges[0]!).toBeLessThanOrEqual(expected.bytes.length + 8 * 4);
      }
    }
    expect(source.cachedIndexes).toBe(1);
    await expect(source.frame(key, FRAMES + 1)).rejects.toBeInstanceOf(FrameError);
  });

  it('renders each frame like the whole-file renderer', async () => {
    const source = new FrameSource(storage);
    const window = { center: 128, width: 256 };
    for (const n of [1, FRAMES]) {
      const mine = await source.render(key, n, { format: 'png', window });
      const theirs = await renderFrame(bytes, { format: 'png', window, frame: n - 1 });
      expect([mine.width, mine.height]).toEqual([80, 96]);
      const [a, b] = [await grey(mine.body), await grey(theirs.body)];
      let diff = 0;
      for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
      expect(diff / a.length).toBeLessThanOrEqual(lossless ? 0 : 2);
    }
    await expect(source.render(key, FRAMES + 1)).rejects.toThrow();
  });
});

it('subsamples a large native frame for a preview, and renders it whole at native size', async () => {
  const big = makeInstance({ studyUid: newUid(), seriesUid: newUid(), rows: 2048, columns: 1664, modality: 'MG' });
  await storage.put('objects/mg.dcm', big);
  const source = new FrameSource(storage);
  const preview = await source.render('objects/mg.dcm', 1, { maxSize: 512 });
  expect(Math.max(preview.width, preview.height)).toBeLessThanOrEqual(512);
  expect(Math.max(preview.width, preview.height)).toBeGreaterThan(400);
  const full = await source.render('objects/mg.dcm', 1, { format: 'png' });
  expect([full.width, full.height]).toEqual([1664, 2048]);
  const meta = await sharp(full.body).metadata();
  expect(meta.channels).toBe(1); // greyscale stays one channel
});

it('refuses what is not a DICOM file', async () => {
  await storage.put('objects/not.dcm', Buffer.alloc(400, 1));
  const source = new FrameSource(storage);
  await expect(source.render('objects/not.dcm', 1)).rejects.toBeInstanceOf(RenderError);
  await expect(source.frame('objects/not.dcm', 1)).rejects.toBeInstanceOf(FrameError);
});

it('renders an RGB cine frame straight from its bytes, as the whole-file renderer does', async () => {
  const us = makeUltrasoundCine({ frames: 4, rows: 48, columns: 64 });
  await storage.put('objects/us.dcm', us.file);
  const source = new FrameSource(storage);
  for (const n of [1, 4]) {
    const mine = await source.render('objects/us.dcm', n, { format: 'png' });
    const theirs = await renderFrame(us.file, { format: 'png', frame: n - 1 });
    const [a, b] = await Promise.all([mine.body, theirs.body].map((p) => sharp(p).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(true);
  }
  const [f1, f4] = await Promise.all(
    [1, 4].map(async (n) =>
      sharp((await source.render('objects/us.dcm', n, { format: 'png' })).body)
        .raw()
        .toBuffer(),
    ),
  );
  expect(f1!.equals(f4!)).toBe(false);
});
