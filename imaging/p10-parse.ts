/**
 * dicom-parser's parseDicom for Part-10 bytes, deflated data sets included.
 *
 * dicom-parser reads the file meta one element at a time and looks at an element's group only
 * after reading it whole, so it also reads the first element after the meta. In a deflated
 * file those bytes are compressed: when they happen to spell "SQ" where a VR goes, it reads a
 * sequence there and throws, and a valid file was refused as truncated (3 in 300 of the files
 * dcmconv +td made in a test). Here the meta's end is found first and the data set inflated
 * before dicom-parser sees it; its inflater hook then hands the bytes back as they are.
 */
import { inflateRawSync } from 'node:zlib';
import * as dicomParser from 'dicom-parser';

/** Deflated Explicit VR Little Endian. */
export const DEFLATED = '1.2.840.10008.1.2.1.99';

/** Explicit VRs whose length takes 4 bytes after 2 reserved ones (PS3.5 §7.1.2). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);

/**
 * The file meta's end and its transfer syntax (the meta is explicit VR little endian), or null
 * when there is no meta to walk. The end is the group length's when the meta starts with it:
 * the first bytes past the meta are not read, so compressed bytes cannot pass for a meta tag.
 */
export function fileMeta(bytes: Uint8Array): { end: number; transferSyntax: string } | null {
  if (bytes.length < 144 || Buffer.from(bytes.subarray(128, 132)).toString('latin1') !== 'DICM') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) => Buffer.from(bytes.subarray(at, at + length)).toString('latin1');
  let limit = bytes.length;
  if (view.getUint16(132, true) === 0x0002 && view.getUint16(134, true) === 0x0000 && ascii(136, 2) === 'UL') {
    limit = Math.min(limit, 144 + view.getUint32(140, true));
  }
  let at = 132;
  let transferSyntax = '';
  while (at + 8 <= limit && view.getUint16(at, true) === 0x0002) {
    const element = view.getUint16(at + 2, true);
    const vr = ascii(at + 4, 2);
    const long = LONG_VRS.has(vr);
    if (long && at + 12 > limit) return null;
    const length = long ? view.getUint32(at + 8, true) : view.getUint16(at + 6, true);
    const value = at + (long ? 12 : 8);
    if (length === 0xffffffff || value + length > limit) return null;
    if (element === 0x0010) transferSyntax = ascii(value, length).replace(/[\0 ]+$/, '');
    at = value + length;
  }
  return at > 132 ? { end: at, transferSyntax } : null;
}

/** parseDicom, with a deflated data set inflated first (see above). Throws as parseDicom does. */
export function parseP10(bytes: Uint8Array, options: { untilTag?: string } = {}): dicomParser.DataSet {
  const meta = fileMeta(bytes);
  if (meta?.transferSyntax !== DEFLATED) return dicomParser.parseDicom(bytes, options as object);
  const inflated = inflateRawSync(bytes.subarray(meta.end));
  const whole = new Uint8Array(meta.end + inflated.length);
  whole.set(bytes.subarray(0, meta.end));
  whole.set(inflated, meta.end);
  return dicomParser.parseDicom(whole, { ...options, inflater: (b: Uint8Array) => b } as object);
}
