/**
 * Where each frame of a stored Part-10 file lies, found once from byte ranges (issue 15): the
 * header up to the pixel data, then for native pixel data the frame size, for encapsulated
 * pixel data the fragment items (read by jumping from item header to item header, never the
 * fragments themselves) grouped into frames by the Basic Offset Table, one fragment per frame,
 * or all fragments for a single frame. A frame is then one range read, whatever the file size.
 * Files that cannot be indexed this way (deflated data sets, fragments that neither the offset
 * table nor their count assign to frames) answer null: the caller reads them whole.
 */
import * as dcmjs from 'dcmjs';
import * as dicomParser from 'dicom-parser';
import { DEFLATED } from './p10-parse';

const FIRST_HEAD = 64 * 1024;
/** A header past this is not indexed (the file is read whole instead). */
const MAX_HEAD = 16 * 1024 * 1024;
const SCAN_WINDOW = 64 * 1024;

/** Reads bytes [start, end) of the object (cut at its end). */
export type RangeReader = (start: number, end: number) => Promise<Buffer>;

export interface FrameIndex {
  transferSyntaxUid: string;
  frames: number;
  rows: number;
  columns: number;
  /** The header as dcmjs naturalises it (pixel data left out), to render a frame alone. */
  elements: Record<string, unknown>;
  /** Where the pixel data's value starts: the bytes before it hold the whole header. */
  pixelDataOffset: number;
  /** Native: frame n is [first + (n-1)·size, +size). */
  native?: { first: number; size: number };
  /** Encapsulated: the value ranges of each frame's fragments, in order. */
  fragments?: [number, number][][];
}

export class FrameIndexError extends Error {}

const { DicomMessage, DicomMetaDictionary } = (dcmjs as { data: Record<string, any> }).data as {
  DicomMessage: { readFile(buf: ArrayBuffer, o: object): { meta: object; dict: object } };
  DicomMetaDictionary: { naturalizeDataset(d: object): Record<string, unknown> };
};

function parseHead(head: Buffer): dicomParser.DataSet | null {
  try {
    const ds = dicomParser.parseDicom(new Uint8Array(head.buffer, head.byteOffset, head.byteLength), {
      untilTag: 'x7fe00010',
    } as object);
    return ds.elements.x7fe00010 ? ds : null;
  } catch {
    return null; // cut inside an element: read more
  }
}

/** Indexes the frames of a Part-10 object of `size` bytes; null when it must be read whole. */
export async function indexFrames(read: RangeReader, size: number): Promise<FrameIndex | null> {
  let head = await read(0, Math.min(size, FIRST_HEAD));
  if (head.length < 132 || head.toString('latin1', 128, 132) !== 'DICM') throw new FrameIndexError('not a DICOM file');
  if (head.includes(Buffer.from(DEFLATED, 'latin1'))) return null;
  let ds = parseHead(head);
  while (!ds && head.length < size && head.length < MAX_HEAD) {
    head = await read(0, Math.min(size, head.length * 4, MAX_HEAD));
    ds = parseHead(head);
  }
  if (!ds) {
    if (head.length >= size) throw new FrameIndexError('no pixel data');
    return null;
  }
  const pixel = ds.elements.x7fe00010!;
  const transferSyntaxUid = ds.string('x00020010')?.replace(/\0/g, '').trim() || '1.2.840.10008.1.2';
  const rows = ds.uint16('x00280010') ?? 0;
  const columns = ds.uint16('x00280011') ?? 0;
  const frames = Math.max(1, parseInt(ds.string('x00280008') ?? '1', 10) || 1);
  const message = DicomMessage.readFile(toArrayBuffer(head.subarray(0, pixel.dataOffset)), {
    untilTag: '7FE00010',
    includeUntilTagValue: false,
    ignoreErrors: true,
  });
  const elements = DicomMetaDictionary.naturalizeDataset(message.dict);
  delete elements.PixelData;
  const base = { transferSyntaxUid, frames, rows, columns, elements, pixelDataOffset: pixel.dataOffset };

  if (!pixel.hadUndefinedLength) {
    const samples = ds.uint16('x00280002') ?? 1;
    const bits = ds.uint16('x00280100') ?? 16;
    const photometric = ds.string('x00280004')?.trim() ?? '';
    // YBR_FULL_422 native data holds two samples per pixel (PS3.5 §8.2.1 note).
    const perPixel = photometric === 'YBR_FULL_422' ? 2 : samples;
    const frameSize = bits === 1 ? Math.ceil((rows * columns) / 8) : rows * columns * perPixel * Math.ceil(bits / 8);
    if (frameSize <= 0) throw new FrameIndexError('no image size');
    if (pixel.dataOffset + frames * frameSize > Math.min(size, pixel.dataOffset + pixel.length))
      throw new FrameIndexError('pixel data shorter than its frames');
    return { ...base, native: { first: pixel.dataOffset, size: frameSize } };
  }

  const items = await scanItems(read, pixel.dataOffset, size);
  const [table, ...fragments] = items;
  if (!table || fragments.length === 0) throw new FrameIndexError('encapsulated pixel data without fragments');
  const grouped = await groupFragments(read, table, fragments, frames);
  return grouped ? { ...base, fragments: grouped } : null;
}

