/**
 * QIDO-RS (PS3.18 §10.6) on the index, at every level: studies; a study's series or all
 * series; a series', a study's or all instances. Keys with a column of their own (patient
 * name and ID on indexes, UIDs, dates, modalities, numbers) match there; every other key
 * matches the stored header (DICOM JSON). Which keys exist and how values are checked:
 * qido-keys.ts.
 */
import type { Knex } from 'knex';
import { dicomDateRange } from '../../domain/imaging/dicom-datetime';
import { FOLD_FROM, FOLD_TO, foldName } from '../../domain/imaging/name-fold';
import { personName } from '../../imaging/dicom-header';
import type { DicomJson } from '../../imaging/dicom-json';
import { nameSample } from '../search/name-samples';
import { type NameSample, indexWindows } from '../search/name-trigrams';
import type { DicomwebCaller } from './auth';
import type { KeyDef, Level, QidoParams } from './qido-keys';
import { callerStudies } from './scope';

/** DICOM wildcard (* and ?) to a LIKE pattern. */
export function wildcardToLike(v: string): string {
  return v
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}
const hasWildcard = (v: string) => /[*?]/.test(v);

const STUDY_TAGS = [
  '00080005',
  '00080020',
  '00080030',
  '00080050',
  '00080090',
  '00081030',
  '00100010',
  '00100020',
  '00100030',
  '00100040',
  '0020000D',
  '00200010',
];
const SERIES_TAGS = ['00080060', '0008103E', '0020000E', '00200011', '00080021', '00080031'];
const INSTANCE_TAGS = ['00080016', '00080018', '00200013', '00280010', '00280011', '00280008'];

function pickTags(meta: DicomJson | null | undefined, tags: Set<string>, all: boolean): DicomJson {
  const out: DicomJson = {};
  if (!meta) return out;
  for (const [tag, el] of Object.entries(meta)) {
    if (tag.startsWith('0002')) continue;
    if (all || tags.has(tag)) out[tag] = el;
  }
  return out;
}

type Where = [sql: string, bindings: Knex.Value[]];

/** The value of a key in a DICOM JSON column (`m`), as text. */
function valueExpr(m: string, key: KeyDef): string {
  return key.match === 'pn' ? `(${m}->'${key.tag}'->'Value'->0->>'Alphabetic')` : `(${m}->'${key.tag}'->'Value'->>0)`;
}

/** Text ranges of a DA or TM match: [low, high] inclusive, padded so text order is time order. */
function textRange(key: KeyDef, v: string): [string | null, string | null] {
  const width = key.match === 'date' ? 8 : 6;
  const pad = (s: string, c: string) => s.replace(/\..*$/, '').padEnd(width, c);
  if (!v.includes('-')) return [pad(v, '0'), pad(v, '9')];
  const [a = '', b = ''] = v.split('-');
  return [a ? pad(a, '0') : null, b ? pad(b, '9') : null];
}

/** A key's condition on the header in `m` (PS3.4 C.2.2.2 matching by VR). */
function metadataCondition(m: string, key: KeyDef, value: string, fuzzy: boolean): Where {
  if (key.item) {
    // A sequence key: some item of the sequence matches on its attribute.
    const [sql, b] = metadataCondition('it', { ...key, tag: key.item, item: undefined }, value, fuzzy);
    return [`EXISTS (SELECT 1 FROM jsonb_array_elements(${m}->'${key.tag}'->'Value') it WHERE ${sql})`, b];
  }
  const e = valueExpr(m, key);
  switch (key.match) {
    case 'uid': {
      const uids = value.split(/[,\\]/);
      return [`${e} IN (${uids.map(() => '?').join(',')})`, uids];
    }
    case 'date':
    case 'time': {
      const [lo, hi] = textRange(key, value);
      const col = key.match === 'time' ? `rpad(substr(replace(${e}, ':', ''), 1, 6), 6, '0')` : e;
      const sql = [`${e} IS NOT NULL`];
      const bindings: string[] = [];
      if (lo) {
        sql.push(`${col} >= ?`);
        bindings.push(lo);
      }
      if (hi) {
        sql.push(`${col} <= ?`);
        bindings.push(hi);
      }
      return [sql.join(' AND '), bindings];
    }
    case 'number':
      return [`${e} = ?`, [String(Number(value))]];
    case 'pn': {
      // Any of the three component groups (alphabetic, ideographic, phonetic) may match.
      const g = `${m}->'${key.tag}'->'Value'->0`;
      const groups = ['Alphabetic', 'Ideographic', 'Phonetic'].map((n) => `(${g}->>'${n}')`);
      if (fuzzy) return fuzzyName(`translate(concat_ws(' ', ${groups.join(', ')}), '^=', '  ')`, value, true);
      const like = wildcardToLike(value);
      return [`(${groups.map((c) => `${c} ILIKE ? ESCAPE '\\'`).join(' OR ')})`, [like, like, like]];
    }
    case 'cs-list': {
      const list = value.toUpperCase().split(/[,\\]/);
      return [
        `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${m}->'${key.tag}'->'Value') v WHERE v IN (${list.map(() => '?').join(',')}))`,
        list,
      ];
    }
    case 'text':
      return hasWildcard(value) ? [`${e} LIKE ? ESCAPE '\\'`, [wildcardToLike(value)]] : [`${e} = ?`, [value]];
  }
}

