/**
 * What the viewer needs of one study (spec 3 §3 "Study (as used by the viewer)", spec 3 §7
 * `GET /studies/{id}/viewer`), the patient's exam history, and key images.
 */
import type { Knex } from 'knex';
import { hasPermission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { isStorageAvailable } from '../../domain/imaging/storage-class';
import type { KeyImageBody, PatientStudy, ViewerStudy } from '../../domain/studies/viewer';
import { type Access, actorFor } from '../access/access';
import { audit } from '../access/audit';
import { countAttachments } from '../attachments/attachments';
import { studiesQuery } from '../studies/study-queries';

export async function reachableStudy(knex: Knex, access: Access, studyId: string) {
  const row = await studiesQuery(knex, access)
    .where('s.id', studyId)
    .first(
      's.id',
      's.study_instance_uid',
      's.institution_id',
      's.account_id',
      's.patient_ref',
      'p.patient_id',
      'p.name as patient_name',
      's.exam_type',
      's.exam_date',
      's.received_at',
      's.modalities',
      's.storage_class',
      's.accession_number',
      's.laudo_state',
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row as {
    id: string;
    study_instance_uid: string;
    institution_id: string | null;
    account_id: string;
    patient_ref: string;
    patient_id: string;
    patient_name: string;
    exam_type: string | null;
    exam_date: Date | null;
    received_at: Date | null;
    modalities: string[];
    storage_class: string;
    accession_number: string | null;
    laudo_state: number;
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The patient's other studies the caller reaches, newest first. */
export async function patientHistory(knex: Knex, access: Access, studyId: string): Promise<PatientStudy[]> {
  const study = await reachableStudy(knex, access, studyId);
  const rows: { id: string; sort_at: Date | null; exam_type: string | null }[] = await studiesQuery(knex, access)
    .where('s.patient_ref', study.patient_ref)
    .whereNot('s.id', study.id)
    .orderBy('s.sort_at', 'desc')
    .limit(50)
    .select('s.id', 's.sort_at', 's.exam_type');
  return rows.map((r) => ({ id: r.id, createdAt: iso(r.sort_at), examType: r.exam_type }));
}

export async function viewerStudy(knex: Knex, access: Access, studyId: string, ip: string): Promise<ViewerStudy> {
  const s = await reachableStudy(knex, access, studyId);
  const base = `/dicomweb/studies/${s.study_instance_uid}/series`;
  const [series, instances, keyImages, history] = await Promise.all([
    knex('dicom_series')
      .where({ study_id: s.id })
      .orderBy([{ column: 'series_number', nulls: 'last' }, { column: 'series_instance_uid' }])
      .select('id', 'series_instance_uid', 'modality', 'description', 'instance_count'),
    knex('dicom_instances')
      .where({ study_id: s.id })
      .orderByRaw('instance_number NULLS LAST, created_at')
      .select('series_id', 'sop_instance_uid') as Promise<{ series_id: string; sop_instance_uid: string }[]>,
    knex('study_key_images')
      .where({ study_id: s.id })
      .orderBy('created_at')
      .select('series_instance_uid', 'sop_instance_uid', 'frame') as Promise<
      { series_instance_uid: string; sop_instance_uid: string; frame: number }[]
    >,
    patientHistory(knex, access, s.id),
  ]);
  const thumbnails: ViewerStudy['thumbnails'] = {};
  for (const se of series as {
    id: string;
    series_instance_uid: string;
    modality: string | null;
    description: string | null;
    instance_count: number;
  }[]) {
    const own = instances.filter((i) => i.series_id === se.id);
    thumbnails[se.series_instance_uid] = {
      seriesId: se.series_instance_uid,
      description: se.description ?? '',
      modality: se.modality ?? '',
      instanceId: own[Math.floor(own.length / 2)]?.sop_instance_uid ?? null,
      instanceCount: se.instance_count,
      image: `${base}/${se.series_instance_uid}/thumbnail`,
    };
  }
  await audit(knex, access, 'study.viewer.open', s.id, ip);
  return {
    id: s.id,
    studyInstanceUid: s.study_instance_uid,
    institutionId: s.institution_id,
    accountId: s.account_id,
    patientId: s.patient_id,
    patientName: s.patient_name,
    examType: s.exam_type,
    createdAt: iso(s.exam_date ?? s.received_at),
    modalities: s.modalities,
    storageClass: s.storage_class,
    storageAvailable: isStorageAvailable(s.storage_class),
    // Objects are in the local folder (DATA_DIR/objects) until an S3 adapter is configured.
    isStoredS3: false,
    printStatus: null,
    accessionNumber: s.accession_number,
    laudoState: s.laudo_state,
    thumbnails,
    attachments: await countAttachments(knex, s.id),
    keyImages: keyImages.map((k) => ({ seriesId: k.series_instance_uid, imageKey: k.sop_instance_uid, frame: k.frame })),
    history,
    canSaveReports: hasPermission(actorFor(access, s.institution_id), 'STUDIES_SAVE_REPORTS'),
  };
}

/** Marks (or, with `remove`, unmarks) a key image of one of the study's instances. */
export async function setKeyImage(
  knex: Knex,
  access: Access,
  studyId: string,
  body: Required<KeyImageBody>,
  remove: boolean,
  ip: string,
): Promise<void> {
  const s = await reachableStudy(knex, access, studyId);
  const instance = await knex('dicom_instances as i')
    .join('dicom_series as se', 'se.id', 'i.series_id')
    .where({ 'i.study_id': s.id, 'i.sop_instance_uid': body.imageKey, 'se.series_instance_uid': body.seriesId })
    .first('i.number_of_frames');
  if (!instance || body.frame > instance.number_of_frames) throw new AppError('NOT_FOUND');
  const key = { study_id: s.id, sop_instance_uid: body.imageKey, frame: body.frame };
  if (remove) await knex('study_key_images').where(key).delete();
  else
    await knex('study_key_images')
      .insert({ ...key, account_id: access.accountId, series_instance_uid: body.seriesId, created_by: access.userId })
      .onConflict(['study_id', 'sop_instance_uid', 'frame'])
      .ignore();
  await audit(knex, access, remove ? 'study.keyImage.remove' : 'study.keyImage.add', s.id, ip, body);
}
