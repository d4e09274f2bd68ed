import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { SpoolWriter } from './spool-writer';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-writer-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SpoolWriter', () => {
  it('writes the header then every chunk in order, across block boundaries', async () => {
    const file = path.join(dir, 'x.part');
    const header = Buffer.from('HEADER');
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(16_384 + i, i));
    const writer = new SpoolWriter(file, header);
    await pipeline(Readable.from(chunks), writer);
    await writer.done;
    const expected = Buffer.concat([header, ...chunks]);
    expect(writer.bytes).toBe(expected.length);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
  });

  it('reports a write failure through done without erroring the stream (the association goes on)', async () => {
    const file = path.join(dir, 'missing-folder', 'x.part');
    const writer = new SpoolWriter(file, Buffer.from('H'));
    await pipeline(Readable.from([Buffer.alloc(300_000), Buffer.alloc(10)]), writer);
    await expect(writer.done).rejects.toThrow(/ENOENT/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('discards a reception cut off mid-way: temp file removed, done rejects', async () => {
    const file = path.join(dir, 'cut.part');
    const writer = new SpoolWriter(file, Buffer.from('H'));
    writer.write(Buffer.alloc(600_000, 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(file)).toBe(true);
    await writer.discard();
    await expect(writer.done).rejects.toThrow(/interrupted/);
    expect(fs.existsSync(file)).toBe(false);
  });
});