/** The value ranges of the items of encapsulated pixel data (the offset table first). */
async function scanItems(read: RangeReader, from: number, size: number): Promise<[number, number][]> {
  const items: [number, number][] = [];
  let window: Buffer = Buffer.alloc(0);
  let windowAt = 0;
  let at = from;
  while (at + 8 <= size) {
    if (at < windowAt || at + 8 > windowAt + window.length) {
      window = await read(at, Math.min(size, at + SCAN_WINDOW));
      windowAt = at;
    }
    const o = at - windowAt;
    const group = window.readUInt16LE(o);
    const element = window.readUInt16LE(o + 2);
    const length = window.readUInt32LE(o + 4);
    if (group !== 0xfffe) throw new FrameIndexError('broken encapsulated pixel data');
    if (element === 0xe0dd) return items; // sequence delimiter
    if (element !== 0xe000 || length === 0xffffffff || at + 8 + length > size)
      throw new FrameIndexError('broken encapsulated pixel data');
    items.push([at + 8, at + 8 + length]);
    at += 8 + length;
  }
  return items; // a file that ends without its delimiter: the items found
}

async function groupFragments(
  read: RangeReader,
  table: [number, number],
  fragments: [number, number][],
  frames: number,
): Promise<[number, number][][] | null> {
  if (frames === 1) return [fragments];
  const tableBytes = table[1] - table[0];
  if (tableBytes === frames * 4) {
    const bot = await read(table[0], table[1]);
    // Offsets are from the first fragment's item header.
    const origin = fragments[0]![0] - 8;
    const starts = Array.from({ length: frames }, (_, i) => bot.readUInt32LE(i * 4));
    if (starts[0] === 0 && starts.every((s, i) => i === 0 || s > starts[i - 1]!)) {
      const out = starts.map((s, i) => {
        const end = i + 1 < frames ? starts[i + 1]! : Infinity;
        return fragments.filter(([v]) => v - 8 - origin >= s && v - 8 - origin < end);
      });
      if (out.every((f) => f.length > 0)) return out;
    }
  }
  if (fragments.length === frames) return fragments.map((f) => [f]);
  return null;
}

function toArrayBuffer(b: Buffer): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

/** The byte ranges to read for frame `n` (1-based), or a FrameIndexError. */
export function frameRanges(index: FrameIndex, n: number): [number, number][] {
  if (!Number.isInteger(n) || n < 1 || n > index.frames) throw new FrameIndexError(`no frame ${n}`);
  if (index.native) {
    const start = index.native.first + (n - 1) * index.native.size;
    return [[start, start + index.native.size]];
  }
  return index.fragments![n - 1]!;
}
