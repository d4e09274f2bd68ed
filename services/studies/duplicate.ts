/**
 * Duplicating a study (issue 16): a new study of the same patient and exam, with a report of
 * its own (state 0) and a copy of every series and instance row — the copies point at the same
 * stored bytes, so nothing is copied in object storage. The duplicate gets its own
 * StudyInstanceUID (decision 022).
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { uuidUid } from './divergence';

export async function duplicateStudy(
  knex: Knex,
  accountId: string,
  sourceId: string,
): Promise<{ id: string; instances: number }> {
  return inTransaction(knex, async (trx) => {
    const source = await trx('studies').where({ id: sourceId, account_id: accountId }).forShare().first();
    const [laudo] = await trx('laudos').insert({ account_id: accountId, institution_id: source.institution_id }).returning('id');
    const [created] = await trx('studies')
      .insert({
        account_id: accountId,
        institution_id: source.institution_id,
        patient_ref: source.patient_ref,
        study_instance_uid: uuidUid(),
        accession_number: source.accession_number,
        modalities: source.modalities,
        exam_type: source.exam_type,
        exam_date: source.exam_date,
        received_at: source.received_at,
        referring_physician: source.referring_physician,
        connect_id: source.connect_id,
        routine_id: source.routine_id,
        storage_class: source.storage_class,
        series_count: source.series_count,
        instance_count: source.instance_count,
        stable_at: source.stable_at,
        listed_at: trx.fn.now(),
        duplicate_of_id: source.id,
        laudo_id: laudo.id,
      })
      .returning('id');
    const id = created.id as string;
    // Series, then instances under the matching new series, in two statements.
    await trx.raw(
      `INSERT INTO dicom_series (account_id, study_id, series_instance_uid, modality, description, series_number,
         instance_count, thumbnail_key, thumbnail_count, patient_ref)
       SELECT account_id, :id, series_instance_uid, modality, description, series_number,
         instance_count, thumbnail_key, thumbnail_count, patient_ref
       FROM dicom_series WHERE study_id = :source`,
      { id, source: sourceId },
    );
    const { rowCount } = await trx.raw(
      `INSERT INTO dicom_instances (account_id, study_id, series_id, sop_instance_uid, sop_class_uid, transfer_syntax_uid,
         instance_number, rows, columns, number_of_frames, object_key, size, metadata, copy_of)
       SELECT i.account_id, :id, ns.id, i.sop_instance_uid, i.sop_class_uid, i.transfer_syntax_uid,
         i.instance_number, i.rows, i.columns, i.number_of_frames, i.object_key, i.size, i.metadata, coalesce(i.copy_of, i.id)
       FROM dicom_instances i
       JOIN dicom_series os ON os.id = i.series_id
       JOIN dicom_series ns ON ns.study_id = :id AND ns.series_instance_uid = os.series_instance_uid
       WHERE i.study_id = :source`,
      { id, source: sourceId },
    );
    return { id, instances: rowCount ?? 0 };
  });
}
