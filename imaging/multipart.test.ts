import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MalformedMultipart, buildMultipart, readMultipart, relatedBoundary } from './multipart';

let tmpDir: string;
beforeEach(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-mp-'));
});
afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

/** The body cut into chunks of `size` bytes, so delimiters fall across chunk edges. */
function chunked(body: Buffer, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size));
  return Readable.from(chunks);
}

async function collect(body: Buffer, chunk: number, maxPartBytes = 1e6, memoryPartBytes = 0) {
  const got: { body: string | null; tooLarge: boolean; type?: string; inMemory?: boolean }[] = [];
  await readMultipart(chunked(body, chunk), 'b0und4ry', { tmpDir, maxPartBytes, memoryPartBytes }, async (p) => {
    const bytes = p.body ?? (p.file ? fs.readFileSync(p.file) : null);
    got.push({
      body: bytes?.toString('latin1') ?? null,
      tooLarge: p.tooLarge,
      type: p.headers['content-type'],
      ...(memoryPartBytes > 0 && !p.tooLarge ? { inMemory: p.body !== null } : {}),
    });
  });
  return got;
}

it('reads the boundary of a multipart/related type only', () => {
  expect(relatedBoundary('multipart/related; type="application/dicom"; boundary=abc')).toBe('abc');
  expect(relatedBoundary('multipart/related; boundary="a b"; type=application/dicom')).toBe('a b');
  expect(relatedBoundary('multipart/form-data; boundary=abc')).toBeNull();
  expect(relatedBoundary('multipart/related; type="application/dicom"')).toBeNull();
});

it.each([1, 3, 7, 64, 100_000])('splits parts whatever the chunk size (%i bytes)', async (chunk) => {
  const parts = [Buffer.from('first\r\n--not-the-boundary'), Buffer.alloc(0), Buffer.from('\r\n--b0und4r third')];
  const got = await collect(buildMultipart(parts, 'b0und4ry'), chunk);
  expect(got.map((g) => g.body)).toEqual(parts.map((p) => p.toString('latin1')));
  expect(got[0]!.type).toBe('application/dicom');
  expect(fs.readdirSync(tmpDir)).toEqual([]); // temporary files removed
});

it.each([1, 7, 100_000])(
  'keeps parts up to memoryPartBytes in memory, spills larger ones to a file (%i-byte chunks)',
  async (chunk) => {
    const parts = [Buffer.from('small one'), Buffer.alloc(300, 0x41), Buffer.alloc(0), Buffer.alloc(5000, 1)];
    const got = await collect(buildMultipart(parts, 'b0und4ry'), chunk, 1000, 200);
    expect(got).toEqual([
      { body: 'small one', tooLarge: false, type: 'application/dicom', inMemory: true },
      { body: 'A'.repeat(300), tooLarge: false, type: 'application/dicom', inMemory: false },
      { body: '', tooLarge: false, type: 'application/dicom', inMemory: true },
      { body: null, tooLarge: true, type: 'application/dicom' },
    ]);
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  },
);

it('marks a part over the limit and still reads the next one', async () => {
  const got = await collect(buildMultipart([Buffer.alloc(5000, 1), Buffer.from('small')], 'b0und4ry'), 512, 1000);
  expect(got).toEqual([
    { body: null, tooLarge: true, type: 'application/dicom' },
    { body: 'small', tooLarge: false, type: 'application/dicom' },
  ]);
});

it('refuses a body without its closing boundary or without any boundary', async () => {
  const cut = buildMultipart([Buffer.from('abc')], 'b0und4ry').subarray(0, 30);
  await expect(collect(cut, 8)).rejects.toThrow(MalformedMultipart);
  await expect(collect(Buffer.from('just some bytes'), 8)).rejects.toThrow(MalformedMultipart);
  expect(fs.readdirSync(tmpDir)).toEqual([]);
});
