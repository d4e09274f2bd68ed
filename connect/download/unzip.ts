/**
 * Extracts a zip (as the platform's downloadWorkflow writes it with yazl: stored or deflated
 * entries, UTF-8 names, Zip64 when large) into a folder, one entry at a time, streamed: each
 * file is written beside its target as `.part`, its CRC-32 and size checked, then renamed.
 * Entry names that would leave the folder (absolute, drive letters, `..`) are refused, and so
 * are zip bombs: an entry stops as soon as it inflates past its declared size, and the entry
 * count and central directory size are capped before anything is allocated.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;
/** Far above what a study zip holds; refuses absurd central directories before allocating them. */
export const MAX_ENTRIES = 100_000;
export const MAX_CENTRAL_DIRECTORY_BYTES = 64 * 1024 * 1024;

interface CentralEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export class ZipError extends Error {}

async function readAt(fh: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw new ZipError('truncated zip');
  return buf;
}

async function centralDirectory(fh: fs.FileHandle, fileSize: number): Promise<CentralEntry[]> {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = await readAt(fh, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('not a zip (no end of central directory)');
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdSize === MAX32 || cdOffset === MAX32) {
    const locAt = at - 20;
    if (locAt < 0 || tail.readUInt32LE(locAt) !== ZIP64_LOCATOR) throw new ZipError('Zip64 locator missing');
    const z64 = await readAt(fh, Number(tail.readBigUInt64LE(locAt + 8)), 56);
    if (z64.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError('Zip64 end of central directory missing');
    count = Number(z64.readBigUInt64LE(32));
    cdSize = Number(z64.readBigUInt64LE(40));
    cdOffset = Number(z64.readBigUInt64LE(48));
  }
  if (count > MAX_ENTRIES) throw new ZipError(`too many entries (${count} > ${MAX_ENTRIES})`);
  if (cdSize > MAX_CENTRAL_DIRECTORY_BYTES || cdOffset + cdSize > fileSize) throw new ZipError('bad central directory size');
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries: CentralEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new ZipError('bad central directory');
    const flags = cd.readUInt16LE(p + 8);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    const nameBytes = cd.subarray(p + 46, p + 46 + nameLen);
    const e: CentralEntry = {
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: cd.readUInt16LE(p + 10),
      crc: cd.readUInt32LE(p + 16),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
    };
    // Zip64 extra field: the 64-bit values of the fields that are 0xFFFFFFFF, in this order.
    const extra = cd.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen);
    for (let x = 0; x + 4 <= extra.length;) {
      const id = extra.readUInt16LE(x);
      const len = extra.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let q = x + 4;
        const next = () => {
          const v = Number(extra.readBigUInt64LE(q));
          q += 8;
          return v;
        };
        if (e.size === MAX32) e.size = next();
        if (e.compressedSize === MAX32) e.compressedSize = next();
        if (e.localOffset === MAX32) e.localOffset = next();
      }
      x += 4 + len;
    }
    entries.push(e);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The entry's path under `dest`, or an error when the name would leave it. */
export function entryTarget(dest: string, name: string): string {
  const parts = name.split('/');
  if (
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    parts.some((s) => s === '..' || s === '.') ||
    /\p{Cc}/u.test(name) // control characters
  ) {
    throw new ZipError(`unsafe entry name: ${JSON.stringify(name)}`);
  }
  const root = path.resolve(dest);
  const target = path.resolve(root, ...parts.filter(Boolean));
  if (target !== root && !target.startsWith(root + path.sep)) throw new ZipError(`unsafe entry name: ${JSON.stringify(name)}`);
  return target;
}

function crcCheck(expected: { crc: number; size: number }, name: string): Transform {
  let crc = 0;
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      // A zip bomb: stop as soon as the entry inflates past its declared size.
      if (size > expected.size) return cb(new ZipError(`${name}: larger than its declared size (${expected.size} bytes)`));
      cb(null, chunk);
    },
    flush(cb) {
      if (crc >>> 0 !== expected.crc >>> 0 || size !== expected.size) cb(new ZipError(`${name}: CRC or size mismatch`));
      else cb();
    },
  });
}

async function mkdirp(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Extracts every entry of `zipFile` under `dest` (created if missing, by `createDest` when
 * given, which answers the folder to write in); answers the number of files.
 */
export async function extractZip(
  zipFile: string,
  dest: string,
  createDest: (dest: string) => Promise<string> = mkdirp,
): Promise<number> {
  const fh = await fs.open(zipFile, 'r');
  let files = 0;
  try {
    const { size: fileSize } = await fh.stat();
    const entries = await centralDirectory(fh, fileSize);
    // Every name is checked before anything is written.
    entries.forEach((e) => entryTarget(dest, e.name));
    const folder = await createDest(dest);
    const targets = entries.map((e) => entryTarget(folder, e.name));
    for (const [i, e] of entries.entries()) {
      const target = targets[i]!;
      if (e.name.endsWith('/')) {
        await fs.mkdir(target, { recursive: true });
        continue;
      }
      if (e.method !== 0 && e.method !== 8) throw new ZipError(`${e.name}: compression method ${e.method} not supported`);
      const local = await readAt(fh, e.localOffset, 30);
      if (local.readUInt32LE(0) !== LOCAL) throw new ZipError(`${e.name}: bad local header`);
      const start = e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const part = `${target}.part`;
      const source =
        e.compressedSize === 0 ? Readable.from([]) : createReadStream(zipFile, { start, end: start + e.compressedSize - 1 });
      await pipeline(
        source,
        e.method === 8 ? zlib.createInflateRaw() : new PassThrough(),
        crcCheck(e, e.name),
        createWriteStream(part),
      ).catch(async (err: unknown) => {
        await fs.rm(part, { force: true });
        throw err;
      });
      await fs.rename(part, target);
      files++;
    }
  } finally {
    await fh.close();
  }
  return files;
}
