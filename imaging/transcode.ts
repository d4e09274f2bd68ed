/**
 * Uncompressed pixels for WADO-RS clients that ask for them (PS3.18 §8.7.3): a frame decoded
 * alone, and the header that makes an instance of such frames Explicit VR Little Endian
 * (imaging/transcode-cache.ts puts them together and caches the frames). dcmjs-imaging's codecs decode every
 * stored syntax it renders (native, big endian, deflate, RLE, JPEG, JPEG-LS, JPEG 2000) to
 * the stored values; JPEG-family colour comes out as interleaved RGB.
 */
import * as dcmjs from 'dcmjs';
import { DicomImage } from 'dcmjs-imaging';
import { withMetaGroupLength } from './dicom-header';
import { initDecoders } from './render';

export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
export const IMPLICIT_LE = '1.2.840.10008.1.2';
const NATIVE = new Set([IMPLICIT_LE, EXPLICIT_LE, '1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.2']);
const RLE = '1.2.840.10008.1.2.5';

/** Stored syntaxes whose pixels can be decoded here. */
export const DECODABLE = new Set([
  ...NATIVE,
  RLE,
  '1.2.840.10008.1.2.4.50',
  '1.2.840.10008.1.2.4.51',
  '1.2.840.10008.1.2.4.57',
  '1.2.840.10008.1.2.4.70',
  '1.2.840.10008.1.2.4.80',
  '1.2.840.10008.1.2.4.81',
  '1.2.840.10008.1.2.4.90',
  '1.2.840.10008.1.2.4.91',
  '1.2.840.10008.1.2.4.201',
  '1.2.840.10008.1.2.4.202',
  '1.2.840.10008.1.2.4.203',
]);

export class TranscodeError extends Error {}

interface PixelSource {
  _getFrameBuffer(frame: number): Uint8Array;
}
type PixelClass = new (elements: Record<string, unknown>, transferSyntaxUid: string) => PixelSource;
let Pixel: PixelClass | undefined;

/**
 * dcmjs-imaging decodes a frame to its stored values in its (unexported) Pixel class; the
 * class is taken from the first pixel object it hands its pipeline cache, without rendering.
 */
