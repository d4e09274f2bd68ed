/**
 * The study header edit (spec 1 §7 `/studies/{id}/update-data`, spec 2 §2–§5): read the
 * header, save an edit as a header-edit request applied at once (patient and study rows,
 * clinical data, live document), and its history. Every read and change is audited.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../domain/errors';
import {
  CLINICAL_TYPES,
  type ClinicalType,
  HEADER_APPLY_LIMIT_MS,
  HEADER_PERMISSIONS,
  type HeaderFields,
  type HeaderHistoryEntry,
  type StudyHeader,
  type UpdateDataResponse,
  checkHeaderDates,
  mergeHeader,
} from '../../../domain/studies/header';
import type { LivePublisher } from '../../../live/publisher';
import { publishStudyDocuments } from '../../../live/study-documents';
import { type Access, actorFor } from '../../access/access';
import { audit } from '../../access/audit';
import type { Exam } from '../study-queries';

interface HeaderRow {
  patient_ref: string;
  name: string;
  patient_id: string;
  birth_date: string | null;
  sex: 'M' | 'F' | 'O' | null;
  social_name: string | null;
  responsible_person: string | null;
  species: string | null;
  breed: string | null;
  is_castrated: boolean | null;
  patient_age: string | null;
  patient_weight: string | null;
  patient_height: string | null;
  referring_physician: string | null;
  operator_name: string | null;
  health_plan: string | null;
  accession_number: string | null;
  exam_type: string | null;
  modalities: string[];
  exam_date: Date | null;
  institution_name: string | null;
  is_for_human: boolean | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** May the caller save the header? Any one of the three permissions (spec 2 §6); ROOT passes. */
export function canSaveHeader(access: Access, exam: Exam): boolean {
  const actor = actorFor(access, exam.institutionId);
  return actor.superRole || HEADER_PERMISSIONS.some((p) => actor.permissions.includes(p));
}

async function loadHeader(knex: Knex, exam: Exam): Promise<{ header: StudyHeader; patientRef: string; veterinary: boolean }> {
  const r = (await knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .join('accounts as a', 'a.id', 's.account_id')
    .leftJoin('institutions as i', 'i.id', 's.institution_id')
    .where('s.id', exam.id)
    .first(
      's.patient_ref',
      'p.name',
      'p.patient_id',
      knex.raw(`to_char(p.birth_date, 'YYYY-MM-DD') as birth_date`),
      'p.sex',
      'p.social_name',
      'p.responsible_person',
      'p.species',
      'p.breed',
      'p.is_castrated',
      's.patient_age',
      's.patient_weight',
      's.patient_height',
      's.referring_physician',
      's.operator_name',
      's.health_plan',
      's.accession_number',
      's.exam_type',
      's.modalities',
      's.exam_date',
      'i.name as institution_name',
      'a.is_for_human',
    )) as HeaderRow | undefined;
  if (!r) throw new AppError('NOT_FOUND');
  const clinical: { type_data: ClinicalType; clinical_data: string }[] = await knex('study_clinical_data')
    .where({ study_id: exam.id })
    .select('type_data', 'clinical_data');
  const clinicalOf = (type: ClinicalType) => clinical.find((c) => c.type_data === type)?.clinical_data ?? null;
  return {
    patientRef: r.patient_ref,
    veterinary: r.is_for_human === false,
    header: {
      patientName: r.name,
      patientId: r.patient_id,
      patientBirthDate: r.birth_date,
      patientAge: r.patient_age,
      patientSex: r.sex,
      socialName: r.social_name,
      patientResponsiblePerson: r.responsible_person,
      patientSpecies: r.species,
      patientBreed: r.breed,
      isCastrated: r.is_castrated,
      patientWeight: num(r.patient_weight),
      patientHeight: num(r.patient_height),
      referringPhysicianName: r.referring_physician,
      operatorName: r.operator_name,
      healthPlan: r.health_plan,
      accessionNumber: r.accession_number,
      examType: r.exam_type,
      mainModality: r.modalities[0] ?? null,
      institutionName: r.institution_name,
      dicomCreatedAt: r.exam_date ? new Date(r.exam_date).toISOString() : null,
      indicacaoExame: clinicalOf('indicacao_exame'),
      historiaClinica: clinicalOf('historia_clinica'),
    },
  };
}

/** A 'created' request older than the spec's 5 minutes was never applied (a crashed api): failed. */
async function expireStaleEdits(knex: Knex, studyId: string): Promise<void> {
  await knex('study_header_edits')
    .where({ study_id: studyId, status: 'created' })
    .where('created_at', '<', new Date(Date.now() - HEADER_APPLY_LIMIT_MS))
    .update({ status: 'failed' });
}

async function editInProgress(knex: Knex, studyId: string): Promise<boolean> {
  await expireStaleEdits(knex, studyId);
  return Boolean(await knex('study_header_edits').where({ study_id: studyId, status: 'created' }).first('id'));
}

/** GET update-data: the header, whether an edit is being applied, whether the caller may save. */
export async function readUpdateData(knex: Knex, access: Access, exam: Exam, ip: string): Promise<UpdateDataResponse> {
  const { header, veterinary } = await loadHeader(knex, exam);
  const inProgress = await editInProgress(knex, exam.id);
  await audit(knex, access, 'study.header.read', exam.id, ip, {});
  return { header, editInProgress: inProgress, canSave: canSaveHeader(access, exam), veterinary };
}

const isUniqueViolation = (e: unknown, constraint?: string) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23505' &&
  (!constraint || (e as { constraint?: string }).constraint === constraint);

