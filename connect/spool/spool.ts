/**
 * The durable spool. An instance is written to tmp/, fsynced, then atomically renamed to
 * queue/{SOPInstanceUID}.dcm and the directory fsynced: only then is the C-STORE answered,
 * so an acknowledgement means the instance survives a crash. The name is the UID, so the
 * same instance received twice is one file (the later copy replaces the earlier).
 * Files leave queue/ only when the platform confirmed them (remove) or refused them for
 * good (reject → rejected/ with a .reason.json beside it).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isDicomUid } from '../dicom/part10-header';

export interface SpoolEntry {
  sopInstanceUid: string;
  path: string;
  size: number;
  /** Identity of the file version read, so a newer copy of the same UID is never deleted unsent. */
  ino: number;
  mtimeMs: number;
}

export interface RejectionReason {
  sopInstanceUid: string;
  reason: string;
  /** PS3.18 FailureReason (0008,1197) when the platform gave one. */
  failureReason?: number;
  httpStatus?: number;
  rejectedAt: string;
}

const SUFFIX = '.dcm';

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class Spool {
  readonly queueDir: string;
  readonly tmpDir: string;
  readonly rejectedDir: string;

  constructor(readonly root: string) {
    this.queueDir = path.join(root, 'queue');
    this.tmpDir = path.join(root, 'tmp');
    this.rejectedDir = path.join(root, 'rejected');
  }

  /**
   * Creates the folders and drops partial receptions left by a crash: those were never
   * acknowledged, so the modality still holds them and will send them again.
   */
  async open(): Promise<{ discardedPartials: number }> {
    for (const dir of [this.root, this.queueDir, this.tmpDir, this.rejectedDir]) await fs.mkdir(dir, { recursive: true });
    const partials = await fs.readdir(this.tmpDir);
    await Promise.all(partials.map((f) => fs.rm(path.join(this.tmpDir, f), { force: true })));
    return { discardedPartials: partials.length };
  }

  /** A fresh path in tmp/ for a reception in progress. */
  tempPath(): string {
    return path.join(this.tmpDir, `${Date.now()}-${randomBytes(6).toString('hex')}.part`);
  }

  /** Moves a complete, fsynced temp file into the queue under its UID (atomic; replaces a same-UID file). */
  async commit(tempFile: string, sopInstanceUid: string): Promise<string> {
    if (!isDicomUid(sopInstanceUid)) throw new Error(`not a DICOM UID: ${JSON.stringify(sopInstanceUid)}`);
    const target = path.join(this.queueDir, sopInstanceUid + SUFFIX);
    await fs.rename(tempFile, target);
    await fsyncDir(this.queueDir);
    return target;
  }

  /** Writes a whole buffer as a spooled instance (fsync + atomic rename). */
  async put(sopInstanceUid: string, bytes: Buffer): Promise<string> {
    const temp = this.tempPath();
    const handle = await fs.open(temp, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return this.commit(temp, sopInstanceUid);
  }

  /** Queued instances, oldest first. */
  async list(): Promise<SpoolEntry[]> {
    const names = (await fs.readdir(this.queueDir)).filter((n) => n.endsWith(SUFFIX));
    const entries: SpoolEntry[] = [];
    for (const name of names) {
      const file = path.join(this.queueDir, name);
      try {
        const st = await fs.stat(file);
        entries.push({
          sopInstanceUid: name.slice(0, -SUFFIX.length),
          path: file,
          size: st.size,
          ino: st.ino,
          mtimeMs: st.mtimeMs,
        });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // removed meanwhile
      }
    }
    return entries.sort((a, b) => a.mtimeMs - b.mtimeMs || a.sopInstanceUid.localeCompare(b.sopInstanceUid));
  }

  /** Is this still the file version that was read (not replaced by a newer reception)? */
  private async unchanged(entry: SpoolEntry): Promise<boolean> {
    try {
      const st = await fs.stat(entry.path);
      return st.ino === entry.ino && st.mtimeMs === entry.mtimeMs;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  /** Deletes a confirmed instance; keeps a newer copy of the same UID received meanwhile. */
  async remove(entry: SpoolEntry): Promise<boolean> {
    if (!(await this.unchanged(entry))) return false;
    await fs.rm(entry.path, { force: true });
    return true;
  }

  /** Moves a permanently refused instance to rejected/ with its reason beside it. */
  async reject(entry: SpoolEntry, reason: Omit<RejectionReason, 'sopInstanceUid' | 'rejectedAt'>): Promise<void> {
    const base = path.join(this.rejectedDir, entry.sopInstanceUid);
    const record: RejectionReason = { sopInstanceUid: entry.sopInstanceUid, ...reason, rejectedAt: new Date().toISOString() };
    const tempReason = this.tempPath();
    await fs.writeFile(tempReason, JSON.stringify(record, null, 2) + '\n');
    await fs.rename(tempReason, `${base}.reason.json`);
    await fs.rename(entry.path, base + SUFFIX);
    await fsyncDir(this.rejectedDir);
    await fsyncDir(this.queueDir);
  }

  /** Count and bytes of the queue, and count of rejected instances. */
  async counts(): Promise<{ queued: number; queuedBytes: number; rejected: number }> {
    const queued = await this.list();
    const rejected = (await fs.readdir(this.rejectedDir)).filter((n) => n.endsWith(SUFFIX)).length;
    return { queued: queued.length, queuedBytes: queued.reduce((s, e) => s + e.size, 0), rejected };
  }
}
