/**
 * The header's DICOM JSON built from dicom-parser's elements (the data set the upload check
 * already parsed), reading each value the way dcmjs's readFile did — same VR rules (trims,
 * pad bytes, numbers, person names), same SpecificCharacterSet handling — without dcmjs's
 * second parse, which copied and re-walked every header (0.5–0.9 ms of a CT instance's
 * ingest against ~0.1 ms here; issue 15, decision 027).
 *
 * Null when the data set is one this does not read as dcmjs would (deflated, code
 * extensions, an explicit UN of a known tag, a VR dcmjs mis-sizes, an implicit sequence the
 * two parsers see differently…): the caller then falls back to dcmjs. The unit test
 * dicom-json-parsed.test.ts proves equality over varied sample files.
 *
 * One deliberate difference: text inside sequence items is decoded with the data set's
 * character set (PS3.5 §6.1.2.5.3), where dcmjs decodes every item as windows-1252 (its item
 * streams start with a fresh decoder). Identical for ASCII and ISO_IR 100 data sets.
 */
import { TextDecoder } from 'node:util';
import * as dcmjs from 'dcmjs';
import type * as dicomParser from 'dicom-parser';
import type { DicomJson, DicomJsonElement } from './dicom-json';
import { DEFLATED } from './p10-parse';

const IMPLICIT = '1.2.840.10008.1.2';
const BIG_ENDIAN = '1.2.840.10008.1.2.2';

/** dcmjs's SpecificCharacterSet → TextDecoder labels (its `encodingMapping`, single-byte and UTF-8 sets). */
const DECODERS: Record<string, string> = {
  '': 'iso-8859-1',
  'iso-ir-6': 'iso-8859-1',
  'iso-ir-100': 'latin1',
  'iso-ir-101': 'iso-8859-2',
  'iso-ir-109': 'iso-8859-3',
  'iso-ir-110': 'iso-8859-4',
  'iso-ir-126': 'iso-ir-126',
  'iso-ir-127': 'iso-ir-127',
  'iso-ir-138': 'iso-ir-138',
  'iso-ir-144': 'iso-ir-144',
  'iso-ir-148': 'iso-ir-148',
  'iso-ir-166': 'tis-620',
  'iso-ir-192': 'utf-8',
};
const decoders = new Map<string, TextDecoder>();
function decoder(label: string): TextDecoder {
  let d = decoders.get(label);
  if (!d) decoders.set(label, (d = new TextDecoder(label)));
  return d;
}
/** dcmjs's stream decoder before any SpecificCharacterSet (WHATWG latin1, i.e. windows-1252). */
const latin1 = decoder('latin1');

/** Value readers dcmjs has (its VRinstances); binary ones are left out of the metadata. */
const BINARY = new Set(['OB', 'OW', 'OF', 'OD', 'UN']);
const NUMBER_SIZE: Record<string, number> = { US: 2, SS: 2, UL: 4, SL: 4, FL: 4, FD: 8, AT: 4 };
/** dcmjs's dropPadByte applies to VRs with a maximum length and a space pad. */
const PAD_MAX: Record<string, number> = {
  AE: 16,
  AS: 4,
  CS: 16,
  DA: 8,
  DS: 16,
  DT: 26,
  IS: 12,
  LO: 64,
  SH: 16,
  ST: 1024,
  TM: 16,
};
/** Text VRs read through the character set (the others byte for byte). */
const ENCODED = new Set(['LO', 'LT', 'PN', 'SH', 'ST', 'UC', 'UT']);
const STRING_VRS = new Set([
  'AE',
  'AS',
  'CS',
  'DA',
  'DS',
  'DT',
  'IS',
  'LO',
  'LT',
  'PN',
  'SH',
  'ST',
  'TM',
  'UC',
  'UI',
  'UR',
  'UT',
]);

class NotLikeDcmjs extends Error {}
const differ = (): never => {
  throw new NotLikeDcmjs();
};

const { DicomMetaDictionary } = (
  dcmjs as unknown as { data: { DicomMetaDictionary: { dictionary: Record<string, { vr?: string }> } } }
).data;
const dictionaryVr = new Map<string, string | null>();
/** dcmjs's dictionary VR of a tag ('x00100010'), null when unknown. */
function knownVr(tag: string): string | null {
  let vr = dictionaryVr.get(tag);
  if (vr === undefined) {
    const key = `(${tag.slice(1, 5).toUpperCase()},${tag.slice(5).toUpperCase()})`;
    vr = DicomMetaDictionary.dictionary[key]?.vr ?? null;
    dictionaryVr.set(tag, vr);
  }
  return vr;
}

