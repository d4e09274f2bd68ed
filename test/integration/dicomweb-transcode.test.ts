/**
 * WADO-RS transfer-syntax conformance (PS3.18 §8.7.3) on real compressed files written by
 * dcmtk (JPEG lossless, JPEG-LS, RLE, JPEG baseline) and GDCM (JPEG 2000): asked for Explicit VR
 * Little Endian, an instance comes back as a file dcmdump reads as such with the same pixel
 * values (lossless syntaxes), its frames as the same values; `transfer-syntax=*` gives the
 * bytes as stored; a bare `Accept: application/dicom` is one single-part instance (406 at a
 * study or series); q-values choose among ranges; what cannot be served is 406. WADO-URI
 * answers Explicit VR Little Endian unless the stored syntax is asked (PS3.18 §8.2.11).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as dcmjs from 'dcmjs';
import { findDcmtk, findGdcmconv } from '../../scripts/tools';
import { makeInstance, makeUltrasoundCine, newUid } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
const ELE = '1.2.840.10008.1.2.1';
const ROWS = 40;
const COLS = 56;
const FRAMES = 3;
const FRAME_BYTES = ROWS * COLS * 2;
const studyUid = newUid();
const { DicomMessage } = (dcmjs as unknown as { data: { DicomMessage: any } }).data;

/** Lossless syntaxes: [name, tool, its options, the transfer syntax it writes]. */
const LOSSLESS: [string, () => string, string[], string][] = [
  ['JPEG lossless SV1', () => findDcmtk('dcmcjpeg'), ['+e1'], '1.2.840.10008.1.2.4.70'],
  ['JPEG lossless', () => findDcmtk('dcmcjpeg'), ['+el'], '1.2.840.10008.1.2.4.57'],
  ['JPEG-LS lossless', () => findDcmtk('dcmcjpls'), ['+el'], '1.2.840.10008.1.2.4.80'],
  ['JPEG 2000 lossless', () => findGdcmconv(), ['--j2k'], '1.2.840.10008.1.2.4.90'],
  ['RLE lossless', () => findDcmtk('dcmcrle'), [], '1.2.840.10008.1.2.5'],
];

let token: string;
let dir: string;
const originals = new Map<string, Buffer>(); // transfer syntax → the uncompressed original
const compressed = new Map<string, Buffer>();
const instanceUrl = new Map<string, string>();

const get = (p: string, accept?: string) =>
  fetch(`${suite.platform.url}${p}`, { headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) } });

function dump(file: Buffer, ...args: string[]): string {
  const f = path.join(dir, `${newUid()}.dcm`);
  fs.writeFileSync(f, file);
  return execFileSync(findDcmtk('dcmdump'), [...args, f], { encoding: 'utf8' });
}

function syntaxOf(file: Buffer): string {
  return /\(0002,0010\) UI \[?=?([^\]\s]+)/.exec(dump(file, '-Un', '+P', '0002,0010'))![1]!;
}

