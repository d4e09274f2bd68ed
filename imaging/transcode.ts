/**
 * Uncompressed pixels for WADO-RS clients that ask for them (PS3.18 §8.7.3): a frame, or a
 * whole instance rewritten as Explicit VR Little Endian. dcmjs-imaging's codecs decode every
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
  const decodedToRgb = !NATIVE.has(ts) && ts !== RLE && photometric.startsWith('YBR');
  try {
    return {
      frames: wanted.map((f) => {
        if (f < 0 || f >= count) throw new TranscodeError(`no frame ${f + 1}`);
        return pixel._getFrameBuffer(f);
      }),
      photometric: decodedToRgb ? 'RGB' : photometric,
      bitsAllocated: Number(image.getElement('BitsAllocated') ?? 16),
    };
  } catch (err) {
    if (err instanceof TranscodeError) throw err;
    throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
}

type Dict = Record<string, { vr: string; Value?: unknown[] }>;
const { DicomMessage, DicomDict } = (dcmjs as unknown as { data: { DicomMessage: any; DicomDict: any } }).data;

/** The instance rewritten as Explicit VR Little Endian with native pixel data. Throws TranscodeError. */
export async function toExplicitLittleEndian(p10: Buffer): Promise<Buffer> {
  const decoded = await decodeFrames(p10);
  let message: { meta: Dict; dict: Dict };
  try {
    const readable = withMetaGroupLength(p10);
    message = DicomMessage.readFile(readable.buffer.slice(readable.byteOffset, readable.byteOffset + readable.byteLength), {
      ignoreErrors: true,
    });
  } catch (err) {
    throw new TranscodeError(err instanceof Error ? err.message : String(err));
  }
  const size = decoded.frames.reduce((n, f) => n + f.length, 0);
  const pixels = new Uint8Array(size + (size % 2)); // an odd length is padded (PS3.5 §7.1.1)
  let at = 0;
  for (const f of decoded.frames) {
    pixels.set(f, at);
    at += f.length;
  }
  const dict = message.dict;
  dict['7FE00010'] = { vr: decoded.bitsAllocated > 8 ? 'OW' : 'OB', Value: [pixels.buffer] };
  dict['00280004'] = { vr: 'CS', Value: [decoded.photometric] };
  if (decoded.photometric === 'RGB') dict['00280006'] = { vr: 'US', Value: [0] };
  const meta: Dict = { ...message.meta, '00020010': { vr: 'UI', Value: [EXPLICIT_LE] } };
  delete meta['00020000']; // group length: dcmjs writes its own
  const out = new DicomDict(meta);
  out.dict = dict;
  return Buffer.from(out.write() as ArrayBuffer);
}
