import type { Knex } from 'knex';

/**
 * Study maintenance (issue 16): exam status, invalidation (with its reason, recoverable), and
 * divergent studies found on ingest — one StudyInstanceUID received with two patients, or one
 * patient and accession number in two studies — with their merge and split (decision 022).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('studies', (t) => {
    t.string('exam_status', 20);
    t.timestamp('invalidated_at', { useTz: true });
    t.uuid('invalidated_by').references('users.id').onDelete('SET NULL');
    t.string('invalidation_reason', 500);
    // A study absorbed by a merge: hidden everywhere until it is split out again.
    t.uuid('merged_into_id').references('studies.id').onDelete('SET NULL');
    // A duplicate (issue 16: 'duplicating a study'): a study of its own with the source's images.
    t.uuid('duplicate_of_id').references('studies.id').onDelete('SET NULL');
  });
  // A duplicate's instance rows are copies pointing at the same stored bytes: a SOPInstanceUID
  // is unique per account among originals (what ingest keys on), and per study always.
  await knex.schema.alterTable('dicom_instances', (t) => {
    t.uuid('copy_of').references('dicom_instances.id').onDelete('CASCADE');
    t.dropUnique(['account_id', 'sop_instance_uid']);
    t.unique(['study_id', 'sop_instance_uid']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX dicom_instances_original_sop ON dicom_instances (account_id, sop_instance_uid) WHERE copy_of IS NULL',
  );
  await knex.raw(
    `ALTER TABLE studies ADD CONSTRAINT studies_exam_status_valid CHECK (exam_status IS NULL OR exam_status IN ('SCHEDULED','IN_PROGRESS','CALL_PATIENT','CANCELED'))`,
  );
  await knex.schema.alterTable('dicom_series', (t) => {
    // The patient the series arrived with: a series of another patient in the same
    // StudyInstanceUID is what a split separates.
    t.uuid('patient_ref').references('patients.id').onDelete('SET NULL');
  });
  await knex.schema.createTable('divergent_studies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('institution_id');
    t.string('kind', 20).notNullable(); // PATIENT (one UID, two patients) | ACCESSION (two studies)
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('other_study_id').references('studies.id').onDelete('CASCADE');
    t.uuid('other_patient_ref').references('patients.id').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('RECEIVED');
    // Series the last merge moved into study_id: exactly what a split gives back.
    t.specificType('moved_series', 'uuid[]').notNullable().defaultTo('{}');
    t.uuid('resolved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('resolved_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'status', 'created_at']);
  });
  await knex.raw(`ALTER TABLE divergent_studies ADD CONSTRAINT divergent_kind_valid CHECK (kind IN ('PATIENT','ACCESSION'))`);
  await knex.raw(
    `ALTER TABLE divergent_studies ADD CONSTRAINT divergent_status_valid CHECK (status IN ('RECEIVED','MERGED','SEPARATED'))`,
  );
  // One open record per pair / per study and foreign patient: ingest records a divergence once.
  await knex.raw(
    `CREATE UNIQUE INDEX divergent_studies_once ON divergent_studies (study_id, coalesce(other_study_id, other_patient_ref))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('divergent_studies');
  await knex('dicom_instances').whereNotNull('copy_of').delete();
  await knex.raw('DROP INDEX dicom_instances_original_sop');
  await knex.schema.alterTable('dicom_instances', (t) => {
    t.dropUnique(['study_id', 'sop_instance_uid']);
    t.dropColumn('copy_of');
    t.unique(['account_id', 'sop_instance_uid']);
  });
  await knex.schema.alterTable('dicom_series', (t) => t.dropColumn('patient_ref'));
  await knex.raw('ALTER TABLE studies DROP CONSTRAINT studies_exam_status_valid');
  await knex.schema.alterTable('studies', (t) => {
    for (const c of [
      'exam_status',
      'invalidated_at',
      'invalidated_by',
      'invalidation_reason',
      'merged_into_id',
      'duplicate_of_id',
    ])
      t.dropColumn(c);
  });
}