/** The VR dcmjs reads an implicit-VR element with (DicomMessage._readTag). */
function implicitVr(el: dicomParser.Element): string {
  const known = knownVr(el.tag);
  if (known === 'ox') return 'OW';
  if (known === 'xs') return 'US';
  if (known === 'UV') return differ(); // dcmjs reads it as a BigInt
  // A dictionary VR dcmjs has no reader for (OL, OV, SV, 'US or SS'…) reads as UN.
  if (known) return known in NUMBER_SIZE || STRING_VRS.has(known) || BINARY.has(known) || known === 'SQ' ? known : 'UN';
  if (el.hadUndefinedLength) return 'SQ';
  if (el.tag === 'x7fe00010') return 'OW';
  const group = parseInt(el.tag.slice(1, 5), 16);
  const element = parseInt(el.tag.slice(5), 16);
  return group % 2 === 1 && element < 0x100 && element > 0 ? 'LO' : 'UN';
}

interface Reading {
  bytes: Uint8Array;
  /** The same bytes, for latin1 slices. */
  buffer: Buffer;
  view: DataView;
  implicit: boolean;
  bigEndian: boolean;
}

function rtrim(s: string): string {
  return s.replace(/\s*$/g, '');
}

function dropPadByte(vr: string, values: string[]): string[] {
  if (!(vr in PAD_MAX) || values.length < 2) return values;
  const last = values[values.length - 1]!;
  if (last.length % 2 !== 0 && last.endsWith(' ')) values[values.length - 1] = last.slice(0, -1);
  return values;
}