/** The header fields that changed, before and after (what the history and the audit keep). */
function changes(before: StudyHeader, after: StudyHeader) {
  const keys = (Object.keys(after) as (keyof StudyHeader)[]).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Saves a header edit: recorded as a request 'created' (a second one while it exists is
 * HEADER_EDIT_IN_PROGRESS), applied in one transaction, then the study's live document is
 * republished so open editors and lists show the new header.
 */
export async function updateHeader(
  deps: { knex: Knex; publisher: LivePublisher },
  access: Access,
  exam: Exam,
  edit: HeaderFields,
  ip: string,
): Promise<UpdateDataResponse> {
  const { knex } = deps;
  if (!canSaveHeader(access, exam)) throw new AppError('HEADER_FORBIDDEN');
  // Refused edits leave no request behind: the rules are checked before one is recorded…
  const preview = await loadHeader(knex, exam);
  const dateProblem = checkHeaderDates(mergeHeader(preview.header, edit, preview.veterinary), new Date());
  if (dateProblem) throw new AppError(dateProblem);

  await expireStaleEdits(knex, exam.id);
  let editId: string;
  try {
    const [row] = await knex('study_header_edits')
      .insert({
        account_id: access.accountId,
        study_id: exam.id,
        user_id: access.userId,
        user_name: access.userName,
        status: 'created',
        before: {},
      })
      .returning('id');
    editId = (row as { id: string }).id;
  } catch (e) {
    if (isUniqueViolation(e, 'study_header_edits_one_created')) throw new AppError('HEADER_EDIT_IN_PROGRESS');
    throw e;
  }

  let patientRef: string;
  try {
    await inTransaction(knex, async (trx) => {
      // …and again on the header read while this request is the one in progress, so an edit
      // applied meanwhile is merged with, not overwritten by stale values.
      const current = await loadHeader(trx, exam);
      patientRef = current.patientRef;
      const next = mergeHeader(current.header, edit, current.veterinary);
      const problem = checkHeaderDates(next, new Date());
      if (problem) throw new AppError(problem);
      const diff = changes(current.header, next);
      await trx('patients').where({ id: current.patientRef, account_id: access.accountId }).update({
        name: next.patientName,
        patient_id: next.patientId,
        birth_date: next.patientBirthDate,
        sex: next.patientSex,
        social_name: next.socialName,
        responsible_person: next.patientResponsiblePerson,
        species: next.patientSpecies,
        breed: next.patientBreed,
        is_castrated: next.isCastrated,
        updated_at: trx.fn.now(),
      });
      await trx('studies').where({ id: exam.id, account_id: access.accountId }).update({
        patient_age: next.patientAge,
        patient_weight: next.patientWeight,
        patient_height: next.patientHeight,
        referring_physician: next.referringPhysicianName,
        operator_name: next.operatorName,
        health_plan: next.healthPlan,
        accession_number: next.accessionNumber,
        exam_type: next.examType,
        exam_date: next.dicomCreatedAt,
        header_updated_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
      for (const type of CLINICAL_TYPES) {
        const value = type === 'indicacao_exame' ? next.indicacaoExame : next.historiaClinica;
        // Clinical data is never blank (spec 3 §5): blank removes it.
        if (value && value.trim())
          await trx('study_clinical_data')
            .insert({ study_id: exam.id, account_id: access.accountId, type_data: type, clinical_data: value })
            .onConflict(['study_id', 'type_data'])
            .merge({ clinical_data: value, updated_at: trx.fn.now() });
        else await trx('study_clinical_data').where({ study_id: exam.id, type_data: type }).delete();
      }
      await trx('study_header_edits')
        .where({ id: editId })
        .update({ status: 'applied', before: diff.before, after: diff.after, applied_at: trx.fn.now() });
      await audit(trx, access, 'study.header.update', exam.id, ip, { editId, ...diff });
    });
  } catch (e) {
    await knex('study_header_edits').where({ id: editId, status: 'created' }).update({ status: 'failed' });
    if (isUniqueViolation(e)) throw new AppError('HEADER_PATIENT_ID_TAKEN');
    throw e;
  }

  // The patient's other studies show the new patient data too.
  const studyIds: string[] = await knex('studies')
    .where({ account_id: access.accountId, patient_ref: patientRef! })
    .limit(200)
    .pluck('id');
  await publishStudyDocuments(knex, deps.publisher, [exam.id, ...studyIds]);
  const saved = await loadHeader(knex, exam);
  return { header: saved.header, editInProgress: false, canSave: true, veterinary: saved.veterinary };
}

/** The applied header edits of a study, newest first. */
export async function headerHistory(knex: Knex, access: Access, exam: Exam, ip: string): Promise<HeaderHistoryEntry[]> {
  const rows: {
    id: string;
    user_id: string;
    user_name: string;
    created_at: Date;
    applied_at: Date | null;
    before: Record<string, unknown>;
    after: Record<string, unknown> | null;
  }[] = await knex('study_header_edits')
    .where({ account_id: access.accountId, study_id: exam.id, status: 'applied' })
    .orderBy('created_at', 'desc')
    .select('id', 'user_id', 'user_name', 'created_at', 'applied_at', 'before', 'after');
  await audit(knex, access, 'study.header.history.read', exam.id, ip, {});
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userName: r.user_name,
    createdAt: new Date(r.created_at).toISOString(),
    appliedAt: r.applied_at ? new Date(r.applied_at).toISOString() : null,
    before: r.before,
    after: r.after ?? {},
  }));
}

/** GET /studies/clinical-data: the study's exam indication and clinical history. */
export async function clinicalData(knex: Knex, exam: Exam) {
  const rows: { type_data: ClinicalType; clinical_data: string }[] = await knex('study_clinical_data')
    .where({ study_id: exam.id })
    .orderBy('type_data', 'desc')
    .select('type_data', 'clinical_data');
  return rows.map((r) => ({ typeData: r.type_data, clinicalData: r.clinical_data }));
}
