/**
 * A Writable that streams one received instance into a spool temp file: the Part-10 header
 * first, then the data set bytes as they arrive in PDVs, in blocks, then fsync on end.
 * A write error (disk full) does not stall the association: later bytes are dropped and
 * `done` rejects, so the C-STORE is answered with a failure instead of an ack.
 */
import fs from 'node:fs/promises';
import { Writable } from 'node:stream';

const BLOCK = 256 * 1024;

export class SpoolWriter extends Writable {
  private handle: fs.FileHandle | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private failure: Error | undefined;
  bytes = 0;
  /** When the first data set byte arrived (for the reception timing in the logs). */
  readonly startedAt = performance.now();
  /** Resolves when the file is complete and fsynced; rejects with the first write error. */
  readonly done: Promise<void>;
  private settle!: { resolve: () => void; reject: (e: Error) => void };

  /**
   * `source` is the sending socket: it is paused while a block goes to disk, so a modality
   * faster than the disk is slowed by TCP instead of piling the instance up in memory.
   */
  constructor(
    readonly tempPath: string,
    header: Buffer,
    private readonly source?: { pause(): void; resume(): void },
  ) {
    super();
    this.done = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    this.done.catch(() => undefined); // observed by the caller; never an unhandled rejection
    this.pending.push(header);
    this.pendingBytes = header.length;
  }

  private async flush(): Promise<void> {
    if (this.failure || this.pendingBytes === 0) return;
    const data = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    try {
      this.handle ??= await fs.open(this.tempPath, 'w');
      await this.handle.write(data, 0, data.length);
      this.bytes += data.length;
    } catch (err) {
      this.failure = err as Error;
    }
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.failure) return callback();
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < BLOCK) return callback();
    this.source?.pause();
    this.flush().then(
      () => {
        this.source?.resume();
        callback();
      },
      (err: Error) => {
        this.source?.resume();
        callback(err);
      },
    );
  }

  /** The association ended before the data set did: drop the partial file (it was never acknowledged). */
  async discard(): Promise<void> {
    this.failure ??= new Error('reception interrupted');
    this.pending = [];
    this.pendingBytes = 0;
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
    await fs.rm(this.tempPath, { force: true }).catch(() => undefined);
    this.settle.reject(this.failure);
  }

  override _final(callback: (error?: Error | null) => void): void {
    const finish = async () => {
      await this.flush();
      try {
        if (!this.failure && this.handle) await this.handle.sync();
      } catch (err) {
        this.failure = err as Error;
      }
      await this.handle?.close().catch(() => undefined);
      if (this.failure) {
        await fs.rm(this.tempPath, { force: true }).catch(() => undefined);
        this.settle.reject(this.failure);
      } else this.settle.resolve();
    };
    // The stream itself always finishes cleanly; the outcome is reported through `done`.
    finish().then(() => callback(), callback);
  }
}
