/**
 * Reads what the index needs from one DICOM Part-10 file, without loading its pixel data:
 * the header is parsed from the file's head, and the pixel data is only checked to be
 * complete (a truncated upload is refused, not stored half).
 */
import fs from 'node:fs/promises';
import * as dcmjs from 'dcmjs';
import type * as dicomParser from 'dicom-parser';
import { type DicomJson, jsonNumber, jsonString, jsonStrings, toDicomJson } from './dicom-json';
import { dicomJsonFromParsed } from './dicom-json-parsed';
import { UnsupportedCharset, decodeExtended, usesCodeExtensions } from './charset';
import { type DicomFailure, DicomInputError } from './failures';
import { dicomDate, dicomDateTime } from '../domain/imaging/dicom-datetime';
import { DEFLATED, parseP10 } from './p10-parse';

/** How much of a file is read for its header; a larger header is read whole. */
const HEAD_BYTES = 8 * 1024 * 1024;
const UID = /^[0-9]+(\.[0-9]+)*$/;

export interface DicomHeader {
  studyUid: string;
  seriesUid: string;
  sopUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  patientId: string;
  patientName: string;
  patientSex: string | null;
  patientBirthDate: string | null;
  accessionNumber: string;
  modality: string;
  studyDescription: string;
  seriesDescription: string;
  seriesNumber: number | null;
  instanceNumber: number | null;
  studyDate: Date | null;
  referringPhysician: string;
  rows: number | null;
  columns: number | null;
  frames: number;
  /** The whole header as DICOM JSON (file meta included, pixel data left out). */
  metadata: DicomJson;
}

const { DicomMessage } = (dcmjs as unknown as { data: { DicomMessage: DcmjsMessage } }).data;
interface DcmjsMessage {
  readFile(
    buf: ArrayBuffer,
    opts?: { untilTag?: string; includeUntilTagValue?: boolean; ignoreErrors?: boolean },
  ): { meta: Record<string, { vr: string; Value?: unknown[] }>; dict: Record<string, { vr: string; Value?: unknown[] }> };
}

function arrayBufferOf(b: Buffer): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

/** dicom-parser throws `{ exception }` objects or strings. */
function parserMessage(err: unknown): string {
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object' && 'exception' in err) return String((err as { exception: unknown }).exception);
  return err instanceof Error ? err.message : String(err);
}

/** Reads and checks the file at `file` (of `size` bytes). Throws DicomInputError. */
export async function readDicomFile(file: string, size: number): Promise<DicomHeader> {
  const handle = await fs.open(file, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(Math.max(0, length));
      const { bytesRead } = await handle.read(buf, 0, buf.length, position);
      return buf.subarray(0, bytesRead);
    };
    let head = await read(0, Math.min(size, HEAD_BYTES));
    if (head.length < 132 || head.toString('latin1', 128, 132) !== 'DICM') fail('NOT_DICOM');
    const tail = size >= 8 ? await read(size - 8, 8) : Buffer.alloc(0);
    // A deflated data set cannot be read from its head: inflate the whole file.
    if (head.length < size && head.includes(Buffer.from(DEFLATED, 'latin1'))) head = await read(0, size);
    try {
      return parseHead(head, size, tail);
    } catch (err) {
      if (err instanceof DicomInputError && err.reason === 'TRUNCATED' && head.length < size) {
        return parseHead(await read(0, size), size, tail); // a header longer than HEAD_BYTES
      }
      throw err;
    }
  } finally {
    await handle.close();
  }
}

/** Reads and checks a whole file held in memory (a STOW part). Throws DicomInputError. */
export function readDicomBuffer(bytes: Buffer): DicomHeader {
  if (bytes.length < 132 || bytes.toString('latin1', 128, 132) !== 'DICM') fail('NOT_DICOM');
  return parseHead(bytes, bytes.length, bytes.subarray(Math.max(0, bytes.length - 8)));
}

function fail(reason: DicomFailure, detail?: string): never {
  throw new DicomInputError(reason, detail);
}

