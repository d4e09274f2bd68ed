/**
 * Merging and splitting divergent studies (issue 16, decision 022). Only where the images
 * belong changes: series (and their instances) move between study rows; each study keeps its
 * own report — the laudo, its versions and its workflow are never touched — so a merge then a
 * split gives back both studies exactly as they were, every instance in one of them.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { type DivergenceAction, type DivergenceStatus, divergenceActionAllowed } from '../../domain/studies/maintenance';

export interface DivergenceRow {
  id: string;
  account_id: string;
  institution_id: string | null;
  kind: 'PATIENT' | 'ACCESSION';
  study_id: string;
  other_study_id: string | null;
  other_patient_ref: string | null;
  status: DivergenceStatus;
  moved_series: string[];
}

export interface DivergenceOutcome {
  status: DivergenceStatus;
  /** Studies whose images changed (for the audit and the live list). */
  studyIds: string[];
  movedSeries: number;
  movedInstances: number;
}

/** Instance and series counts and modalities of a study, from its rows. */
async function recount(trx: Knex.Transaction, studyId: string): Promise<void> {
  await trx.raw(
    `UPDATE studies SET
       instance_count = (SELECT count(*) FROM dicom_instances WHERE study_id = :id),
       series_count = (SELECT count(*) FROM dicom_series WHERE study_id = :id),
       modalities = coalesce((SELECT array_agg(DISTINCT modality ORDER BY modality) FROM dicom_series
         WHERE study_id = :id AND modality IS NOT NULL), '{}'),
       updated_at = now()
     WHERE id = :id`,
    { id: studyId },
  );
}

/** Moves series (with their instances) to another study: the number of instances moved. */
async function moveSeries(trx: Knex.Transaction, seriesIds: string[], toStudyId: string): Promise<number> {
  if (seriesIds.length === 0) return 0;
  // Two series with one SeriesInstanceUID cannot live in one study: such a pair is not merged.
  const clash = await trx('dicom_series as a')
    .join('dicom_series as b', 'b.series_instance_uid', 'a.series_instance_uid')
    .whereIn('a.id', seriesIds)
    .where('b.study_id', toStudyId)
    .first('a.id');
  if (clash) throw new AppError('DIVERGENCE_ACTION_NOT_ALLOWED');
  await trx('dicom_series').whereIn('id', seriesIds).update({ study_id: toStudyId, updated_at: trx.fn.now() });
  return trx('dicom_instances').whereIn('series_id', seriesIds).update({ study_id: toStudyId });
}

/** A DICOM UID under the UUID root (2.25): the separated study's own StudyInstanceUID. */
export function uuidUid(): string {
  return `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`).toString()}`;
}

/**
 * The second patient's series of a one-UID-two-patients study, moved to a new study of their
 * own with its own report (state 0), as ingest would have made it.
 */
async function separatePatient(trx: Knex.Transaction, d: DivergenceRow): Promise<{ otherStudyId: string; series: string[] }> {
  const series: string[] = (
    await trx('dicom_series').where({ study_id: d.study_id, patient_ref: d.other_patient_ref }).select('id')
  ).map((r: { id: string }) => r.id);
  if (series.length === 0) throw new AppError('DIVERGENCE_ACTION_NOT_ALLOWED');
  const source = await trx('studies').where({ id: d.study_id }).first();
  const [laudo] = await trx('laudos').insert({ account_id: d.account_id, institution_id: source.institution_id }).returning('id');
  const [created] = await trx('studies')
    .insert({
      account_id: d.account_id,
      institution_id: source.institution_id,
      patient_ref: d.other_patient_ref,
      study_instance_uid: uuidUid(),
      accession_number: source.accession_number,
      exam_type: source.exam_type,
      exam_date: source.exam_date,
      received_at: source.received_at,
      referring_physician: source.referring_physician,
      connect_id: source.connect_id,
      routine_id: source.routine_id,
      laudo_id: laudo.id,
      listed_at: trx.fn.now(),
    })
    .returning('id');
  return { otherStudyId: created.id as string, series };
}

/**
 * Runs `action` on one divergence of the account (the caller checked access and permission).
 * Locks the record and both studies so two coordinators cannot merge and split at once.
 */
export async function resolveDivergence(
  knex: Knex,
  accountId: string,
  divergenceId: string,
  action: DivergenceAction,
  userId: string,
): Promise<DivergenceOutcome> {
  return inTransaction(knex, async (trx) => {
    const d = (await trx('divergent_studies').where({ id: divergenceId, account_id: accountId }).forUpdate().first()) as
      DivergenceRow | undefined;
    if (!d) throw new AppError('NOT_FOUND');
    if (!divergenceActionAllowed(d.status, action)) throw new AppError('DIVERGENCE_ACTION_NOT_ALLOWED');
    await trx('studies')
      .whereIn(
        'id',
        [d.study_id, d.other_study_id].filter((x): x is string => x !== null),
      )
      .forUpdate()
      .select('id');

    let status: DivergenceStatus;
    let moved: string[] = [];
    let instances = 0;
    let otherStudyId = d.other_study_id;
    if (action === 'merge') {
      status = 'MERGED';
      if (d.other_study_id) {
        moved = (await trx('dicom_series').where({ study_id: d.other_study_id }).select('id')).map((r: { id: string }) => r.id);
        instances = await moveSeries(trx, moved, d.study_id);
        await trx('studies').where({ id: d.other_study_id }).update({ merged_into_id: d.study_id, updated_at: trx.fn.now() });
      }
      // One UID with two patients, merged: the images stay together under the study's patient.
    } else {
      status = 'SEPARATED';
      if (d.other_study_id) {
        instances = await moveSeries(trx, d.moved_series, d.other_study_id);
        moved = d.moved_series;
        await trx('studies')
          .where({ id: d.other_study_id })
          .update({ merged_into_id: null, listed_at: trx.fn.now(), updated_at: trx.fn.now() });
      } else {
        const separated = await separatePatient(trx, d);
        otherStudyId = separated.otherStudyId;
        moved = separated.series;
        instances = await moveSeries(trx, moved, separated.otherStudyId);
      }
    }
    const studyIds = [d.study_id, otherStudyId].filter((x): x is string => x !== null);
    for (const id of studyIds) await recount(trx, id);
    await trx('divergent_studies')
      .where({ id: d.id })
      .update({
        status,
        other_study_id: otherStudyId,
        // What a later split gives back: the series this merge moved (none after a split).
        moved_series: action === 'merge' ? moved : [],
        resolved_by: userId,
        resolved_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    return { status, studyIds, movedSeries: moved.length, movedInstances: instances };
  });
}
