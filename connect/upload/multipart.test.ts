import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { buffer } from 'node:stream/consumers';
import { splitMultipart } from '../../test/support/connect-stow-receiver';
import { multipartRelated, newBoundary } from './multipart';

describe('multipartRelated', () => {
  it('frames each part as application/dicom with the declared length, from buffers and files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-mp-'));
    const fileBytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    fs.writeFileSync(path.join(dir, 'a.dcm'), fileBytes);
    // Bytes that look like framing must pass through untouched.
    const tricky = Buffer.from('\r\n--not-the-boundary\r\n\r\n');
    const body = multipartRelated([{ body: tricky }, { body: { path: path.join(dir, 'a.dcm'), size: fileBytes.length } }]);

    expect(body.contentType).toBe(`multipart/related; type="application/dicom"; boundary=${body.boundary}`);
    const bytes = await buffer(body.stream());
    expect(bytes.length).toBe(body.contentLength);
    const parts = splitMultipart(bytes, body.boundary);
    expect(parts).not.toBeNull();
    expect(parts!.map((p) => p.length)).toEqual([tricky.length, fileBytes.length]);
    expect(parts![0]!.equals(tricky)).toBe(true);
    expect(parts![1]!.equals(fileBytes)).toBe(true);
    // A second stream is a fresh copy of the same body.
    expect((await buffer(body.stream())).equals(bytes)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ends with the closing delimiter and uses a fresh random boundary each time', async () => {
    const body = multipartRelated([{ body: Buffer.from('x') }]);
    expect((await text(body.stream())).endsWith(`\r\n--${body.boundary}--\r\n`)).toBe(true);
    expect(newBoundary()).not.toBe(newBoundary());
  });

  it('fails the stream when a file changed size after it was listed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-mp-'));
    fs.writeFileSync(path.join(dir, 'b.dcm'), Buffer.alloc(10));
    const body = multipartRelated([{ body: { path: path.join(dir, 'b.dcm'), size: 20 } }]);
    await expect(buffer(body.stream())).rejects.toThrow(/changed size/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
