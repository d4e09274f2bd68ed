/**
 * Stores one received DICOM file and indexes it: original bytes to object storage (keyed by
 * SOPInstanceUID), then patient, study (with its report in state 0), series and instance
 * rows in one transaction. Idempotent by SOPInstanceUID within the account.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';
import type { ObjectStorage } from '../storage/object-storage';
import { type DicomHeader, readDicomFile } from './dicom-header';
import { DicomInputError } from './failures';

/** Where an upload lands: the Connect's institution, or the one the uploading user chose. */
export interface IngestTarget {
  accountId: string;
  institutionId: string;
  connectId: string | null;
  userId: string | null;
}

export interface Ingested {
  header: DicomHeader;
  studyId: string;
  /** Already stored before (same SOPInstanceUID): nothing was written. */
  duplicate: boolean;
}

export function instanceKey(accountId: string, h: Pick<DicomHeader, 'studyUid' | 'seriesUid' | 'sopUid'>): string {
  return `accounts/${accountId}/studies/${h.studyUid}/${h.seriesUid}/${h.sopUid}.dcm`;
}

export async function ingestFile(
  deps: { knex: Knex; storage: ObjectStorage },
  target: IngestTarget,
  file: string,
  size: number,
  opts: { studyUid?: string } = {},
): Promise<Ingested> {
  const { knex, storage } = deps;
  const header = await readDicomFile(file, size);
  if (opts.studyUid && opts.studyUid !== header.studyUid) throw new DicomInputError('STUDY_UID_MISMATCH');

  const known = await knex('dicom_instances')
    .where({ account_id: target.accountId, sop_instance_uid: header.sopUid })
    .first('study_id');
  if (known) return { header, studyId: known.study_id, duplicate: true };

  // Bytes first: a row never points at a missing object. A concurrent duplicate writes the
  // same bytes under the same key, and only one row wins below.
  const key = instanceKey(target.accountId, header);
  await storage.put(key, createReadStream(file), { contentType: 'application/dicom' });

  return knex.transaction(async (trx) => {
    const patientRef = await upsertPatient(trx, target.accountId, header);
    const studyId = await upsertStudy(trx, target, header, patientRef);
    await trx('dicom_series')
      .insert({
        account_id: target.accountId,
        study_id: studyId,
        series_instance_uid: header.seriesUid,
        modality: header.modality || null,
        description: header.seriesDescription || null,
        series_number: header.seriesNumber,
      })
      .onConflict(['study_id', 'series_instance_uid'])
      .ignore();
    const series = await trx('dicom_series').where({ study_id: studyId, series_instance_uid: header.seriesUid }).first('id');
    const inserted = await trx('dicom_instances')
      .insert({
        account_id: target.accountId,
        study_id: studyId,
        series_id: series.id,
        sop_instance_uid: header.sopUid,
        sop_class_uid: header.sopClassUid || null,
        transfer_syntax_uid: header.transferSyntaxUid,
        instance_number: header.instanceNumber,
        rows: header.rows,
        columns: header.columns,
        number_of_frames: header.frames,
        object_key: key,
        size,
        metadata: JSON.stringify(header.metadata),
      })
      .onConflict(['account_id', 'sop_instance_uid'])
      .ignore()
      .returning('id');
    if (inserted.length === 0) return { header, studyId, duplicate: true };

    await trx('dicom_series')
      .where({ id: series.id })
      .update({ instance_count: trx('dicom_instances').where({ series_id: series.id }).count(), updated_at: trx.fn.now() });
    await trx('studies')
      .where({ id: studyId })
      .update({
        series_count: trx('dicom_series').where({ study_id: studyId }).count(),
        instance_count: trx('dicom_instances').where({ study_id: studyId }).count(),
        modalities: trx.raw(
          `coalesce((SELECT array_agg(DISTINCT modality ORDER BY modality) FROM dicom_series WHERE study_id = ? AND modality IS NOT NULL), '{}')`,
          [studyId],
        ),
        updated_at: trx.fn.now(),
      });
    return { header, studyId, duplicate: false };
  });
}

async function upsertPatient(trx: Knex.Transaction, accountId: string, h: DicomHeader): Promise<string> {
  // Without a PatientID the study's own patient (never merged with another anonymous one).
  const patientId = h.patientId || `SEM-ID-${createHash('sha256').update(h.studyUid).digest('hex').slice(0, 12)}`;
  await trx('patients')
    .insert({
      account_id: accountId,
      patient_id: patientId,
      name: h.patientName || patientId,
      sex: h.patientSex,
      birth_date: h.patientBirthDate,
    })
    .onConflict(['account_id', 'patient_id'])
    .ignore();
  const row = await trx('patients').where({ account_id: accountId, patient_id: patientId }).first('id');
  return row.id as string;
}

async function upsertStudy(trx: Knex.Transaction, target: IngestTarget, h: DicomHeader, patientRef: string): Promise<string> {
  const existing = await trx('studies')
    .where({ account_id: target.accountId, study_instance_uid: h.studyUid })
    .forUpdate()
    .first('id');
  if (existing) return existing.id as string;
  // A new study gets its report, not started (state 0), as every study has one.
  const [laudo] = await trx('laudos')
    .insert({ account_id: target.accountId, institution_id: target.institutionId })
    .returning('id');
  const [study] = await trx('studies')
    .insert({
      account_id: target.accountId,
      institution_id: target.institutionId,
      patient_ref: patientRef,
      study_instance_uid: h.studyUid,
      accession_number: h.accessionNumber || null,
      modalities: h.modality ? [h.modality] : [],
      exam_type: h.studyDescription || null,
      exam_date: h.studyDate,
      referring_physician: h.referringPhysician || null,
      connect_id: target.connectId,
      laudo_id: laudo.id,
    })
    .onConflict(['account_id', 'study_instance_uid'])
    .ignore()
    .returning('id');
  if (study) return study.id as string;
  // Another upload created it meanwhile: drop our report and join theirs.
  await trx('laudos').where({ id: laudo.id }).delete();
  const row = await trx('studies').where({ account_id: target.accountId, study_instance_uid: h.studyUid }).first('id');
  return row.id as string;
}
