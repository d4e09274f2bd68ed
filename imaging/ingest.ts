/**
 * Stores one received DICOM file and indexes it: original bytes to object storage (keyed by
 * SOPInstanceUID), then patient, study (with its report in state 0), series and instance
 * rows in one transaction. Idempotent by SOPInstanceUID within the account.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';
import { routineOnArrival } from '../db/routine-on-arrival';
import type { TagMapping } from '../domain/connect/connect-admin';
import type { ObjectStorage } from '../storage/object-storage';
import { type DicomHeader, readDicomFile } from './dicom-header';
import { DicomInputError } from './failures';
import { applyTagMapping } from './tag-mapping';

/** Where an upload lands: the Connect's institution, or the one the uploading user chose. */
export interface IngestTarget {
  accountId: string;
  institutionId: string;
  connectId: string | null;
  userId: string | null;
  /** The Connect's connection the study came through (its default one) and its tag mapping. */
  connectionId?: string | null;
  tagMapping?: readonly TagMapping[];
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
    .whereNull('copy_of')
    .first('study_id');
  if (known) return { header, studyId: known.study_id, duplicate: true };

  // Bytes first: a row never points at a missing object. A concurrent duplicate writes the
  // same bytes under the same key, and only one row wins below.
  const key = instanceKey(target.accountId, header);
  await storage.put(key, createReadStream(file), { contentType: 'application/dicom' });

  return indexInstance(knex, target, header, key, size);
}

/**
 * The rows of one stored instance, in one transaction: get-or-create patient, study and
 * series in one statement each, counters incremented in one (each round trip is a few ms
 * under load). A concurrent duplicate inserts nothing and answers `duplicate`.
 */
export async function indexInstance(
  knex: Knex,
  target: IngestTarget,
  received: DicomHeader,
  key: string,
  size: number,
): Promise<Ingested> {
  const header = applyTagMapping(received, target.tagMapping);
  return knex.transaction(async (trx) => {
    const { studyId, patientRef } = await studyOf(trx, target, header);
    const seriesId = await upsertSeries(trx, target.accountId, studyId, header, patientRef);
    const inserted = await trx('dicom_instances')
      .insert(instanceRow(target, header, studyId, seriesId, key, size))
      .onConflict(originals(trx))
      .ignore()
      .returning('id');
    if (inserted.length === 0) return { header, studyId, duplicate: true };
    await addCounts(trx, studyId, new Map([[seriesId, 1]]));
    return { header, studyId, duplicate: false };
  });
}

/**
 * The arbiter of an instance insert: originals are unique per account (a duplicate study's
 * copies are not), so the partial index's predicate is named.
 */
export const originals = (trx: Knex.Transaction) => trx.raw('(account_id, sop_instance_uid) WHERE copy_of IS NULL');

export function instanceRow(
  target: IngestTarget,
  header: DicomHeader,
  studyId: string,
  seriesId: string,
  key: string,
  size: number,
): Record<string, unknown> {
  return {
    account_id: target.accountId,
    study_id: studyId,
    series_id: seriesId,
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
  };
}

/** The series row (its patient: the one of the instance that created it, for a split). */
export function upsertSeries(
  trx: Knex.Transaction,
  accountId: string,
  studyId: string,
  header: DicomHeader,
  patientRef: string,
): Promise<string> {
  return getOrInsert(
    trx,
    'dicom_series',
    {
      account_id: accountId,
      study_id: studyId,
      series_instance_uid: header.seriesUid,
      modality: header.modality || null,
      description: header.seriesDescription || null,
      series_number: header.seriesNumber,
      patient_ref: patientRef,
    },
    ['study_id', 'series_instance_uid'],
  );
}

/**
 * Adds `added` instances per series of one study, and the study's totals, in one statement —
 * which also records, in the same transaction, that the study's ingest workflow is owed a
 * signal (the outbox row of ingest-signal-outbox.ts, decision 027).
 */
export async function addCounts(trx: Knex.Transaction, studyId: string, added: Map<string, number>): Promise<void> {
  const series = [...added];
  const total = series.reduce((n, [, k]) => n + k, 0);
  await trx.raw(
    `WITH se AS (
       UPDATE dicom_series s SET instance_count = s.instance_count + v.n, updated_at = now()
       FROM (VALUES ${series.map(() => '(?::uuid, ?::int)').join(', ')}) AS v(id, n) WHERE s.id = v.id RETURNING s.id),
     owed AS (
       INSERT INTO study_ingest_signals (study_id, account_id, study_instance_uid, instances)
       SELECT id, account_id, study_instance_uid, ? FROM studies WHERE id = ?
       ON CONFLICT (study_id) DO UPDATE SET instances = study_ingest_signals.instances + excluded.instances,
         version = study_ingest_signals.version + 1, updated_at = now())
     UPDATE studies SET
       instance_count = instance_count + ?,
       series_count = (SELECT count(*) FROM dicom_series WHERE study_id = ?),
       modalities = coalesce((SELECT array_agg(DISTINCT modality ORDER BY modality) FROM dicom_series WHERE study_id = ? AND modality IS NOT NULL), '{}'),
       updated_at = now()
     WHERE id = ? AND EXISTS (SELECT 1 FROM se)`,
    [...series.flat(), total, studyId, total, studyId, studyId, studyId],
  );
}