export function parseHead(head: Buffer, size: number, tail: Buffer): DicomHeader {
  const whole = head.length === size;
  const bytes = new Uint8Array(head.buffer, head.byteOffset, head.byteLength);
  let ds: dicomParser.DataSet;
  try {
    // The whole file is checked element by element; a head stops before the pixel data.
    ds = parseP10(bytes, whole ? {} : { untilTag: 'x7fe00010' });
  } catch (err) {
    const msg = parserMessage(err);
    if (/DICM|prefix|not a valid/i.test(msg)) fail('NOT_DICOM', msg);
    fail('TRUNCATED', msg);
  }
  const transferSyntaxUid = ds.string('x00020010')?.trim() ?? '';
  const pixel = ds.elements.x7fe00010;
  if (pixel && !whole) {
    // Checked from the head: the pixel data must end inside the file.
    if (pixel.hadUndefinedLength || pixel.length === 0xffffffff) {
      const delimiter = Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]);
      if (!tail.equals(delimiter)) fail('TRUNCATED', 'encapsulated pixel data without its end');
    } else if (pixel.dataOffset + pixel.length > size) {
      fail('TRUNCATED', 'pixel data past the end of the file');
    }
  }

  let metadata: DicomJson;
  try {
    metadata = metadataOf(head, ds, transferSyntaxUid);
  } catch (err) {
    if (err instanceof UnsupportedCharset) fail('UNSUPPORTED_CHARSET', err.message);
    const msg = err instanceof Error ? err.message : String(err);
    if (/character set/i.test(msg)) fail('UNSUPPORTED_CHARSET', msg);
    fail('TRUNCATED', msg);
  }

  const studyUid = jsonString(metadata, '0020000D');
  const seriesUid = jsonString(metadata, '0020000E');
  const sopUid = jsonString(metadata, '00080018');
  for (const [name, uid] of [
    ['StudyInstanceUID', studyUid],
    ['SeriesInstanceUID', seriesUid],
    ['SOPInstanceUID', sopUid],
  ] as const) {
    if (!uid || uid.length > 64 || !UID.test(uid)) fail('MISSING_UID', name);
  }

  const sex = jsonString(metadata, '00100040').toUpperCase();
  return {
    studyUid,
    seriesUid,
    sopUid,
    sopClassUid: jsonString(metadata, '00080016') || jsonString(metadata, '00020002'),
    transferSyntaxUid: transferSyntaxUid || '1.2.840.10008.1.2',
    patientId: jsonString(metadata, '00100020').slice(0, 64),
    patientName: personName(jsonString(metadata, '00100010')).slice(0, 200),
    patientSex: ['M', 'F', 'O'].includes(sex) ? sex : null,
    patientBirthDate: dicomDate(jsonString(metadata, '00100030')),
    accessionNumber: jsonString(metadata, '00080050').slice(0, 64),
    modality: jsonString(metadata, '00080060').toUpperCase().slice(0, 16),
    studyDescription: jsonString(metadata, '00081030').slice(0, 200),
    seriesDescription: jsonString(metadata, '0008103E').slice(0, 200),
    seriesNumber: intOrNull(jsonNumber(metadata, '00200011')),
    instanceNumber: intOrNull(jsonNumber(metadata, '00200013')),
    studyDate: dicomDateTime(
      jsonString(metadata, '00080020'),
      jsonString(metadata, '00080030'),
      jsonString(metadata, '00080201'),
    ),
    referringPhysician: personName(jsonString(metadata, '00080090')).slice(0, 200),
    rows: intOrNull(jsonNumber(metadata, '00280010')),
    columns: intOrNull(jsonNumber(metadata, '00280011')),
    frames: Math.max(1, intOrNull(jsonNumber(metadata, '00280008')) ?? 1),
    metadata,
  };
}

export { jsonStrings };

/**
 * The header as DICOM JSON: built from dicom-parser's elements (dicom-json-parsed.ts), or read
 * again by dcmjs where those are not read as dcmjs would. Throws dcmjs's and charset.ts's errors.
 */
function metadataOf(head: Buffer, ds: dicomParser.DataSet, transferSyntaxUid: string): DicomJson {
  const charsets = (ds.string('x00080005') ?? '').split('\\');
  const extended = usesCodeExtensions(charsets);
  return (!extended && dicomJsonFromParsed(ds, transferSyntaxUid)) || metadataByDcmjs(head, ds, transferSyntaxUid);
}

/**
 * The header as DICOM JSON read by dcmjs (the fallback, and what the parsed one is proven
 * equal to). dcmjs reads one character set: a data set with code extensions is read with a
 * stand-in one, and its text decoded from the bytes (charset.ts).
 */
export function metadataByDcmjs(head: Buffer, ds: dicomParser.DataSet, transferSyntaxUid: string): DicomJson {
  const charsets = (ds.string('x00080005') ?? '').split('\\');
  const extended = usesCodeExtensions(charsets);
  const readable = withMetaGroupLength(extended ? withStandInCharset(head, ds) : beforePixelData(head, ds, transferSyntaxUid));
  const message = DicomMessage.readFile(arrayBufferOf(readable), {
    untilTag: '7FE00010',
    includeUntilTagValue: false,
  });
  const metadata = { ...toDicomJson(message.meta), ...toDicomJson(message.dict) };
  if (extended) decodeExtendedText(metadata, ds, charsets);
  return metadata;
}

