/**
 * QIDO-RS (PS3.18 §10.6) on the index: studies, a study's series, a series' instances, with
 * the usual matching keys (wildcards on names, date ranges, UID lists), limit/offset and
 * includefield (further tags read from the first instance's header).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { dicomDateRange } from '../../domain/imaging/dicom-datetime';
import type { DicomJson } from '../../imaging/dicom-json';
import type { DicomwebCaller } from './auth';
import { callerStudies } from './scope';

const str = z.string().max(256).optional();
export const QidoQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).default(0),
    includefield: z.union([z.string(), z.array(z.string())]).optional(),
    fuzzymatching: z.string().optional(),
    token: str,
    PatientName: str,
    '00100010': str,
    PatientID: str,
    '00100020': str,
    AccessionNumber: str,
    '00080050': str,
    StudyInstanceUID: str,
    '0020000D': str,
    StudyDate: str,
    '00080020': str,
    ModalitiesInStudy: str,
    '00080061': str,
    StudyDescription: str,
    '00081030': str,
    Modality: str,
    '00080060': str,
    SeriesInstanceUID: str,
    '0020000E': str,
    SeriesNumber: str,
    '00200011': str,
    SOPInstanceUID: str,
    '00080018': str,
    InstanceNumber: str,
    '00200013': str,
  })
  .passthrough();
export type QidoQuery = z.infer<typeof QidoQuery>;

const pick = (q: QidoQuery, name: keyof QidoQuery, tag: keyof QidoQuery) => {
  const v = (q[name] ?? q[tag]) as string | undefined;
  return v && v !== '*' ? v : undefined;
};

/** DICOM wildcard (* and ?) to an ILIKE pattern. */
export function wildcardToLike(v: string): string {
  return v
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

/** Date or range 'YYYYMMDD', 'A-B', 'A-', '-B' → [from, to) in UTC, or null when malformed. */
function includeTags(q: QidoQuery): string[] {
  const raw = q.includefield === undefined ? [] : Array.isArray(q.includefield) ? q.includefield : [q.includefield];
  return raw
    .flatMap((s) => s.split(','))
    .map((s) => s.trim().toUpperCase())
    .filter((s) => /^[0-9A-F]{8}$/.test(s));
}

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
const SERIES_TAGS = ['00080060', '0008103E', '0020000E', '00200011', '0020000D', '00080021', '00080031'];
const INSTANCE_TAGS = [
  '00080016',
  '00080018',
  '00200013',
  '00280010',
  '00280011',
  '00280008',
  '0020000E',
  '0020000D',
  '00080060',
];

function pickTags(meta: DicomJson | null | undefined, tags: string[], all: boolean): DicomJson {
  const out: DicomJson = {};
  if (!meta) return out;
  for (const [tag, el] of Object.entries(meta)) {
    if (tag.startsWith('0002')) continue;
    if (all || tags.includes(tag)) out[tag] = el;
  }
  return out;
}

const wantsAll = (q: QidoQuery) => includeTags(q).length === 0 && [q.includefield].flat().includes('all');

export async function searchStudies(knex: Knex, caller: DicomwebCaller, q: QidoQuery, base: string): Promise<DicomJson[]> {
  const qb = callerStudies(knex, caller).join('patients as p', 'p.id', 's.patient_ref');
  const name = pick(q, 'PatientName', '00100010');
  if (name) {
    // DICOM's 'Family^Given' and our 'Given Family' both match.
    const parts = name.split('^').filter(Boolean);
    for (const part of parts) qb.whereRaw(`p.name ILIKE ? ESCAPE '\\'`, [`%${wildcardToLike(part).replace(/^%|%$/g, '')}%`]);
  }
  const pid = pick(q, 'PatientID', '00100020');
  if (pid) qb.whereRaw(`p.patient_id ILIKE ? ESCAPE '\\'`, [wildcardToLike(pid)]);
  const acc = pick(q, 'AccessionNumber', '00080050');
  if (acc) qb.whereRaw(`s.accession_number ILIKE ? ESCAPE '\\'`, [wildcardToLike(acc)]);
  const uid = pick(q, 'StudyInstanceUID', '0020000D');
  if (uid) qb.whereIn('s.study_instance_uid', uid.split(/[,\\]/));
  const desc = pick(q, 'StudyDescription', '00081030');
  if (desc) qb.whereRaw(`s.exam_type ILIKE ? ESCAPE '\\'`, [wildcardToLike(desc)]);
  const mod = pick(q, 'ModalitiesInStudy', '00080061');
  if (mod) qb.whereRaw('s.modalities && ?::text[]', [mod.toUpperCase().split(/[,\\]/)]);
  const date = pick(q, 'StudyDate', '00080020');
  if (date) {
    const r = dicomDateRange(date);
    if (!r) qb.whereRaw('false');
    else {
      if (r.from) qb.where('s.exam_date', '>=', r.from);
      if (r.to) qb.where('s.exam_date', '<', r.to);
    }
  }
  const rows = await qb
    .orderBy([
      { column: 's.exam_date', order: 'desc', nulls: 'last' },
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
  const extra = includeTags(q);
  return rows.map((r: any) => ({
    ...pickTags(r.metadata, [...STUDY_TAGS, ...extra], wantsAll(q)),
    '00080061': { vr: 'CS', Value: r.modalities },
    '00201206': { vr: 'IS', Value: [r.series_count] },
    '00201208': { vr: 'IS', Value: [r.instance_count] },
    '00081190': { vr: 'UR', Value: [`${base}/studies/${r.study_instance_uid}`] },
  }));
}

export async function searchSeries(
  knex: Knex,
  caller: DicomwebCaller,
  studyUid: string,
  q: QidoQuery,
  base: string,
): Promise<DicomJson[] | null> {
  const study = await callerStudies(knex, caller).where('s.study_instance_uid', studyUid).first('s.id');
  if (!study) return null;
  const qb = knex('dicom_series as se').where('se.study_id', study.id);
  const mod = pick(q, 'Modality', '00080060');
  if (mod) qb.whereIn('se.modality', mod.toUpperCase().split(/[,\\]/));
  const uid = pick(q, 'SeriesInstanceUID', '0020000E');
  if (uid) qb.whereIn('se.series_instance_uid', uid.split(/[,\\]/));
  const num = pick(q, 'SeriesNumber', '00200011');
  if (num) qb.where('se.series_number', Number(num) || -1);
  const rows = await qb
    .orderBy([{ column: 'se.series_number', nulls: 'last' }, { column: 'se.series_instance_uid' }])
    .limit(q.limit)
    .offset(q.offset)
    .select(
      'se.series_instance_uid',
      'se.instance_count',
      knex.raw(
        '(SELECT metadata FROM dicom_instances WHERE series_id = se.id ORDER BY instance_number NULLS LAST LIMIT 1) AS metadata',
      ),
    );
  const extra = includeTags(q);
  return rows.map((r: any) => ({
    ...pickTags(r.metadata, [...SERIES_TAGS, ...extra], wantsAll(q)),
    '00201209': { vr: 'IS', Value: [r.instance_count] },
    '00081190': { vr: 'UR', Value: [`${base}/studies/${studyUid}/series/${r.series_instance_uid}`] },
  }));
}

export async function searchInstances(
  knex: Knex,
  caller: DicomwebCaller,
  studyUid: string,
  seriesUid: string,
  q: QidoQuery,
  base: string,
): Promise<DicomJson[] | null> {
  const series = await callerStudies(knex, caller)
    .join('dicom_series as se', 'se.study_id', 's.id')
    .where({ 's.study_instance_uid': studyUid, 'se.series_instance_uid': seriesUid })
    .first('se.id');
  if (!series) return null;
  const qb = knex('dicom_instances as i').where('i.series_id', series.id);
  const uid = pick(q, 'SOPInstanceUID', '00080018');
  if (uid) qb.whereIn('i.sop_instance_uid', uid.split(/[,\\]/));
  const num = pick(q, 'InstanceNumber', '00200013');
  if (num) qb.where('i.instance_number', Number(num) || -1);
  const rows = await qb
    .orderBy([{ column: 'i.instance_number', nulls: 'last' }, { column: 'i.created_at' }])
    .limit(q.limit)
    .offset(q.offset)
    .select('i.sop_instance_uid', 'i.metadata');
  const extra = includeTags(q);
  return rows.map((r: any) => ({
    ...pickTags(r.metadata, [...INSTANCE_TAGS, ...extra], wantsAll(q)),
    '00081190': { vr: 'UR', Value: [`${base}/studies/${studyUid}/series/${seriesUid}/instances/${r.sop_instance_uid}`] },
  }));
}