/** The literal runs of a name pattern (between wildcards and component separators), folded. */
function nameRuns(value: string): string[] {
  return value
    .split('=')[0]!
    .split(/[*?^\s]+/)
    .map((s) => foldName(s.trim()))
    .filter(Boolean);
}

/**
 * Fuzzy person-name matching (fuzzymatching=true): each word of the query, accents and case
 * aside, inside the name, in any order. `col` is already folded when `folded`.
 */
function fuzzyName(col: string, value: string, fold: boolean): Where {
  const runs = nameRuns(value);
  if (runs.length === 0) return ['true', []];
  const c = fold ? `translate(${col}, ?, ?)` : col;
  const sql = runs.map(() => `${c} LIKE ? ESCAPE '\\'`).join(' AND ');
  const bindings = runs.flatMap((r) => [...(fold ? [FOLD_FROM, FOLD_TO] : []), `%${wildcardToLike(r)}%`]);
  return [sql, bindings];
}

/**
 * Each word of the name inside the patient's folded name, on the trigram index: the index reads
 * the windows of the words the account's name sample finds worth reading (ADR 043), and the
 * whole words are checked on an expression the index does not serve (PostgreSQL would otherwise
 * hand them to the index scan as well).
 */
function nameOnIndex(value: string, sample: NameSample | undefined): Where {
  const windows = indexWindows(nameRuns(value), sample);
  if (!windows) return fuzzyName('p.name_search', value, false);
  const [whole, b] = fuzzyName(`(p.name_search || '')`, value, false);
  return [[...windows.map(() => 'p.name_search LIKE ?'), whole].join(' AND '), [...windows.map((w) => `%${w}%`), ...b]];
}

