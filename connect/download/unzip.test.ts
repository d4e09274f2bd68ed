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

/** A zip of one deflated entry of `inflated` zero bytes whose central directory declares `declared`. */
async function bomb(file: string, inflated: number, declared: number): Promise<void> {
  await writeZip(file, (zip) => zip.addBuffer(Buffer.alloc(inflated), 'bomba.bin', { compress: true }));
  const bytes = fs.readFileSync(file);
  const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  bytes.writeUInt32LE(declared, central + 24);
  fs.writeFileSync(file, bytes);
}

it('stops an entry as soon as it inflates past its declared size (zip bomb) and leaves nothing', async () => {
  const file = path.join(dir, 'bomb.zip');
  await bomb(file, 64 * 1024 * 1024, 1000);
  expect(fs.statSync(file).size).toBeLessThan(1024 * 1024); // small on the wire, 64 MiB inflated
  const dest = path.join(dir, 'out');
  await expect(extractZip(file, dest)).rejects.toThrow(/bomba\.bin: larger than its declared size \(1000 bytes\)/);
  expect(fs.readdirSync(dest)).toEqual([]);
});

it('refuses a central directory larger than the file before allocating it', async () => {
  const file = path.join(dir, 'cd.zip');
  await writeZip(file, (zip) => zip.addBuffer(Buffer.from('x'), 'x.txt'));
  const bytes = fs.readFileSync(file);
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  bytes.writeUInt32LE(0xfffffff0, eocd + 12); // declared central directory size
  fs.writeFileSync(file, bytes);
  await expect(extractZip(file, path.join(dir, 'out'))).rejects.toThrow(/bad central directory size/);
});

it('writes through createDest: the folder it answers is where the files go', async () => {
  const file = path.join(dir, 'd.zip');
  await writeZip(file, (zip) => zip.addBuffer(Buffer.from('laudo'), 'a/laudo.txt'));
  const real = path.join(dir, 'real');
  const made: string[] = [];
  const n = await extractZip(file, path.join(dir, 'asked'), async (d) => {
    made.push(d);
    fs.mkdirSync(real);
    return real;
  });
  expect(n).toBe(1);
  expect(made).toEqual([path.join(dir, 'asked')]);
  expect(fs.readFileSync(path.join(real, 'a/laudo.txt'), 'utf8')).toBe('laudo');
});
