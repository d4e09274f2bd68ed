/**
 * One study, series and instance (with its DICOM JSON header) for each of an account's patients
 * whose PatientID is 'PID<n>', generated inside PostgreSQL: study n is '2.25.<n>', examined
 * n × 7 minutes after 2020-01-01, and its header's name is the patient's 'Given Family' as
 * 'Family^Given'. For QIDO at any scale: bench:qido (1 M) and qido-name-windows.
 */
import type { Knex } from 'knex';
import type { DicomwebCaller } from '../../api/dicomweb/auth';

export async function seedPatientStudies(knex: Knex, accountId: string, institutionId: string, count: number): Promise<void> {
  await knex.raw(
    `WITH l AS (INSERT INTO laudos (account_id, institution_id) SELECT ?, ? FROM generate_series(1, ?) RETURNING id),
     ln AS (SELECT id, row_number() OVER () AS n FROM l),
     pn AS (SELECT id, substr(patient_id, 4)::int AS n FROM patients WHERE account_id = ? AND patient_id ~ '^PID[0-9]+$')
     INSERT INTO studies (account_id, institution_id, patient_ref, study_instance_uid, modalities, exam_date, laudo_id, series_count, instance_count)
     SELECT ?, ?, pn.id, '2.25.' || pn.n, ARRAY['CT'], timestamp '2020-01-01' + pn.n * interval '7 minutes', ln.id, 1, 1
     FROM pn JOIN ln ON ln.n = pn.n`,
    [accountId, institutionId, count, accountId, accountId, institutionId],
  );
  await knex.raw(
    `WITH se AS (
       INSERT INTO dicom_series (account_id, study_id, series_instance_uid, modality, series_number, instance_count)
       SELECT account_id, id, study_instance_uid || '.1', 'CT', 1, 1 FROM studies WHERE account_id = ? RETURNING id, study_id, series_instance_uid
     )
     INSERT INTO dicom_instances (account_id, study_id, series_id, sop_instance_uid, transfer_syntax_uid, object_key, size, metadata)
     SELECT ?, se.study_id, se.id, se.series_instance_uid || '.1', '1.2.840.10008.1.2.1', 'none', 0,
            jsonb_build_object(
              '0020000D', jsonb_build_object('vr', 'UI', 'Value', jsonb_build_array(s.study_instance_uid)),
              '00100020', jsonb_build_object('vr', 'LO', 'Value', jsonb_build_array(p.patient_id)),
              '00100010', jsonb_build_object('vr', 'PN', 'Value', jsonb_build_array(jsonb_build_object(
                'Alphabetic', split_part(p.name, ' ', 2) || '^' || split_part(p.name, ' ', 1)))))
     FROM se JOIN studies s ON s.id = se.study_id JOIN patients p ON p.id = s.patient_ref`,
    [accountId, accountId],
  );
}

/** A DICOMweb caller reaching one institution of the account, as a service token would (no user, no grants). */
export const institutionCaller = (accountId: string, institutionId: string): DicomwebCaller => ({
  accountId,
  institutionIds: [institutionId],
  userId: null,
  grantedStudyIds: [],
  connect: null,
  uploadInstitutionIds: [],
});
