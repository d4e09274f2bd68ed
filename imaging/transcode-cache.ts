/**
 * Uncompressed frames and instances for WADO-RS clients that ask for Explicit VR Little
 * Endian (decision 020). A frame is read by byte range through the frame index and decoded
 * alone; decoded frames are kept in a per-process LRU bounded in bytes, and concurrent
 * requests for one frame share one decoding — a viewer playing a compressed cine
 * uncompressed decodes each frame once, not once per request. An instance is written as its
 * rewritten header followed by its frames decoded one at a time (never the whole pixel data
 * in memory), the event loop given a turn between frames.
 */
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from '../storage/object-storage';
import { type FrameSource, frameSourceFor } from './frame-source';
import { FrameIndexError } from './frame-index';
import { FrameError } from './frames';
import { type DecodedFrame, TranscodeError, decodeFrameOf, decodeFrames, explicitLittleEndianHead } from './transcode';

/** Decoded frames kept per process, in bytes. */
const FRAME_CACHE_BYTES = 256 * 1024 * 1024;
/** A frame bigger than this is decoded for its request and not kept. */
const MAX_CACHED_FRAME = 64 * 1024 * 1024;

/** An LRU of values with a byte size, evicting the least recently used past `limit` bytes. */
class ByteLru<V extends { bytes: Buffer }> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, v: V): void {
    if (v.bytes.length > MAX_CACHED_FRAME || this.entries.has(key)) return;
    this.entries.set(key, v);
    this.total += v.bytes.length;
    while (this.total > this.limit) {
      const [oldest, old] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.total -= old.bytes.length;
    }
  }

  get bytes(): number {
    return this.total;
  }
}

export interface TranscodedInstance {
  /** The data set up to and with the Pixel Data element's header. */
  head: Buffer;
  /** The decoded frames, then a padding byte when their total is odd. */
  body: AsyncIterable<Buffer>;
  /** head + body, in bytes. */
  size: number;
}

export class Transcoder {
  private readonly frames: ByteLru<DecodedFrame>;
  private readonly decoding = new Map<string, Promise<DecodedFrame>>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly source: FrameSource,
    cacheBytes = FRAME_CACHE_BYTES,
  ) {
    this.frames = new ByteLru(cacheBytes);
  }

  get cachedBytes(): number {
    return this.frames.bytes;
  }

  /** Frame `n` (1-based) decoded. Throws FrameError (no such frame) or TranscodeError. */
  frame(key: string, n: number): Promise<DecodedFrame> {
    const id = `${key}#${n}`;
    const cached = this.frames.get(id);
    if (cached) return Promise.resolve(cached);
    let pending = this.decoding.get(id);
    if (!pending) {
      pending = this.decode(key, n).then((f) => {
        this.frames.set(id, f);
        return f;
      });
      this.decoding.set(id, pending);
      const done = () => this.decoding.delete(id);
      pending.then(done, done);
    }
    return pending;
  }

  private async decode(key: string, n: number): Promise<DecodedFrame> {
    let index;
    try {
      index = await this.source.index(key);
    } catch (err) {
      if (err instanceof FrameIndexError) throw new FrameError(err.message);
      throw err;
    }
    if (!index) {
      // Not indexable (deflated): the file is decoded whole, and every frame kept for the next requests.
      const decoded = await decodeFrames(await buffer(await this.storage.get(key)));
      const all = decoded.frames.map((f) => ({
        bytes: Buffer.from(f),
        photometric: decoded.photometric,
        bitsAllocated: decoded.bitsAllocated,
      }));
      all.forEach((f, i) => i + 1 !== n && this.frames.set(`${key}#${i + 1}`, f));
      if (!all[n - 1]) throw new FrameError(`no frame ${n}`);
      return all[n - 1]!;
    }
    if (n < 1 || n > index.frames) throw new FrameError(`no frame ${n}`);
    const stored = await this.source.frame(key, n);
    return decodeFrameOf(index.elements, index.transferSyntaxUid, stored.parts, stored.encapsulated);
  }

  /**
   * The instance as Explicit VR Little Endian: its first frame is decoded before this
   * resolves, so an instance that cannot be decoded fails here (TranscodeError), before any
   * byte is sent.
   */
  async instance(key: string, frameCount: number): Promise<TranscodedInstance> {
    const first = await this.frame(key, 1);
    const index = await this.source.index(key).catch(() => null);
    // The file's own NumberOfFrames (kept in the header written) decides, when it was indexed.
    const frames = index?.frames ?? Math.max(1, frameCount);
    const pixelBytes = first.bytes.length * frames;
    // The header is the object up to its pixel data (the index knows where that begins).
    const headBytes = index
      ? await buffer(await this.storage.getRange(key, 0, index.pixelDataOffset))
      : await buffer(await this.storage.get(key));
    const head = explicitLittleEndianHead(headBytes, first, pixelBytes);
    const frame = (n: number) => this.frame(key, n);
    async function* body(): AsyncIterable<Buffer> {
      yield first.bytes;
      for (let n = 2; n <= frames; n++) {
        await new Promise((resolve) => setImmediate(resolve));
        const f = await frame(n);
        if (f.bytes.length !== first.bytes.length) throw new TranscodeError(`frame ${n} decodes to another size`);
        yield f.bytes;
      }
      if (pixelBytes % 2) yield Buffer.alloc(1);
    }
    return { head, body: body(), size: head.length + pixelBytes + (pixelBytes % 2) };
  }
}

const transcoders = new WeakMap<ObjectStorage, Transcoder>();

/** The process's transcoder of a storage (one decoded-frame cache, over the shared frame index). */
export function transcoderFor(storage: ObjectStorage): Transcoder {
  if (typeof storage !== 'object' || storage === null) return new Transcoder(storage, frameSourceFor(storage)); // a router built without storage (tests)
  let t = transcoders.get(storage);
  if (!t) {
    t = new Transcoder(storage, frameSourceFor(storage));
    transcoders.set(storage, t);
  }
  return t;
}
