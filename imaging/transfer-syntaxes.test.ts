/**
 * Rendering of the common transfer syntaxes, each proven against the uncompressed original:
 * files made here with dcmjs and compressed by dcmtk (deflate, RLE, JPEG baseline, extended,
 * lossless, JPEG-LS), plus Debian python3-pydicom's real samples (RLE, JPEG-LS, JPEG 2000
 * of MR_small). Lossless must match pixel for pixel; lossy stays close.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findDcmtk } from '../scripts/tools';
import { makeInstance, newUid } from '../test/support/dicom-files';
import { pydicomTestFiles } from '../test/support/pydicom-samples';
import { readDicomFile } from './dicom-header';
import { frameBytes } from './frames';
import { renderFrame } from './render';

jest.setTimeout(60_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-ts-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function gray(p10: Buffer, window: { center: number; width: number }): Promise<Buffer> {
  const png = await renderFrame(p10, { format: 'png', window });
  return sharp(png.body).greyscale().raw().toBuffer();
}
function meanDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
/** Runs a dcmtk tool from `input` to a new file and returns that file's bytes. */
function dcmtk(tool: string, args: string[], input: string, name: string): Buffer {
  const out = path.join(dir, name);
  execFileSync(findDcmtk(tool), [...args, input, out], { stdio: 'pipe' });
  return fs.readFileSync(out);
}

describe.each([
  { bits: 16 as const, window: { center: 1500, width: 3000 } },
  { bits: 8 as const, window: { center: 128, width: 256 } },
])('files made by dcmjs ($bits bits) and compressed by dcmtk', ({ bits, window }) => {
  const original = makeInstance({ studyUid: newUid(), seriesUid: newUid(), rows: 96, columns: 80, bits });
  const input = () => {
    const f = path.join(dir, `original-${bits}.dcm`);
    fs.writeFileSync(f, original);
    return f;
  };
  const cases: [string, string, string[], string, number][] = [
    ['deflate', 'dcmconv', ['+td'], '1.2.840.10008.1.2.1.99', 0],
    ['RLE', 'dcmcrle', [], '1.2.840.10008.1.2.5', 0],
    ['JPEG lossless SV1', 'dcmcjpeg', ['+e1'], '1.2.840.10008.1.2.4.70', 0],
    ['JPEG lossless', 'dcmcjpeg', ['+el'], '1.2.840.10008.1.2.4.57', 0],
    ['JPEG-LS lossless', 'dcmcjpls', [], '1.2.840.10008.1.2.4.80', 0],
    ['JPEG-LS near lossless', 'dcmcjpls', ['+en'], '1.2.840.10008.1.2.4.81', 3],
    bits === 8
      ? ['JPEG baseline', 'dcmcjpeg', ['+eb'], '1.2.840.10008.1.2.4.50', 4]
      : ['JPEG extended', 'dcmcjpeg', ['+ee'], '1.2.840.10008.1.2.4.51', 4],
  ];
  it.each(cases)('%s renders like the original', async (name, tool, args, tsUid, tolerance) => {
    const compressed = dcmtk(tool, args, input(), `${name.replace(/\W/g, '_')}-${bits}.dcm`);
    const file = path.join(dir, `${name.replace(/\W/g, '_')}-${bits}.dcm`);
    expect((await readDicomFile(file, compressed.length)).transferSyntaxUid).toBe(tsUid);
    const diff = meanDiff(await gray(original, window), await gray(compressed, window));
    expect(diff).toBeLessThanOrEqual(tolerance);
    expect(frameBytes(compressed, 1).bytes.length).toBeGreaterThan(0);
  });
});

describe("Debian python3-pydicom's compressed samples of MR_small", () => {
  const window = { center: 600, width: 1200 };
  let files: string;
  beforeAll(() => {
    files = pydicomTestFiles();
  });
  it.each([
    ['RLE', 'MR_small_RLE.dcm', '1.2.840.10008.1.2.5'],
    ['JPEG-LS lossless', 'MR_small_jpeg_ls_lossless.dcm', '1.2.840.10008.1.2.4.80'],
    ['JPEG 2000 lossless', 'MR_small_jp2klossless.dcm', '1.2.840.10008.1.2.4.90'],
    ['big endian', 'MR_small_bigendian.dcm', '1.2.840.10008.1.2.2'],
    ['implicit little endian', 'MR_small_implicit.dcm', '1.2.840.10008.1.2'],
  ])('%s renders pixel for pixel like the uncompressed file', async (_name, file, tsUid) => {
    const read = (f: string) => fs.readFileSync(path.join(files, f));
    const sample = path.join(files, file);
    expect((await readDicomFile(sample, fs.statSync(sample).size)).transferSyntaxUid).toBe(tsUid);
    expect(meanDiff(await gray(read('MR_small.dcm'), window), await gray(read(file), window))).toBe(0);
  });

  it('JPEG 2000 lossy (JPEG2000.dcm) and JPEG baseline (JPEG-lossy.dcm) decode to an image', async () => {
    for (const f of ['JPEG2000.dcm', 'JPEG-lossy.dcm']) {
      const out = await renderFrame(fs.readFileSync(path.join(files, f)), { format: 'png' });
      const stats = await sharp(out.body).stats();
      expect(out.width).toBeGreaterThan(0);
      expect(stats.channels[0]!.stdev).toBeGreaterThan(5); // an image, not a flat field
    }
  });
});
