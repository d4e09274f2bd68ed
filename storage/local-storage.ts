import { createReadStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { type ObjectStorage, assertValidKey } from './object-storage';

/**
 * Objects as files under one folder. Writes go to a temporary file renamed into place, so a
 * reader never sees half an object and a failed write leaves nothing behind.
 */
export class LocalObjectStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    const target = this.file(key);
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      if (Buffer.isBuffer(body)) {
        // The folder usually exists (a study's instances share one): made when the write says so.
        await fs.writeFile(tmp, body).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
          await fs.mkdir(path.dirname(target), { recursive: true });
          await fs.writeFile(tmp, body);
        });
      } else {
        // A stream cannot be sent twice: its folder is made first.
        await fs.mkdir(path.dirname(target), { recursive: true });
        await pipeline(body, createWriteStream(tmp));
      }
      await fs.rename(tmp, target);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return { size: Buffer.isBuffer(body) ? body.length : (await fs.stat(target)).size };
  }

  async get(key: string): Promise<Readable> {
    const file = this.file(key);
    await fs.access(file); // a missing object fails here, not mid-stream
    return createReadStream(file);
  }

  async getRange(key: string, start: number, end: number): Promise<Readable> {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
      throw new Error(`invalid range ${start}-${end}`);
    const file = this.file(key);
    await fs.access(file);
    // An empty range is an empty stream (createReadStream's `end` is inclusive).
    if (end === start) return Readable.from([]);
    // Large chunks: a frame of a mammogram is tens of MB, read in a few hundred µs slices otherwise.
    return createReadStream(file, { start, end: end - 1, highWaterMark: Math.min(end - start, 1 << 20) });
  }

  async size(key: string): Promise<number> {
    return (await fs.stat(this.file(key))).size;
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async listFolder(folder: string): Promise<{ key: string; size: number; modifiedAt: Date }[]> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(this.file(folder), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: { key: string; size: number; modifiedAt: Date }[] = [];
    // Writes in progress (`….tmp`) are not objects yet.
    for (const e of entries.filter((d) => d.isFile() && !d.name.endsWith('.tmp'))) {
      const key = `${folder}/${e.name}`;
      const stat = await fs.stat(this.file(key)).catch(() => null);
      if (stat) out.push({ key, size: stat.size, modifiedAt: stat.mtime });
    }
    return out;
  }
}
