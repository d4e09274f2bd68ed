/**
 * Frames of stored instances, read by byte range through a per-process index cache (issue 15:
 * a 150-frame, 138 MB ultrasound read and parsed whole for every frame played at 1.6 frames/s
 * and grew the api by 450 MB). The index of an object is built once (frame-index.ts) and kept
 * in a small LRU; concurrent first requests share one build. Objects that cannot be indexed
 * (deflated) are read whole, as before.
 */
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from '../storage/object-storage';
import { FrameError, frameBytes } from './frames';
import { type FrameIndex, FrameIndexError, frameRanges, indexFrames } from './frame-index';
import { type RenderOptions, type Rendered, RenderError, openImage, renderElements } from './render';

/** Index entries kept per process (each is the header and a few numbers per frame). */
const DEFAULT_ENTRIES = 512;

export interface StoredFrame {
  /** The frame's bytes: native pixels, or the fragments of an encapsulated frame. */
  parts: Buffer[];
  encapsulated: boolean;
}

export class FrameSource {
  private readonly indexes = new Map<string, Promise<FrameIndex | null>>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly maxEntries = DEFAULT_ENTRIES,
  ) {}

  /** The object's frame index (built on first use, then from the cache); null: read it whole. */
  index(key: string): Promise<FrameIndex | null> {
    const cached = this.indexes.get(key);
    if (cached) {
      // Most recently used last: Map keeps insertion order.
      this.indexes.delete(key);
      this.indexes.set(key, cached);
      return cached;
    }
    const built = this.storage.size(key).then((size) => indexFrames((s, e) => this.read(key, s, e), size));
    this.indexes.set(key, built);
    // A failed build is not remembered (the object may be written again).
    built.catch(() => this.indexes.get(key) === built && this.indexes.delete(key));
    while (this.indexes.size > this.maxEntries) this.indexes.delete(this.indexes.keys().next().value!);
    return built;
  }

  get cachedIndexes(): number {
    return this.indexes.size;
  }

  /** Bytes [start, end) into one buffer of their own (no pooled slab: handed on as an ArrayBuffer). */
  private async read(key: string, start: number, end: number): Promise<Buffer> {
    const out = Buffer.allocUnsafeSlow(Math.max(0, end - start));
    let at = 0;
    for await (const chunk of await this.storage.getRange(key, start, end)) {
      const c = chunk as Buffer;
      at += c.copy(out, at, 0, Math.min(c.length, out.length - at));
    }
    return at === out.length ? out : out.subarray(0, at);
  }

  /** Frame `n` (1-based) as stored. Throws FrameError for a frame the object does not have. */
  async frame(key: string, n: number): Promise<StoredFrame> {
    const index = await this.indexOr(key, FrameError);
    if (!index) {
      const whole = frameBytes(await buffer(await this.storage.get(key)), n);
      return { parts: [whole.bytes], encapsulated: whole.encapsulated };
    }
    const ranges = wrapIndexError(() => frameRanges(index, n));
    if (index.native) return { parts: [await this.read(key, ranges[0]![0], ranges[0]![1])], encapsulated: false };
    // One read from the first fragment's value to the last's, then the item headers cut out.
    const from = ranges[0]![0];
    const span = await this.read(key, from, ranges[ranges.length - 1]![1]);
    return { parts: ranges.map(([s, e]) => span.subarray(s - from, e - from)), encapsulated: true };
  }

  /** Frame `n` (1-based) decoded and encoded as an image. Throws RenderError or FrameError. */
  async render(key: string, n: number, opts: Omit<RenderOptions, 'frame'> = {}): Promise<Rendered> {
    const index = await this.indexOr(key, RenderError);
    if (!index) return (await openImage(await buffer(await this.storage.get(key))))({ ...opts, frame: n - 1 });
    const frame = await this.frame(key, n);
    const pixelData = frame.parts.map((p) =>
      // A buffer that is its whole ArrayBuffer is passed as is (a mammogram frame is 27 MB).
      p.byteOffset === 0 && p.byteLength === p.buffer.byteLength
        ? (p.buffer as ArrayBuffer)
        : (p.buffer.slice(p.byteOffset, p.byteOffset + p.byteLength) as ArrayBuffer),
    );
    return renderElements(
      { ...index.elements, NumberOfFrames: 1, PixelData: frame.encapsulated ? pixelData : [concat(pixelData)] },
      index.transferSyntaxUid,
      opts,
    );
  }

  /** The index, with an unreadable object's error as the caller's kind. */
  private async indexOr(key: string, Failure: new (m: string) => Error): Promise<FrameIndex | null> {
    try {
      return await this.index(key);
    } catch (err) {
      if (err instanceof FrameIndexError) throw new Failure(err.message);
      throw err;
    }
  }
}

function wrapIndexError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof FrameIndexError) throw new FrameError(err.message);
    throw err;
  }
}

function concat(parts: ArrayBuffer[]): ArrayBuffer {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(new Uint8Array(p), at);
    at += p.byteLength;
  }
  return out.buffer;
}

const sources = new WeakMap<ObjectStorage, FrameSource>();

/** The process's frame source of a storage: one index cache shared by the viewer and DICOMweb. */
export function frameSourceFor(storage: ObjectStorage): FrameSource {
  if (typeof storage !== 'object' || storage === null) return new FrameSource(storage); // a router built without storage (tests)
  let source = sources.get(storage);
  if (!source) {
    source = new FrameSource(storage);
    sources.set(storage, source);
  }
  return source;
}