function pixelClass(image: DicomImage): PixelClass {
  if (Pixel) return Pixel;
  class Found {
    constructor(readonly pixel: object) {}
  }
  type Cache = { getOrCreate: (p: object) => never };
  const caches = image as unknown as { pixelPipelineCache: Cache; lutPipelineCache: Cache };
  for (const cache of [caches.pixelPipelineCache, caches.lutPipelineCache]) {
    cache.getOrCreate = (p) => {
      throw new Found(p);
    };
  }
  try {
    image.render({ frame: 0 });
  } catch (err) {
    if (err instanceof Found) Pixel = err.pixel.constructor as PixelClass;
    else throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
  if (!Pixel) throw new TranscodeError('no pixel decoder');
  return Pixel;
}

/** The photometric interpretation of decoded values: the JPEG-family codecs give YBR colour as RGB. */
function decodedPhotometric(ts: string, photometric: string): string {
  return !NATIVE.has(ts) && ts !== RLE && photometric.startsWith('YBR') ? 'RGB' : photometric;
}

/**
 * A decoded frame with its samples interleaved (PlanarConfiguration 0), as the rewritten header
 * says: RLE decodes by sample plane (PS3.5 Annex G), native data may be stored planar; the
 * JPEG-family codecs already give interleaved pixels.
 */
function interleaved(frame: Uint8Array, ts: string, samples: number, planarConfiguration: number, bitsAllocated: number): Buffer {
  const planar = samples > 1 && (ts === RLE || (NATIVE.has(ts) && planarConfiguration === 1));
  if (!planar) return Buffer.from(frame); // a copy: the codec's output may be a view of memory it reuses
  const bytes = Math.max(1, bitsAllocated / 8);
  const plane = frame.length / samples;
  const out = Buffer.alloc(frame.length);
  for (let s = 0; s < samples; s++) {
    for (let i = 0, p = s * plane; i < plane; i += bytes, p += bytes) {
      const at = (i / bytes) * samples * bytes + s * bytes;
      for (let b = 0; b < bytes; b++) out[at + b] = frame[p + b]!;
    }
  }
  return out;
}

export interface DecodedFrame {
  bytes: Buffer;
  /** Photometric interpretation of the decoded values. */
  photometric: string;
  bitsAllocated: number;
}

/**
 * One frame's stored values, from the header elements (as dcmjs naturalises them, as the
 * frame index keeps them) and the frame's bytes as stored (its fragments when encapsulated):
 * a frame is decoded alone, never the whole file. Throws TranscodeError.
 */
export async function decodeFrameOf(
  elements: Record<string, unknown>,
  ts: string,
  parts: Buffer[],
  encapsulated: boolean,
): Promise<DecodedFrame> {
  if (!DECODABLE.has(ts)) throw new TranscodeError(`cannot decode ${ts}`);
  await initDecoders();
  const own = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  const pixelData = encapsulated ? parts.map(own) : [own(parts.length === 1 ? parts[0]! : Buffer.concat(parts))];
  try {
    const image = new DicomImage({ ...elements, NumberOfFrames: 1, PixelData: pixelData }, ts);
    const frame = new (pixelClass(image))(image.getElements(), ts)._getFrameBuffer(0);
    const photometric = String(elements.PhotometricInterpretation ?? 'MONOCHROME2');
    const bitsAllocated = Number(elements.BitsAllocated ?? 16);
    return {
      bytes: interleaved(
        frame,
        ts,
        Number(elements.SamplesPerPixel ?? 1),
        Number(elements.PlanarConfiguration ?? 0),
        bitsAllocated,
      ),
      photometric: decodedPhotometric(ts, photometric),
      bitsAllocated,
    };
  } catch (err) {
    if (err instanceof TranscodeError) throw err;
    throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
}

interface Decoded {
  frames: Uint8Array[];
  /** Photometric interpretation of the decoded values (JPEG-family colour becomes RGB). */
  photometric: string;
  bitsAllocated: number;
}

function open(p10: Buffer): { image: DicomImage; ts: string } {
  let image: DicomImage;
  try {
    image = new DicomImage(p10.buffer.slice(p10.byteOffset, p10.byteOffset + p10.byteLength) as ArrayBuffer);
  } catch (err) {
    throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
  const ts = image.getTransferSyntaxUid();
  if (!DECODABLE.has(ts)) throw new TranscodeError(`cannot decode ${ts}`);
  return { image, ts };
}

/** Frames (0-based) of a Part-10 file as uncompressed little-endian values. Throws TranscodeError. */
export async function decodeFrames(p10: Buffer, frames?: number[]): Promise<Decoded> {
  await initDecoders();
  const { image, ts } = open(p10);
  const pixel = new (pixelClass(image))(image.getElements(), ts);
  const count = image.getNumberOfFrames();
  const wanted = frames ?? [...Array(count).keys()];
  const photometric = String(image.getElement('PhotometricInterpretation') ?? 'MONOCHROME2');
  const samples = Number(image.getElement('SamplesPerPixel') ?? 1);
  const planar = Number(image.getElement('PlanarConfiguration') ?? 0);
  const bitsAllocated = Number(image.getElement('BitsAllocated') ?? 16);
  try {
    return {
      frames: wanted.map((f) => {
        if (f < 0 || f >= count) throw new TranscodeError(`no frame ${f + 1}`);
        return interleaved(pixel._getFrameBuffer(f), ts, samples, planar, bitsAllocated);
      }),
      photometric: decodedPhotometric(ts, photometric),
      bitsAllocated,
    };
  } catch (err) {
    if (err instanceof TranscodeError) throw err;
    throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
}

type Dict = Record<string, { vr: string; Value?: unknown[] }>;
const { DicomMessage, DicomDict } = (dcmjs as unknown as { data: { DicomMessage: any; DicomDict: any } }).data;

/**
 * The instance's data set up to its pixel data, rewritten for Explicit VR Little Endian
 * pixels of `decoded`'s kind, followed by the Pixel Data element's header for `pixelBytes`
 * of value: the decoded frames are written after it one at a time. Elements after the pixel
 * data (trailing padding, signatures) are left out — the signature no longer holds anyway.
 */
export function explicitLittleEndianHead(
  p10: Buffer,
  decoded: Pick<DecodedFrame, 'photometric' | 'bitsAllocated'>,
  pixelBytes: number,
): Buffer {
  let message: { meta: Dict; dict: Dict };
  try {
    const readable = withMetaGroupLength(p10);
    message = DicomMessage.readFile(readable.buffer.slice(readable.byteOffset, readable.byteOffset + readable.byteLength), {
      ignoreErrors: true,
      untilTag: '7FE00010',
      includeUntilTagValue: false,
    });
  } catch (err) {
    throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
  const dict = { ...message.dict };
  delete dict['7FE00010'];
  dict['00280004'] = { vr: 'CS', Value: [decoded.photometric] };
  // Colour frames are written interleaved (see interleaved()).
  if (Number(dict['00280002']?.Value?.[0] ?? 1) > 1) dict['00280006'] = { vr: 'US', Value: [0] };
  const meta: Dict = { ...message.meta, '00020010': { vr: 'UI', Value: [EXPLICIT_LE] } };
  delete meta['00020000']; // group length: dcmjs writes its own
  const out = new DicomDict(meta);
  out.dict = dict;
  const head = Buffer.from(out.write() as ArrayBuffer);
  // (7FE0,0010) OB/OW, two reserved bytes, a 32-bit even length (PS3.5 §7.1.2).
  const element = Buffer.alloc(12);
  element.writeUInt16LE(0x7fe0, 0);
  element.writeUInt16LE(0x0010, 2);
  element.write(decoded.bitsAllocated > 8 ? 'OW' : 'OB', 4, 'latin1');
  element.writeUInt32LE(pixelBytes + (pixelBytes % 2), 8);
  return Buffer.concat([head, element]);
}