function decimal(s: string): number | null {
  const v = s.trim().replace(/[^0-9.\\\-+e]/gi, '');
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function integer(s: string): number | null {
  const v = s.trim();
  if (v === '' || !/^[+-]?\d+$/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function personNames(text: string): Record<string, string>[] {
  return text
    .split('\\')
    .filter(Boolean)
    .map((v) => {
      const [alphabetic, ideographic, phonetic] = v.split('=');
      return {
        ...(alphabetic ? { Alphabetic: alphabetic } : {}),
        ...(ideographic ? { Ideographic: ideographic } : {}),
        ...(phonetic ? { Phonetic: phonetic } : {}),
      };
    });
}

/** ASCII bytes read the same in every set of DECODERS (all ASCII-compatible), without a TextDecoder call. */
function ascii(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

/** The values dcmjs's _readTag gives a text element. */
function textValues(vr: string, el: dicomParser.Element, r: Reading, text: TextDecoder): unknown[] {
  const end = el.dataOffset + el.length;
  const s =
    ENCODED.has(vr) && !ascii(r.bytes, el.dataOffset, end)
      ? text.decode(r.bytes.subarray(el.dataOffset, end))
      : r.buffer.toString('latin1', el.dataOffset, end);
  switch (vr) {
    case 'CS':
      return dropPadByte(vr, s.split('\\')).map((v) => v.trim());
    case 'DS':
      return dropPadByte(vr, s.split('\\')).map(decimal);
    case 'IS':
      return dropPadByte(vr, s.split('\\')).map(integer);
    case 'AE':
    case 'LO':
    case 'SH':
      return dropPadByte(vr, s.trim().split('\\'));
    case 'ST':
    case 'TM':
    case 'UC':
    case 'UT':
      return dropPadByte(vr, rtrim(s).split('\\'));
    case 'LT':
      return [rtrim(s)];
    case 'UI':
      return (el.length > 0 && r.bytes[end - 1] === 0 ? s.slice(0, -1) : s).split('\\').map((v) => v.replace(/[^0-9.]/g, ''));
    case 'PN':
      return personNames(s.length > 0 && s[s.length - 1] === ' ' ? s.slice(0, -1) : s);
    default: // AS, DA, DT, UR: as read
      return dropPadByte(vr, s.split('\\'));
  }
}

function numberValues(vr: string, el: dicomParser.Element, r: Reading, littleEndian: boolean): unknown[] {
  const size = NUMBER_SIZE[vr]!;
  // A fixed-size VR of no bytes reads as dcmjs's default value (0); an AT as nothing.
  if (el.length === 0) return vr === 'AT' ? [] : [0];
  if (el.length % size !== 0) differ();
  const out: number[] = [];
  for (let at = el.dataOffset; at < el.dataOffset + el.length; at += size) {
    const v = r.view;
    switch (vr) {
      case 'US':
        out.push(v.getUint16(at, littleEndian));
        break;
      case 'SS':
        out.push(v.getInt16(at, littleEndian));
        break;
      case 'UL':
        out.push(v.getUint32(at, littleEndian));
        break;
      case 'SL':
        out.push(v.getInt32(at, littleEndian));
        break;
      case 'FL':
        out.push(v.getFloat32(at, littleEndian));
        break;
      case 'FD':
        out.push(v.getFloat64(at, littleEndian));
        break;
      default: // AT
        out.push(((v.getUint16(at, littleEndian) << 16) | v.getUint16(at + 2, littleEndian)) >>> 0);
    }
  }
  return out;
}

/**
 * One data set's elements as DICOM JSON: a sequence item's, or at the top (`meta` given) the
 * file's meta and main data set in one pass — the meta's elements go to `meta`, and the data
 * set stops at the pixel data as dcmjs's does. `charset` is the character set in force where
 * the data set starts.
 */
function readDataSet(
  elements: Record<string, dicomParser.Element>,
  r: Reading,
  charset: TextDecoder,
  meta?: { json: DicomJson; end: number },
): DicomJson {
  const out: DicomJson = {};
  let text = charset;
  let pastPixels = false;
  for (const tag in elements) {
    const el = elements[tag]!;
    if (tag.startsWith('xfffe')) continue; // item delimiters dicom-parser keeps
    const inMeta = meta !== undefined && tag.startsWith('x0002');
    if (meta && !inMeta && (pastPixels || (pastPixels = tag === 'x7fe00010'))) continue;
    const implicit = r.implicit && !inMeta;
    const vr = implicit ? implicitVr(el) : (el.vr ?? differ());
    if (!implicit) {
      // dcmjs reads an explicit UN of a known tag with the dictionary's VR: left to dcmjs.
      if (vr === 'UN' && knownVr(tag)) differ();
      if (!(vr in NUMBER_SIZE || STRING_VRS.has(vr) || BINARY.has(vr) || vr === 'SQ')) differ();
    }
    if (el.hadUndefinedLength && vr !== 'SQ') differ();
    let value: DicomJsonElement;
    if (vr === 'SQ') {
      // dicom-parser sees no items in an empty implicit-VR sequence (nothing marks it one).
      if (!el.items && el.length !== 0) differ();
      const items: DicomJson[] = [];
      for (const item of el.items ?? []) {
        const set = item.dataSet?.elements ?? {};
        // dcmjs keeps no empty item.
        let empty = true;
        for (const t in set) if (!t.startsWith('xfffe')) empty = false;
        if (!empty) items.push(readDataSet(set, r, text));
      }
      value = { vr, Value: items };
    } else if (el.items) {
      return differ(); // dicom-parser read items where dcmjs reads a value
    } else if (BINARY.has(vr)) {
      value = { vr };
    } else {
      if (el.dataOffset + el.length > r.bytes.length) differ();
      const values =
        vr in NUMBER_SIZE ? numberValues(vr, el, r, inMeta || !r.bigEndian) : textValues(vr, el, r, inMeta ? latin1 : text);
      if (tag === 'x00080005') {
        // dcmjs switches its decoder here and records the set as UTF-8 (its strings are decoded).
        if (values.length !== 1) differ();
        const label = DECODERS[String(values[0]).replace(/[_ ]/g, '-').toLowerCase()];
        if (!label) differ();
        text = decoder(label!);
        value = { vr, Value: ['ISO_IR 192'] };
      } else {
        const kept = values.filter((v) => v !== undefined && v !== null && v !== '');
        value = kept.length > 0 ? { vr, Value: kept } : { vr };
      }
    }
    if (inMeta) {
      meta.json[tag.slice(1).toUpperCase()] = value;
      meta.end = Math.max(meta.end, el.dataOffset + el.length);
    } else out[tag.slice(1).toUpperCase()] = value;
  }
  return out;
}

/**
 * The DICOM JSON of a parsed head (meta and data set, pixel data and other bulk values left
 * out), equal to dcmjs's; null when this data set is left to dcmjs.
 */
export function dicomJsonFromParsed(ds: dicomParser.DataSet, transferSyntaxUid: string): DicomJson | null {
  // Deflated data sets, and files whose meta has no transfer syntax (dcmjs refuses them).
  if (transferSyntaxUid === DEFLATED || !ds.elements.x00020010) return null;
  const bytes = ds.byteArray;
  const r: Reading = {
    bytes,
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    implicit: transferSyntaxUid === IMPLICIT,
    bigEndian: transferSyntaxUid === BIG_ENDIAN,
  };
  try {
    const meta = { json: {} as DicomJson, end: 0 };
    const data = readDataSet(ds.elements, r, latin1, meta);
    // dcmjs reads the group length apart (not in its meta) and then that many bytes as the
    // meta: it must be where the meta ends. A meta without one is read with one put back
    // (withMetaGroupLength), which is where it ends.
    const groupLength = meta.json['00020000']?.Value?.[0];
    delete meta.json['00020000'];
    if (ds.elements.x00020000 && groupLength !== meta.end - (ds.elements.x00020000.dataOffset + 4)) return null;
    return { ...meta.json, ...data };
  } catch (err) {
    if (err instanceof NotLikeDcmjs) return null;
    throw err;
  }
}
