/**
 * The bytes of one frame as stored (WADO-RS frames): native pixel data sliced by frame
 * size, encapsulated pixel data as its frame's fragments (still compressed, with the
 * transfer syntax named). Deflated files are inflated first.
 */
import * as dicomParser from 'dicom-parser';
import { parseP10 } from './p10-parse';

export class FrameError extends Error {}

/** Frame `n` (1-based) of a Part-10 file. */
export function frameBytes(p10: Buffer, n: number): { bytes: Buffer; encapsulated: boolean } {
  let ds: dicomParser.DataSet;
  try {
    ds = parseP10(new Uint8Array(p10.buffer, p10.byteOffset, p10.byteLength));
  } catch {
    throw new FrameError('unreadable');
  }
  const pixel = ds.elements.x7fe00010;
  if (!pixel) throw new FrameError('no pixel data');
  const frames = Math.max(1, parseInt(ds.string('x00280008') ?? '1', 10) || 1);
  if (!Number.isInteger(n) || n < 1 || n > frames) throw new FrameError(`no frame ${n}`);
  const bytes = ds.byteArray;
  if (pixel.encapsulatedPixelData) {
    const table = pixel.basicOffsetTable?.length ? pixel.basicOffsetTable : dicomParser.createJPEGBasicOffsetTable(ds, pixel);
    const frame =
      frames === 1 && pixel.fragments!.length > 1
        ? dicomParser.readEncapsulatedPixelDataFromFragments(ds, pixel, 0, pixel.fragments!.length)
        : dicomParser.readEncapsulatedImageFrame(ds, pixel, n - 1, table);
    return { bytes: Buffer.from(frame), encapsulated: true };
  }
  const rows = ds.uint16('x00280010') ?? 0;
  const cols = ds.uint16('x00280011') ?? 0;
  const samples = ds.uint16('x00280002') ?? 1;
  const bits = ds.uint16('x00280100') ?? 16;
  const size = bits === 1 ? Math.ceil((rows * cols) / 8) : rows * cols * samples * (bits / 8);
  const start = pixel.dataOffset + (n - 1) * size;
  if (start + size > pixel.dataOffset + pixel.length) throw new FrameError('pixel data shorter than its frames');
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset + start, size), encapsulated: false };
}
