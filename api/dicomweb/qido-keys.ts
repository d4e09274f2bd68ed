/**
 * QIDO-RS query parameters (PS3.18 §8.3.4): every matching key the server applies, by level,
 * keyword and tag; `includefield` by keyword, tag or `all`; `fuzzymatching`. Anything else is
 * refused (400 DICOMWEB_UNSUPPORTED_QUERY, naming what), never silently ignored.
 */
import * as dcmjs from 'dcmjs';
import { AppError } from '../../domain/errors';

export type Level = 'study' | 'series' | 'instance';
const DEPTH: Record<Level, number> = { study: 0, series: 1, instance: 2 };

/** How a key's value matches (PS3.4 C.2.2.2): by its VR. */
export type Match = 'uid' | 'date' | 'time' | 'pn' | 'text' | 'number' | 'cs-list';

export interface KeyDef {
  keyword: string;
  tag: string;
  level: Level;
  match: Match;
  /** A key inside a sequence (PS3.18 `Sequence.Keyword`): the item attribute's tag. */
  item?: string;
}

const KEYS: KeyDef[] = [
  // Study (PS3.18 Table 10.6.1-5, plus the patient's)
  { keyword: 'StudyDate', tag: '00080020', level: 'study', match: 'date' },
  { keyword: 'StudyTime', tag: '00080030', level: 'study', match: 'time' },
  { keyword: 'AccessionNumber', tag: '00080050', level: 'study', match: 'text' },
  { keyword: 'ModalitiesInStudy', tag: '00080061', level: 'study', match: 'cs-list' },
  { keyword: 'ReferringPhysicianName', tag: '00080090', level: 'study', match: 'pn' },
  { keyword: 'StudyDescription', tag: '00081030', level: 'study', match: 'text' },
  { keyword: 'PatientName', tag: '00100010', level: 'study', match: 'pn' },
  { keyword: 'PatientID', tag: '00100020', level: 'study', match: 'text' },
  { keyword: 'PatientBirthDate', tag: '00100030', level: 'study', match: 'date' },
  { keyword: 'PatientSex', tag: '00100040', level: 'study', match: 'text' },
  { keyword: 'StudyInstanceUID', tag: '0020000D', level: 'study', match: 'uid' },
  { keyword: 'StudyID', tag: '00200010', level: 'study', match: 'text' },
  { keyword: 'InstitutionName', tag: '00080080', level: 'study', match: 'text' },
  // Series (Table 10.6.1-6)
  { keyword: 'Modality', tag: '00080060', level: 'series', match: 'text' },
  { keyword: 'SeriesInstanceUID', tag: '0020000E', level: 'series', match: 'uid' },
  { keyword: 'SeriesNumber', tag: '00200011', level: 'series', match: 'number' },
  { keyword: 'SeriesDescription', tag: '0008103E', level: 'series', match: 'text' },
  { keyword: 'SeriesDate', tag: '00080021', level: 'series', match: 'date' },
  { keyword: 'SeriesTime', tag: '00080031', level: 'series', match: 'time' },
  { keyword: 'BodyPartExamined', tag: '00180015', level: 'series', match: 'text' },
  { keyword: 'PerformedProcedureStepStartDate', tag: '00400244', level: 'series', match: 'date' },
  { keyword: 'PerformedProcedureStepStartTime', tag: '00400245', level: 'series', match: 'time' },
  // The two sequence keys PS3.18 requires: any item of RequestAttributesSequence matches.
  {
    keyword: 'RequestAttributesSequence.ScheduledProcedureStepID',
    tag: '00400275',
    item: '00400009',
    level: 'series',
    match: 'text',
  },
  {
    keyword: 'RequestAttributesSequence.RequestedProcedureID',
    tag: '00400275',
    item: '00401001',
    level: 'series',
    match: 'text',
  },
  // Instance (Table 10.6.1-7)
  { keyword: 'SOPClassUID', tag: '00080016', level: 'instance', match: 'uid' },
  { keyword: 'SOPInstanceUID', tag: '00080018', level: 'instance', match: 'uid' },
  { keyword: 'InstanceNumber', tag: '00200013', level: 'instance', match: 'number' },
  { keyword: 'ContentDate', tag: '00080023', level: 'instance', match: 'date' },
  { keyword: 'ContentTime', tag: '00080033', level: 'instance', match: 'time' },
  { keyword: 'Rows', tag: '00280010', level: 'instance', match: 'number' },
  { keyword: 'Columns', tag: '00280011', level: 'instance', match: 'number' },
  { keyword: 'NumberOfFrames', tag: '00280008', level: 'instance', match: 'number' },
];