/** Where a key of `level` is read from in a search of `searchLevel`: a column of its own, or the header. */
function keyCondition(
  key: KeyDef,
  value: string,
  fuzzy: boolean,
  searchLevel: Level,
  sample: () => NameSample | undefined,
): Where {
  switch (key.keyword) {
    case 'PatientName': {
      // The trigram index on the folded name narrows; the header decides (case aside,
      // accents kept) unless fuzzy matching was asked for. patients.name holds the alphabetic
      // group only: a query in another script (山田*) is matched on the header alone.
      const latin = nameRuns(value).every((r) => /^[\x20-\x7e]+$/.test(r));
      if (!latin) return onHeader(key, value, fuzzy, searchLevel);
      if (!fuzzy && !hasWildcard(value)) {
        // An exact name: the patient's name is the header's as ingest writes it (given names,
        // then family: personName), so its folded form is one btree probe; the header decides.
        const [exact, eb] = onHeader(key, value, false, searchLevel);
        return [`p.name_search = ? AND ${exact}`, [foldName(personName(value)), ...eb]];
      }
      const [idx, b] = nameOnIndex(value, sample());
      if (fuzzy) return [idx, b];
      const [exact, eb] = onHeader(key, value, false, searchLevel);
      return [`${idx} AND ${exact}`, [...b, ...eb]];
    }
    case 'PatientID':
      return hasWildcard(value) ? [`p.patient_id LIKE ? ESCAPE '\\'`, [wildcardToLike(value)]] : ['p.patient_id = ?', [value]];
    case 'AccessionNumber':
      return hasWildcard(value)
        ? [`s.accession_number LIKE ? ESCAPE '\\'`, [wildcardToLike(value)]]
        : ['s.accession_number = ?', [value]];
    case 'StudyInstanceUID':
    case 'SeriesInstanceUID':
    case 'SOPInstanceUID': {
      const col = {
        StudyInstanceUID: 's.study_instance_uid',
        SeriesInstanceUID: 'se.series_instance_uid',
        SOPInstanceUID: 'i.sop_instance_uid',
      }[key.keyword];
      const uids = value.split(/[,\\]/);
      return [`${col} IN (${uids.map(() => '?').join(',')})`, uids];
    }
    case 'StudyDate': {
      // The exam's calendar day in the exam zone, as every list shows it.
      const r = dicomDateRange(value)!;
      const sql = ['true'];
      const bindings: Date[] = [];
      if (r.from) {
        sql.push('s.exam_date >= ?');
        bindings.push(r.from);
      }
      if (r.to) {
        sql.push('s.exam_date < ?');
        bindings.push(r.to);
      }
      return [sql.join(' AND '), bindings];
    }
    case 'ModalitiesInStudy':
      return ['s.modalities && ?::text[]', [value.toUpperCase().split(/[,\\]/) as unknown as Knex.Value]];
    case 'Modality':
      return [
        'se.modality IN (' +
          value
            .split(/[,\\]/)
            .map(() => '?')
            .join(',') +
          ')',
        value.toUpperCase().split(/[,\\]/),
      ];
    case 'SeriesNumber':
      return ['se.series_number = ?', [Number(value)]];
    case 'InstanceNumber':
      return ['i.instance_number = ?', [Number(value)]];
    default:
      return onHeader(key, value, fuzzy, searchLevel);
  }
}

/** A key matched on the stored header: the instance's own, or any of the study's / series'. */
function onHeader(key: KeyDef, value: string, fuzzy: boolean, searchLevel: Level): Where {
  if (searchLevel === 'instance') return metadataCondition('i.metadata', key, value, fuzzy);
  const [sql, b] = metadataCondition('mi.metadata', key, value, fuzzy);
  const scope = key.level === 'study' ? 'mi.study_id = s.id' : 'mi.series_id = se.id';
  return [`EXISTS (SELECT 1 FROM dicom_instances mi WHERE ${scope} AND ${sql})`, b];
}

function applyFilters(knex: Knex, qb: Knex.QueryBuilder, caller: DicomwebCaller, q: QidoParams): void {
  const sample = () => nameSample(knex, caller.accountId);
  for (const { key, value } of q.filters) {
    const [sql, bindings] = keyCondition(key, value, q.fuzzy, q.level, sample);
    qb.whereRaw(sql, bindings);
  }
}

/** The study's patient, joined by account too: PatientID then reads the (account_id, patient_id) indexes. */
const patientOfStudy = (j: Knex.JoinClause) => j.on('p.id', 's.patient_ref').andOn('p.account_id', 's.account_id');

const tagsFor = (q: QidoParams, ...lists: string[][]) => new Set([...lists.flat(), ...q.include]);

