/**
 * The decoded-frame cache of WADO-RS transcoding: a frame is decoded once for concurrent and
 * repeated requests, the cache stays within its byte bound (least recently used out first), a
 * frame is decoded from its own byte range (the file is never read whole), and a streamed
 * instance is the size it announces with the original pixel values.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { findDcmtk } from '../scripts/tools';
import { LocalObjectStorage } from '../storage/local-storage';
import { makeInstance, newUid } from '../test/support/dicom-files';
import { FrameSource } from './frame-source';
import { FrameError } from './frames';
import { decodeFrameOf } from './transcode';
import { Transcoder } from './transcode-cache';

jest.setTimeout(60_000);
// Counts decodings (the real decoder still runs).
jest.mock('./transcode', () => {
  const actual = jest.requireActual('./transcode');
  return { ...actual, decodeFrameOf: jest.fn(actual.decodeFrameOf) };
});

const ROWS = 48;
const COLS = 64;
const FRAMES = 4;
const FRAME_BYTES = ROWS * COLS * 2;
const KEY = 'a/jpeg-ls.dcm';
const original = makeInstance({ studyUid: newUid(), seriesUid: newUid(), rows: ROWS, columns: COLS, frames: FRAMES });
const pixels = original.subarray(original.length - FRAMES * FRAME_BYTES);

let dir: string;
let storage: LocalObjectStorage;
let wholeReads = 0;
const decode = decodeFrameOf as jest.MockedFunction<typeof decodeFrameOf>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-transcode-'));
  storage = new LocalObjectStorage(path.join(dir, 'store'));
  const get = storage.get.bind(storage);
  storage.get = (key: string): Promise<Readable> => {
    wholeReads++;
    return get(key);
  };
  const [input, output] = [path.join(dir, 'in.dcm'), path.join(dir, 'out.dcm')];
  fs.writeFileSync(input, original);
  execFileSync(findDcmtk('dcmcjpls'), ['+el', input, output], { stdio: 'pipe' });
  await storage.put(KEY, fs.readFileSync(output));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  decode.mockClear();
  wholeReads = 0;
});

const transcoder = (cacheBytes?: number) => new Transcoder(storage, new FrameSource(storage), cacheBytes);
const frame = (n: number) => pixels.subarray((n - 1) * FRAME_BYTES, n * FRAME_BYTES);

it('decodes a frame once for concurrent and repeated requests, from its byte range alone', async () => {
  const t = transcoder();
  const answers = await Promise.all([t.frame(KEY, 2), t.frame(KEY, 2), t.frame(KEY, 2)]);
  expect(answers.every((a) => a.bytes.equals(frame(2)))).toBe(true);
  expect((await t.frame(KEY, 2)).bytes.equals(frame(2))).toBe(true);
  expect(decode).toHaveBeenCalledTimes(1);
  expect(wholeReads).toBe(0);
  expect(t.cachedBytes).toBe(FRAME_BYTES);
});

it('keeps the cache within its bound, the least recently used frame out first', async () => {
  const t = transcoder(2 * FRAME_BYTES);
  for (const n of [1, 2, 3]) await t.frame(KEY, n);
  expect(t.cachedBytes).toBe(2 * FRAME_BYTES);
  expect(decode).toHaveBeenCalledTimes(3);
  await t.frame(KEY, 3); // kept
  expect(decode).toHaveBeenCalledTimes(3);
  expect((await t.frame(KEY, 1)).bytes.equals(frame(1))).toBe(true); // evicted: decoded again
  expect(decode).toHaveBeenCalledTimes(4);
  expect(t.cachedBytes).toBe(2 * FRAME_BYTES);
});

it('refuses a frame the instance does not have', async () => {
  await expect(transcoder().frame(KEY, FRAMES + 1)).rejects.toBeInstanceOf(FrameError);
});

it('streams the instance as Explicit VR Little Endian of the size it announces, with the original pixels', async () => {
  const t = await transcoder().instance(KEY, FRAMES);
  const chunks: Buffer[] = [t.head];
  for await (const c of t.body) chunks.push(c);
  const file = Buffer.concat(chunks);
  expect(file.length).toBe(t.size);
  expect(file.subarray(file.length - pixels.length).equals(pixels)).toBe(true);
  const out = path.join(dir, 'decoded.dcm');
  fs.writeFileSync(out, file);
  const dump = execFileSync(findDcmtk('dcmdump'), ['+P', '0002,0010', '+P', '7fe0,0010', out], { encoding: 'utf8' });
  expect(dump).toContain('=LittleEndianExplicit');
  expect(dump).toContain(`# ${pixels.length}, 1 PixelData`);
  expect(wholeReads).toBe(0);
});

it('decodes a deflated file (no frame index) whole once, for all its frames', async () => {
  const [input, output] = [path.join(dir, 'plain.dcm'), path.join(dir, 'deflated.dcm')];
  fs.writeFileSync(input, original);
  execFileSync(findDcmtk('dcmconv'), ['+td', input, output], { stdio: 'pipe' });
  await storage.put('a/deflated.dcm', fs.readFileSync(output));
  const t = transcoder();
  for (let n = 1; n <= FRAMES; n++) expect((await t.frame('a/deflated.dcm', n)).bytes.equals(frame(n))).toBe(true);
  expect(wholeReads).toBe(1);
  expect(t.cachedBytes).toBe(FRAMES * FRAME_BYTES);
});