const TEXT_VRS = new Set(['SH', 'LO', 'ST', 'LT', 'UT', 'PN', 'UC']);
const LONG_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'SQ', 'UT', 'UN', 'UC', 'UR', 'SV', 'UV']);

/**
 * Writers that leave out the file meta's group length (0002,0000) — pydicom's dcmwrite without
 * enforce_file_format, as dicomweb-client sends — make dcmjs refuse the file: a copy with the
 * element put back is read instead (the stored bytes stay as received).
 */
export function withMetaGroupLength(head: Buffer): Buffer {
  if (head.length < 140 || head.readUInt16LE(132) !== 0x0002 || head.readUInt16LE(134) === 0x0000) return head;
  let at = 132;
  while (at + 8 <= head.length && head.readUInt16LE(at) === 0x0002) {
    const vr = head.toString('latin1', at + 4, at + 6);
    at += LONG_VRS.has(vr) ? 12 + head.readUInt32LE(at + 8) : 8 + head.readUInt16LE(at + 6);
  }
  const element = Buffer.alloc(12);
  element.writeUInt16LE(0x0002, 0);
  element.write('UL', 4, 'latin1');
  element.writeUInt16LE(4, 6);
  element.writeUInt32LE(at - 132, 8);
  return Buffer.concat([head.subarray(0, 132), element, head.subarray(132)]);
}

/**
 * The head up to the Pixel Data element, when it can be cut there: dcmjs then copies and
 * walks the header only, not the pixels (most of a file). A deflated data set is left whole.
 */
function beforePixelData(head: Buffer, ds: dicomParser.DataSet, transferSyntaxUid: string): Buffer {
  const pixel = ds.elements.x7fe00010;
  if (!pixel || transferSyntaxUid === DEFLATED) return head;
  const bigEndian = transferSyntaxUid === '1.2.840.10008.1.2.2';
  // The element's own header: tag, then VR, two reserved bytes and a 4-byte length when explicit.
  const start = pixel.dataOffset - (transferSyntaxUid === '1.2.840.10008.1.2' ? 8 : 12);
  if (start < 132 || start + 4 > head.length) return head;
  const tag = bigEndian ? head.readUInt32BE(start) : (head.readUInt16LE(start) << 16) | head.readUInt16LE(start + 2);
  return tag >>> 0 === 0x7fe00010 ? head.subarray(0, start) : head;
}

/** A copy of the head whose SpecificCharacterSet dcmjs can read (its text is decoded again after). */
function withStandInCharset(head: Buffer, ds: dicomParser.DataSet): Buffer {
  const el = ds.elements.x00080005!;
  const copy = Buffer.from(head);
  const standIn = el.length >= 10 ? 'ISO_IR 100' : 'ISO_IR 6';
  copy.fill(0x20, el.dataOffset, el.dataOffset + el.length).write(standIn, el.dataOffset, 'latin1');
  return copy;
}

/** The top-level text values decoded from their bytes with the data set's code extensions. */
function decodeExtendedText(metadata: DicomJson, ds: dicomParser.DataSet, charsets: string[]): void {
  for (const [tag, el] of Object.entries(metadata)) {
    if (!TEXT_VRS.has(el.vr)) continue;
    const raw = ds.elements[`x${tag.toLowerCase()}`];
    if (!raw || raw.length === 0) continue;
    const text = decodeExtended(ds.byteArray.subarray(raw.dataOffset, raw.dataOffset + raw.length), charsets).replace(
      /[\s\0]+$/,
      '',
    );
    const values = ['ST', 'LT', 'UT'].includes(el.vr) ? [text] : text.split('\\').map((v) => v.trim());
    metadata[tag] = {
      vr: el.vr,
      Value:
        el.vr === 'PN'
          ? values.map((v) => {
              const [alphabetic, ideographic, phonetic] = v.split('=');
              return {
                ...(alphabetic ? { Alphabetic: alphabetic } : {}),
                ...(ideographic ? { Ideographic: ideographic } : {}),
                ...(phonetic ? { Phonetic: phonetic } : {}),
              };
            })
          : values,
    };
  }
  metadata['00080005'] = { vr: 'CS', Value: charsets.map((c) => c.trim()) };
}

function intOrNull(n: number | null): number | null {
  return n === null ? null : Math.trunc(n);
}

/** 'Silva^Maria^^Dra.' → 'Maria Silva' (given names first, as the lists show names). */
export function personName(pn: string): string {
  if (!pn.includes('^')) return pn.trim();
  const [family = '', given = '', middle = ''] = pn.split('=')[0]!.split('^');
  return [given, middle, family]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}

export { dicomDate, dicomDateTime, dicomTimezoneOffset } from '../domain/imaging/dicom-datetime';
