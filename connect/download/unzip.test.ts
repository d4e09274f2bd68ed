import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { ZipError, entryTarget, extractZip } from './unzip';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-unzip-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function writeZip(file: string, fill: (zip: ZipFile) => void): Promise<void> {
  const zip = new ZipFile();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  fill(zip);
  zip.end();
  await finished(out);
}

it('extracts stored, deflated, streamed and empty entries with UTF-8 names, byte for byte', async () => {
  const big = randomBytes(300_000);
  const text = Buffer.from('laudo '.repeat(10_000));
  const file = path.join(dir, 'a.zip');
  await writeZip(file, (zip) => {
    zip.addBuffer(big, 'P-1/Conceição Inês/DICOM/1-CT/0001.dcm', { compress: false });
    zip.addBuffer(text, 'P-1/Conceição Inês/Laudos/laudo.pdf', { compress: true });
    zip.addReadStream(Readable.from([text, big]), 'P-1/stream.bin', { compress: true });
    zip.addBuffer(Buffer.alloc(0), 'vazio.txt');
    zip.addEmptyDirectory('P-1/Anexos');
  });
  const dest = path.join(dir, 'out', 'Exames');
  expect(await extractZip(file, dest)).toBe(4);
  expect(fs.readFileSync(path.join(dest, 'P-1/Conceição Inês/DICOM/1-CT/0001.dcm')).equals(big)).toBe(true);
  expect(fs.readFileSync(path.join(dest, 'P-1/Conceição Inês/Laudos/laudo.pdf')).equals(text)).toBe(true);
  expect(fs.readFileSync(path.join(dest, 'P-1/stream.bin')).equals(Buffer.concat([text, big]))).toBe(true);
  expect(fs.readFileSync(path.join(dest, 'vazio.txt')).length).toBe(0);
  expect(fs.statSync(path.join(dest, 'P-1/Anexos')).isDirectory()).toBe(true);
  expect(fs.readdirSync(path.join(dest, 'P-1')).some((n) => n.endsWith('.part'))).toBe(false);
});

it('refuses a corrupted entry and leaves no partial file', async () => {
  const file = path.join(dir, 'b.zip');
  const body = Buffer.alloc(10_000, 7);
  await writeZip(file, (zip) => zip.addBuffer(body, 'x.bin', { compress: false }));
  const bytes = fs.readFileSync(file);
  bytes[5_000] = bytes[5_000]! ^ 0xff; // inside the stored data
  fs.writeFileSync(file, bytes);
  const dest = path.join(dir, 'out');
  await expect(extractZip(file, dest)).rejects.toBeInstanceOf(ZipError);
  expect(fs.readdirSync(dest)).toEqual([]);
});

it('refuses what is not a zip', async () => {
  const file = path.join(dir, 'c.zip');
  fs.writeFileSync(file, 'not a zip at all, just some text that is long enough');
  await expect(extractZip(file, path.join(dir, 'out'))).rejects.toThrow(/not a zip/);
});

it.each(['../x', 'a/../../x', '/etc/passwd', 'C:/Windows/x', 'a\\..\\x', 'a/./b', 'a\u0000b'])(
  'refuses the entry name %j (it would leave the folder)',
  (name) => {
    expect(() => entryTarget(dir, name)).toThrow(ZipError);
  },
);

it('places a safe name under the folder', () => {
  expect(entryTarget(dir, 'a/b/c.dcm')).toBe(path.join(dir, 'a', 'b', 'c.dcm'));
});