/** The id of the row with these unique values, inserting it when missing — one statement, no lock. */
async function getOrInsert(
  trx: Knex.Transaction,
  table: string,
  row: Record<string, unknown>,
  unique: string[],
): Promise<string> {
  const insert = trx(table).insert(row).onConflict(unique).ignore().returning('id').toSQL().toNative();
  const where = unique.map((c) => `${c} = ?`).join(' AND ');
  const { rows } = await trx.raw(
    `WITH ins AS (${insert.sql.replace(/\$(\d+)/g, '?')}) SELECT id FROM ins UNION ALL SELECT id FROM ${table} WHERE ${where} LIMIT 1`,
    [...insert.bindings, ...unique.map((c) => row[c] as Knex.Value)],
  );
  const found = (rows as { id: string }[])[0];
  if (found) return found.id;
  // A concurrent upload inserted it while this statement waited: its snapshot cannot see
  // that row, a new statement can.
  const existing = await trx(table)
    .where(Object.fromEntries(unique.map((c) => [c, row[c] as Knex.Value])))
    .first('id');
  return existing.id as string;
}

/** Without a PatientID the study's own patient (never merged with another anonymous one). */
function patientIdOf(h: DicomHeader): string {
  return h.patientId || `SEM-ID-${createHash('sha256').update(h.studyUid).digest('hex').slice(0, 12)}`;
}

async function upsertPatient(trx: Knex.Transaction, accountId: string, h: DicomHeader): Promise<string> {
  const patientId = patientIdOf(h);
  return getOrInsert(
    trx,
    'patients',
    {
      account_id: accountId,
      patient_id: patientId,
      name: h.patientName || patientId,
      sex: h.patientSex,
      birth_date: h.patientBirthDate,
    },
    ['account_id', 'patient_id'],
  );
}

/**
 * The instance's study and patient. A new study is created with its patient (got or created)
 * and its report; an instance of a known study whose patient is not the study's is recorded as
 * divergent, and so is a new study with another's patient and accession number.
 */
export async function studyOf(
  trx: Knex.Transaction,
  target: IngestTarget,
  h: DicomHeader,
): Promise<{ studyId: string; patientRef: string }> {
  const existing = await trx('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .where({ 's.account_id': target.accountId, 's.study_instance_uid': h.studyUid })
    .first('s.id', 's.patient_ref', 'p.patient_id');
  // The common case, one more instance of the same patient's study: one round trip.
  if (existing && existing.patient_id === patientIdOf(h)) return { studyId: existing.id, patientRef: existing.patient_ref };
  const patientRef = await upsertPatient(trx, target.accountId, h);
  const { id, created } = existing
    ? { id: existing.id as string, created: false }
    : await createStudy(trx, target, h, patientRef);
  await recordDivergence(trx, target, { studyId: id, created, patientRef, accessionNumber: h.accessionNumber });
  return { studyId: id, patientRef };
}

async function createStudy(
  trx: Knex.Transaction,
  target: IngestTarget,
  h: DicomHeader,
  patientRef: string,
): Promise<{ id: string; created: boolean }> {
  // A new study gets its report, not started (state 0), as every study has one.
  const [laudo] = await trx('laudos')
    .insert({ account_id: target.accountId, institution_id: target.institutionId })
    .returning('id');
  const modalities = h.modality ? [h.modality] : [];
  // Its time routine by the account's rules (institution / modality / exam), else the default.
  const routineId = await routineOnArrival(trx, target.accountId, {
    institutionId: target.institutionId,
    modalities,
    examType: h.studyDescription || null,
  });
  const [study] = await trx('studies')
    .insert({
      account_id: target.accountId,
      institution_id: target.institutionId,
      patient_ref: patientRef,
      study_instance_uid: h.studyUid,
      accession_number: h.accessionNumber || null,
      modalities,
      exam_type: h.studyDescription || null,
      routine_id: routineId,
      exam_date: h.studyDate,
      referring_physician: h.referringPhysician || null,
      connect_id: target.connectId,
      connection_id: target.connectionId ?? null,
      laudo_id: laudo.id,
    })
    .onConflict(['account_id', 'study_instance_uid'])
    .ignore()
    .returning('id');
  if (study) return { id: study.id as string, created: true };
  // Another upload created it meanwhile: drop our report and join theirs.
  await trx('laudos').where({ id: laudo.id }).delete();
  const row = await trx('studies').where({ account_id: target.accountId, study_instance_uid: h.studyUid }).first('id');
  return { id: row.id as string, created: false };
}

/**
 * Divergent studies (issue 16), recorded once each for the 'divergent studies' screen:
 * an instance whose patient is not its study's (one StudyInstanceUID, two patients), and a new
 * study with the patient and accession number of another (one exam sent as two studies).
 */
async function recordDivergence(
  trx: Knex.Transaction,
  target: IngestTarget,
  s: { studyId: string; created: boolean; patientRef: string; accessionNumber: string },
): Promise<void> {
  const study = await trx('studies').where({ id: s.studyId }).first('patient_ref', 'institution_id');
  if (study.patient_ref !== s.patientRef) {
    await trx.raw(
      `INSERT INTO divergent_studies (account_id, institution_id, kind, study_id, other_patient_ref)
       VALUES (?, ?, 'PATIENT', ?, ?) ON CONFLICT DO NOTHING`,
      [target.accountId, study.institution_id, s.studyId, s.patientRef],
    );
    return;
  }
  if (!s.created || !s.accessionNumber) return;
  const twin = await trx('studies')
    .where({ account_id: target.accountId, patient_ref: s.patientRef, accession_number: s.accessionNumber })
    .whereNot('id', s.studyId)
    .whereNull('merged_into_id')
    .orderBy('received_at')
    .first('id');
  if (!twin) return;
  await trx.raw(
    `INSERT INTO divergent_studies (account_id, institution_id, kind, study_id, other_study_id)
     VALUES (?, ?, 'ACCESSION', ?, ?) ON CONFLICT DO NOTHING`,
    [target.accountId, study.institution_id, twin.id, s.studyId],
  );
}