const BY_NAME = new Map<string, KeyDef>();
for (const k of KEYS) {
  BY_NAME.set(k.keyword.toLowerCase(), k);
  BY_NAME.set((k.item ? `${k.tag}.${k.item}` : k.tag).toLowerCase(), k);
}

/** Parameters that are not matching keys. */
const CONTROLS = new Set(['limit', 'offset', 'includefield', 'fuzzymatching', 'token', 'institutionid']);

export interface QidoParams {
  level: Level;
  limit: number;
  offset: number;
  fuzzy: boolean;
  /** Matching keys with a value that constrains (universal matches `*` and `` left out). */
  filters: { key: KeyDef; value: string }[];
  /** Tags every result carries besides the level's defaults: includefield and matching keys. */
  include: string[];
  includeAll: boolean;
}

const dictionary = (dcmjs as unknown as { data: { DicomMetaDictionary: { nameMap: Record<string, { tag: string }> } } }).data
  .DicomMetaDictionary.nameMap;

/** A dictionary keyword or 8-hex tag → the tag (upper case), or null. */
export function tagOf(name: string): string | null {
  if (/^[0-9A-Fa-f]{8}$/.test(name)) return name.toUpperCase();
  const entry = dictionary[name];
  return entry ? entry.tag.replace(/[(),]/g, '').toUpperCase() : null;
}

const MAX_LIMIT = 1000;

/** Reads the query string of a search at `level`; throws DICOMWEB_UNSUPPORTED_QUERY naming what is refused. */
export function parseQido(query: Record<string, string | string[] | undefined>, level: Level): QidoParams {
  const refused: string[] = [];
  const params: QidoParams = { level, limit: 100, offset: 0, fuzzy: false, filters: [], include: [], includeAll: false };
  const one = (name: string, v: string | string[]) => {
    if (Array.isArray(v)) refused.push(`${name}: one value only`);
    return Array.isArray(v) ? (v[0] ?? '') : v;
  };
  for (const [rawName, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const name = rawName.toLowerCase();
    if (name === 'includefield') {
      for (const f of [raw]
        .flat()
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (f === 'all') params.includeAll = true;
        else {
          const tag = tagOf(f);
          if (tag) params.include.push(tag);
          else refused.push(`includefield=${f}`);
        }
      }
      continue;
    }
    if (CONTROLS.has(name)) {
      const v = one(rawName, raw);
      if (name === 'limit' || name === 'offset') {
        const n = Number(v);
        if (!/^\d+$/.test(v) || (name === 'limit' && (n < 1 || n > MAX_LIMIT))) refused.push(`${rawName}=${v}`);
        else params[name] = n;
      } else if (name === 'fuzzymatching') {
        if (v !== 'true' && v !== 'false') refused.push(`fuzzymatching=${v}`);
        params.fuzzy = v === 'true';
      }
      continue;
    }
    const key = BY_NAME.get(name);
    if (!key) {
      refused.push(
        rawName.includes('.') ? `${rawName}: sequence matching is not supported` : `${rawName}: unknown or unsupported key`,
      );
      continue;
    }
    if (DEPTH[key.level] > DEPTH[level]) {
      refused.push(`${rawName}: not a key of a ${level} search`);
      continue;
    }
    const value = one(rawName, raw).trim();
    if (value.length > 256) refused.push(`${rawName}: value too long`);
    else if (!valueFits(key, value)) refused.push(`${rawName}=${value}`);
    else if (value !== '' && value !== '*') params.filters.push({ key, value });
    params.include.push(key.tag);
  }
  if (refused.length > 0) throw new AppError('DICOMWEB_UNSUPPORTED_QUERY', undefined, refused);
  return params;
}

const DA = /^\d{8}$/;
const TM = /^\d{2}(\d{2}(\d{2}(\.\d{1,6})?)?)?$/;

/** Whether a value is well formed for its key's matching (a malformed one is refused, not matched as nothing). */
function valueFits(key: KeyDef, v: string): boolean {
  if (v === '' || v === '*') return true;
  switch (key.match) {
    case 'uid':
      return v.split(/[,\\]/).every((u) => /^[0-9]+(\.[0-9]+)*$/.test(u) && u.length <= 64);
    case 'date':
    case 'time': {
      const re = key.match === 'date' ? DA : TM;
      const [a = '', b, extra] = v.split('-');
      if (extra !== undefined || (!a && !b)) return false;
      return (a === '' || re.test(a)) && (b === undefined || b === '' || re.test(b));
    }
    case 'number':
      return /^-?\d{1,9}$/.test(v);
    case 'pn':
    case 'text':
    case 'cs-list':
      return true;
  }
}