export async function searchStudies(knex: Knex, caller: DicomwebCaller, q: QidoParams, base: string): Promise<DicomJson[]> {
  const qb = callerStudies(knex, caller).join('patients as p', patientOfStudy);
  applyFilters(knex, qb, caller, q);
  // The study list's order (exam date, else arrival), read from its index (studies_list_order).
  const rows = await qb
    .orderBy([
      { column: 's.sort_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(q.limit)
    .offset(q.offset)
    .select(
      's.study_instance_uid',
      's.modalities',
      's.series_count',
      's.instance_count',
      knex.raw('(SELECT metadata FROM dicom_instances WHERE study_id = s.id ORDER BY created_at LIMIT 1) AS metadata'),
    );
  const tags = tagsFor(q, STUDY_TAGS);
  return rows.map((r: any) => ({
    ...pickTags(r.metadata, tags, q.includeAll),
    '00080061': { vr: 'CS', Value: r.modalities },
    '00201206': { vr: 'IS', Value: [r.series_count] },
    '00201208': { vr: 'IS', Value: [r.instance_count] },
    '00081190': { vr: 'UR', Value: [`${base}/studies/${r.study_instance_uid}`] },
  }));
}

/** Series of one study (`studyUid`), or of every study the caller reaches. Null: no such study. */
export async function searchSeries(
  knex: Knex,
  caller: DicomwebCaller,
  studyUid: string | null,
  q: QidoParams,
  base: string,
): Promise<DicomJson[] | null> {
  if (studyUid && !(await callerStudies(knex, caller).where('s.study_instance_uid', studyUid).first('s.id'))) return null;
  const qb = callerStudies(knex, caller).join('patients as p', patientOfStudy).join('dicom_series as se', 'se.study_id', 's.id');
  if (studyUid) qb.where('s.study_instance_uid', studyUid);
  applyFilters(knex, qb, caller, q);
  const rows = await qb
    .orderBy([
      ...(studyUid
        ? []
        : [
            { column: 's.sort_at', order: 'desc' },
            { column: 's.id', order: 'desc' },
          ]),
      { column: 'se.series_number', nulls: 'last' },
      { column: 'se.series_instance_uid' },
    ])
    .limit(q.limit)
    .offset(q.offset)
    .select(
      's.study_instance_uid',
      'se.series_instance_uid',
      'se.instance_count',
      knex.raw(
        '(SELECT metadata FROM dicom_instances WHERE series_id = se.id ORDER BY instance_number NULLS LAST LIMIT 1) AS metadata',
      ),
    );
  // A search across studies also says which study each series is of (PS3.18 §10.6.3.3.2).
  const tags = tagsFor(q, SERIES_TAGS, ['0020000D'], studyUid ? [] : STUDY_TAGS);
  return rows.map((r: any) => ({
    ...pickTags(r.metadata, tags, q.includeAll),
    '00201209': { vr: 'IS', Value: [r.instance_count] },
    '00081190': { vr: 'UR', Value: [`${base}/studies/${r.study_instance_uid}/series/${r.series_instance_uid}`] },
  }));
}

/** Instances of one series, of one study, or of everything the caller reaches. Null: no such study/series. */
export async function searchInstances(
  knex: Knex,
  caller: DicomwebCaller,
  scope: { study?: string; series?: string },
  q: QidoParams,
  base: string,
): Promise<DicomJson[] | null> {
  if (scope.study) {
    const parent = callerStudies(knex, caller).where('s.study_instance_uid', scope.study);
    if (scope.series) parent.join('dicom_series as se', 'se.study_id', 's.id').where('se.series_instance_uid', scope.series);
    if (!(await parent.first('s.id'))) return null;
  }
  const qb = callerStudies(knex, caller)
    .join('patients as p', patientOfStudy)
    .join('dicom_series as se', 'se.study_id', 's.id')
    .join('dicom_instances as i', 'i.series_id', 'se.id');
  if (scope.study) qb.where('s.study_instance_uid', scope.study);
  if (scope.series) qb.where('se.series_instance_uid', scope.series);
  applyFilters(knex, qb, caller, q);
  const rows = await qb
    .orderBy([
      ...(scope.study
        ? []
        : [
            { column: 's.sort_at', order: 'desc' },
            { column: 's.id', order: 'desc' },
          ]),
      { column: 'se.series_number', nulls: 'last' },
      { column: 'se.series_instance_uid' },
      { column: 'i.instance_number', nulls: 'last' },
      { column: 'i.created_at' },
    ])
    .limit(q.limit)
    .offset(q.offset)
    .select('s.study_instance_uid', 'se.series_instance_uid', 'i.sop_instance_uid', 'i.metadata');
  const tags = tagsFor(
    q,
    INSTANCE_TAGS,
    ['0020000D', '0020000E'],
    scope.series ? [] : SERIES_TAGS,
    scope.study ? [] : STUDY_TAGS,
  );
  return rows.map((r: any) => ({
    ...pickTags(r.metadata, tags, q.includeAll),
    '00081190': {
      vr: 'UR',
      Value: [`${base}/studies/${r.study_instance_uid}/series/${r.series_instance_uid}/instances/${r.sop_instance_uid}`],
    },
  }));
}