/** The pixel data value of a Part-10 file, read by dcmjs. */
function pixelData(file: Buffer): Buffer {
  const message = DicomMessage.readFile(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  return Buffer.from(message.dict['7FE00010'].Value[0] as ArrayBuffer);
}

function originalPixels(original: Buffer): Buffer {
  return original.subarray(original.length - FRAME_BYTES * FRAMES);
}

/** The parts of a multipart/related answer. */
async function parts(res: Response): Promise<{ type: string; body: Buffer }[]> {
  const contentType = res.headers.get('content-type') ?? '';
  const boundary = /boundary=("?)([^";\s]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error(`not multipart: ${contentType}`);
  const body = Buffer.from(await res.arrayBuffer());
  const delimiter = Buffer.from(`--${boundary}`);
  const out: { type: string; body: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  for (let next = body.indexOf(delimiter, at + 1); next >= 0; at = next, next = body.indexOf(delimiter, at + 1)) {
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    out.push({
      type: /content-type: *(.*)/i.exec(part.subarray(0, sep).toString('latin1'))![1]!.trim(),
      body: part.subarray(sep + 4),
    });
  }
  return out;
}

beforeAll(async () => {
  const t = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM'] } });
  token = await login(suite.api, t.users.doctor!.username);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-wado-transcode-'));
  const files: Buffer[] = [];
  for (const [i, [, tool, args, syntax]] of LOSSLESS.entries()) {
    const original = makeInstance({
      studyUid,
      seriesUid: newUid(),
      seriesNumber: i + 1,
      frames: FRAMES,
      rows: ROWS,
      columns: COLS,
    });
    const [src, dst] = [path.join(dir, `in-${i}.dcm`), path.join(dir, `out-${i}.dcm`)];
    fs.writeFileSync(src, original);
    execFileSync(tool(), [...args, src, dst]);
    const file = fs.readFileSync(dst);
    originals.set(syntax, original);
    compressed.set(syntax, file);
    files.push(file);
  }
  const res = await stow(suite.platform.url, token, files);
  expect(res.status).toBe(200);
  const found = (await (await get(`/dicomweb/studies/${studyUid}/instances`)).json()) as any[];
  for (const [syntax, file] of compressed) {
    const sop = pixelSop(file);
    const row = found.find((r) => r['00080018'].Value[0] === sop);
    instanceUrl.set(syntax, new URL(row['00081190'].Value[0]).pathname);
  }
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function pixelSop(file: Buffer): string {
  return /\(0008,0018\) UI \[([^\]]+)\]/.exec(dump(file, '+P', '0008,0018'))![1]!;
}

describe.each(LOSSLESS)('%s, stored compressed', (_name, _tool, _args, syntax) => {
  it('is stored in its compressed syntax', () => {
    expect(syntaxOf(compressed.get(syntax)!)).toBe(syntax);
  });

  it('asked for Explicit VR Little Endian, answers it with the same pixel values', async () => {
    const res = await get(instanceUrl.get(syntax)!, `multipart/related; type="application/dicom"; transfer-syntax=${ELE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^multipart\/related; type="application\/dicom"/);
    const [part, ...more] = await parts(res);
    expect(more).toEqual([]);
    expect(part!.type).toBe(`application/dicom; transfer-syntax=${ELE}`);
    expect(syntaxOf(part!.body)).toBe(ELE);
    expect(dump(part!.body, '+P', '0028,0008')).toContain(`[${FRAMES}]`);
    expect(pixelData(part!.body).equals(originalPixels(originals.get(syntax)!))).toBe(true);
  });

  it('gives its frames uncompressed with the same values, and as stored with transfer-syntax=*', async () => {
    const res = await get(
      `${instanceUrl.get(syntax)}/frames/3,1`,
      `multipart/related; type="application/octet-stream"; transfer-syntax=${ELE}`,
    );
    expect(res.status).toBe(200);
    const [third, first] = await parts(res);
    const pixels = originalPixels(originals.get(syntax)!);
    expect(third!.body.equals(pixels.subarray(2 * FRAME_BYTES))).toBe(true);
    expect(first!.body.equals(pixels.subarray(0, FRAME_BYTES))).toBe(true);
    // Asked again: the same bytes (from the decoded-frame cache).
    const again = await parts(
      await get(`${instanceUrl.get(syntax)}/frames/3`, 'multipart/related; type="application/octet-stream"'),
    );
    expect(again[0]!.body.equals(third!.body)).toBe(true);

    const stored = await parts(
      await get(`${instanceUrl.get(syntax)}/frames/1`, 'multipart/related; type="application/octet-stream"; transfer-syntax=*'),
    );
    expect(stored[0]!.type).toBe(`application/octet-stream; transfer-syntax=${syntax}`);
    expect(stored[0]!.body.length).toBeLessThan(FRAME_BYTES);
  });

  it('gives the instance as stored with transfer-syntax=*', async () => {
    const [part] = await parts(
      await get(instanceUrl.get(syntax)!, 'multipart/related; type="application/dicom"; transfer-syntax=*'),
    );
    expect(part!.type).toBe(`application/dicom; transfer-syntax=${syntax}`);
    expect(part!.body.equals(compressed.get(syntax)!)).toBe(true);
  });

  it('answers a bare Accept: application/dicom with the single-part file, Explicit VR Little Endian', async () => {
    const res = await get(instanceUrl.get(syntax)!, 'application/dicom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`application/dicom; transfer-syntax=${ELE}`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.toString('latin1', 128, 132)).toBe('DICM');
    expect(syntaxOf(body)).toBe(ELE);
    expect(pixelData(body).equals(originalPixels(originals.get(syntax)!))).toBe(true);
  });
});

describe('WADO-RS negotiation', () => {
  const jls = () => instanceUrl.get('1.2.840.10008.1.2.4.80')!;
  const dicom = (ts: string, q?: number) =>
    `multipart/related; type="application/dicom"; transfer-syntax=${ts}${q === undefined ? '' : `; q=${q}`}`;

  it('gives a whole study uncompressed: every instance Explicit VR Little Endian with its pixels', async () => {
    const res = await get(`/dicomweb/studies/${studyUid}`, dicom(ELE));
    const answer = await parts(res);
    expect(answer).toHaveLength(LOSSLESS.length);
    const expected = [...originals.values()].map((o) => originalPixels(o));
    for (const part of answer) {
      expect(part.type).toBe(`application/dicom; transfer-syntax=${ELE}`);
      expect(syntaxOf(part.body)).toBe(ELE);
      const pixels = pixelData(part.body);
      expect(expected.some((e) => e.equals(pixels))).toBe(true);
    }
  });

  it('takes the range of highest q the instance can satisfy, whatever the order', async () => {
    const preferDecoded = await parts(await get(jls(), `${dicom('*', 0.3)}, ${dicom(ELE, 0.8)}`));
    expect(preferDecoded[0]!.type).toBe(`application/dicom; transfer-syntax=${ELE}`);
    const preferStored = await parts(await get(jls(), `${dicom(ELE, 0.2)}, ${dicom('*', 0.9)}`));
    expect(preferStored[0]!.type).toBe('application/dicom; transfer-syntax=1.2.840.10008.1.2.4.80');
    // The best range cannot be served (we do not encode JPEG 2000): the next one is.
    const fallback = await parts(await get(jls(), `${dicom('1.2.840.10008.1.2.4.90')}, ${dicom(ELE, 0.5)}`));
    expect(fallback[0]!.type).toBe(`application/dicom; transfer-syntax=${ELE}`);
    // q=0 is "not acceptable": the other range answers.
    const single = await get(jls(), `application/dicom; q=0, ${dicom('*', 0.1)}`);
    expect(single.headers.get('content-type')).toMatch(/^multipart\/related/);
  });

  it('answers one frame single-part for a bare media type, several only as multipart', async () => {
    const pixels = originalPixels(originals.get('1.2.840.10008.1.2.4.80')!);
    const raw = await get(`${jls()}/frames/2`, 'application/octet-stream');
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await raw.arrayBuffer()).equals(pixels.subarray(FRAME_BYTES, 2 * FRAME_BYTES))).toBe(true);
    const image = await get(`${jls()}/frames/1`, 'image/jls');
    expect(image.headers.get('content-type')).toBe('image/jls; transfer-syntax=1.2.840.10008.1.2.4.80');
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xf7]));
    expect((await get(`${jls()}/frames/1,2`, 'application/octet-stream')).status).toBe(406);
    const both = await get(
      `${jls()}/frames/1,2`,
      'application/octet-stream, multipart/related; type="application/octet-stream"; q=0.5',
    );
    expect(await parts(both)).toHaveLength(2);
  });

  it('answers 406 in the error shape for what it cannot serve', async () => {
    const series = jls().replace(/\/instances\/[^/]+$/, '');
    const cases: [string, string][] = [
      [series, 'application/dicom'],
      [`/dicomweb/studies/${studyUid}`, 'application/dicom'],
      [jls(), dicom('1.2.840.10008.1.2.4.50')],
      [jls(), `${dicom('1.2.840.10008.1.2.4.90', 0.9)}, ${dicom('1.2.840.10008.1.2.4.50', 0.5)}`],
      [jls(), 'text/html'],
      [jls(), `${dicom(ELE, 0)}`],
      [`${jls()}/frames/1`, `multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.4.90`],
    ];
    for (const [p, accept] of cases) {
      const res = await get(p, accept);
      const body = (await res.json()) as { error: { code: string; description: string } };
      expect([accept, res.status, body.error.code]).toEqual([accept, 406, 'DICOMWEB_NOT_ACCEPTABLE']);
      expect(body.error.description).toEqual(expect.any(String));
    }
  });

  it('decodes a lossy JPEG baseline file to values dcmdjpeg agrees with', async () => {
    const original = makeInstance({ studyUid: newUid(), seriesUid: newUid(), bits: 8, rows: ROWS, columns: COLS });
    const [src, dst, ref] = ['b-in.dcm', 'b-jpeg.dcm', 'b-ref.dcm'].map((f) => path.join(dir, f));
    fs.writeFileSync(src!, original);
    execFileSync(findDcmtk('dcmcjpeg'), ['+eb', src!, dst!]);
    execFileSync(findDcmtk('dcmdjpeg'), [dst!, ref!]);
    const jpeg = fs.readFileSync(dst!);
    expect(syntaxOf(jpeg)).toBe('1.2.840.10008.1.2.4.50');
    expect((await stow(suite.platform.url, token, [jpeg])).status).toBe(200);
    const sop = pixelSop(jpeg);
    const res = await get(`/dicomweb/studies/${pixelStudy(jpeg)}`, 'multipart/related; type="application/dicom"');
    const [part] = await parts(res);
    expect(syntaxOf(part!.body)).toBe(ELE);
    expect(pixelSop(part!.body)).toBe(sop);
    const ours = pixelData(part!.body);
    const theirs = pixelData(fs.readFileSync(ref!));
    expect(ours.length).toBe(ROWS * COLS);
    // Two IJG-derived decoders: identical or off by one in a few pixels (IDCT rounding).
    const diff = Math.max(...Array.from(ours, (v, i) => Math.abs(v - theirs[i]!)));
    expect(diff).toBeLessThanOrEqual(1);
  });
});

describe('colour (RGB ultrasound), stored compressed', () => {
  const [rows, columns, frames] = [30, 40, 2];

  it.each([
    ['RLE', () => findDcmtk('dcmcrle'), [] as string[]],
    ['JPEG-LS', () => findDcmtk('dcmcjpls'), ['+el']],
    ['JPEG 2000', () => findGdcmconv(), ['--j2k']],
  ])('%s comes back interleaved RGB (PlanarConfiguration 0) with the same values', async (name, tool, args) => {
    const cine = makeUltrasoundCine({ frames, rows, columns });
    const rgb = cine.file.subarray(cine.file.length - rows * columns * 3 * frames);
    const [src, dst] = [path.join(dir, `rgb-${name}.dcm`), path.join(dir, `rgb-${name}-c.dcm`)];
    fs.writeFileSync(src, cine.file);
    execFileSync(tool(), [...args, src, dst]);
    const file = fs.readFileSync(dst);
    expect(syntaxOf(file)).not.toBe(ELE);
    expect((await stow(suite.platform.url, token, [file])).status).toBe(200);
    const [part] = await parts(
      await get(`/dicomweb/studies/${cine.studyUid}`, `multipart/related; type="application/dicom"; transfer-syntax=${ELE}`),
    );
    expect(syntaxOf(part!.body)).toBe(ELE);
    expect(dump(part!.body, '+P', '0028,0004')).toContain('[RGB]');
    expect(dump(part!.body, '+P', '0028,0006')).toMatch(/\(0028,0006\) US 0 /);
    expect(pixelData(part!.body).equals(rgb)).toBe(true);
    const [frame2] = await parts(
      await get(
        `/dicomweb/studies/${cine.studyUid}/series/${cine.seriesUid}/instances/${cine.sopUid}/frames/2`,
        'multipart/related; type="application/octet-stream"',
      ),
    );
    expect(frame2!.body.equals(rgb.subarray(rows * columns * 3))).toBe(true);
  });
});

describe('WADO-URI', () => {
  const JLS = '1.2.840.10008.1.2.4.80';
  const wado = (q: string) => {
    const [, study, series, sop] = /studies\/([^/]+)\/series\/([^/]+)\/instances\/([^/]+)/.exec(instanceUrl.get(JLS)!)!;
    return get(`/wado?requestType=WADO&studyUID=${study}&seriesUID=${series}&objectUID=${sop}&${q}`);
  };

  it('gives Explicit VR Little Endian by default and for a syntax it cannot give, the stored syntax when asked', async () => {
    for (const q of ['contentType=application/dicom', 'contentType=application/dicom&transferSyntax=1.2.840.10008.1.2.4.90']) {
      const res = await wado(q);
      expect([q, res.status, res.headers.get('content-type')]).toEqual([q, 200, 'application/dicom']);
      const body = Buffer.from(await res.arrayBuffer());
      expect(syntaxOf(body)).toBe(ELE);
      expect(pixelData(body).equals(originalPixels(originals.get(JLS)!))).toBe(true);
    }
    const stored = await wado(`contentType=application/dicom&transferSyntax=${JLS}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(compressed.get(JLS)!)).toBe(true);
  });

  it('refuses a malformed transferSyntax, or one without application/dicom, with 400', async () => {
    for (const q of ['contentType=application/dicom&transferSyntax=jpeg', `contentType=image/jpeg&transferSyntax=${ELE}`]) {
      const res = await wado(q);
      expect([q, res.status, ((await res.json()) as any).error.code]).toEqual([q, 400, 'MALFORMED_REQUEST']);
    }
  });
});

function pixelStudy(file: Buffer): string {
  return /\(0020,000d\) UI \[([^\]]+)\]/.exec(dump(file, '+P', '0020,000d'))![1]!;
}
