import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { isStorageAvailable } from '../../domain/imaging/storage-class';
import type { DicomwebCaller } from './auth';

/** The caller's institutions, and the studies granted to it (access grants: read only, as DICOMweb reads are). */
function reached(qb: Knex.QueryBuilder, caller: DicomwebCaller): Knex.QueryBuilder {
  return qb.where((w) => {
    void w.whereIn('s.institution_id', caller.institutionIds).orWhereIn('s.id', caller.grantedStudyIds);
  });
}

/** Studies the caller reaches (its account, its institutions, its granted studies), with at least one instance. */
export function callerStudies(knex: Knex, caller: DicomwebCaller): Knex.QueryBuilder {
  return reached(knex('studies as s').where('s.account_id', caller.accountId), caller).where('s.instance_count', '>', 0);
}

/** Instances of the caller's studies, narrowed by UIDs; another account's UIDs find nothing. */
export function callerInstances(
  knex: Knex,
  caller: DicomwebCaller,
  uids: { study: string; series?: string; instance?: string },
): Knex.QueryBuilder {
  const q = knex('dicom_instances as i')
    .join('studies as s', 's.id', 'i.study_id')
    .join('dicom_series as se', 'se.id', 'i.series_id')
    .where('s.account_id', caller.accountId)
    .where('i.account_id', caller.accountId)
    .where('s.study_instance_uid', uids.study);
  reached(q, caller);
  if (uids.series) q.where('se.series_instance_uid', uids.series);
  if (uids.instance) q.where('i.sop_instance_uid', uids.instance);
  return q;
}

export interface InstanceRow {
  sop_instance_uid: string;
  series_instance_uid: string;
  study_instance_uid: string;
  object_key: string;
  transfer_syntax_uid: string;
  number_of_frames: number;
  storage_class: string;
  metadata: Record<string, { vr: string; Value?: unknown[] }>;
}

/** Pixels of an archived study (spec 2 §4) are not served: STUDY_ARCHIVED. */
export function requireAvailable(rows: InstanceRow[]): InstanceRow[] {
  if (rows.some((r) => !isStorageAvailable(r.storage_class))) throw new AppError('STUDY_ARCHIVED');
  return rows;
}

export async function instancesOrNotFound(q: Knex.QueryBuilder, withMetadata = false): Promise<InstanceRow[]> {
  const rows = (await q
    .orderBy([
      { column: 'se.series_number' },
      { column: 'se.series_instance_uid' },
      { column: 'i.instance_number' },
      { column: 'i.created_at' },
    ])
    .select(
      'i.sop_instance_uid',
      'se.series_instance_uid',
      's.study_instance_uid',
      'i.object_key',
      'i.transfer_syntax_uid',
      'i.number_of_frames',
      's.storage_class',
      ...(withMetadata ? ['i.metadata'] : []),
    )) as InstanceRow[];
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  return rows;
}

/** The stored thumbnail of the series (or of the study's first series), if the ingest made one. */
export async function seriesThumbnailKey(
  knex: Knex,
  caller: DicomwebCaller,
  uids: { study: string; series?: string },
): Promise<string | null> {
  const q = callerStudies(knex, caller)
    .join('dicom_series as se', 'se.study_id', 's.id')
    .where('s.study_instance_uid', uids.study)
    .whereNotNull('se.thumbnail_key');
  if (uids.series) q.where('se.series_instance_uid', uids.series);
  const row = await q
    .orderBy([{ column: 'se.series_number', nulls: 'last' }, { column: 'se.series_instance_uid' }])
    .first('se.thumbnail_key');
  return (row?.thumbnail_key as string | undefined) ?? null;
}
