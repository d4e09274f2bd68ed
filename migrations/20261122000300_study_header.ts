import type { Knex } from 'knex';

/**
 * Study header edit (spec 2 §2–§5): the header fields the DICOM ingest does not fill, the
 * header-edit requests (status 'created' while one is applied; at most one per study) kept
 * as the edit history, and the study's clinical data (exam indication, clinical history).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('patients', (t) => {
    t.string('social_name', 200);
    t.string('responsible_person', 200);
    t.boolean('is_castrated');
  });
  await knex.schema.alterTable('studies', (t) => {
    t.string('patient_age', 40);
    t.decimal('patient_weight', 5, 1);
    t.decimal('patient_height', 5, 1);
    t.string('operator_name', 200);
    t.string('health_plan', 200);
    // When the header was last edited: the live document carries it so clients refetch.
    t.timestamp('header_updated_at', { useTz: true });
  });

  await knex.schema.createTable('study_header_edits', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id');
    t.string('user_name', 200).notNullable();
    t.string('status', 10).notNullable().defaultTo('created');
    t.jsonb('before').notNullable();
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('applied_at', { useTz: true });
    t.index(['study_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE study_header_edits ADD CONSTRAINT study_header_edits_status_valid CHECK (status IN ('created', 'applied', 'failed'))",
  );
  // One edit in progress per study: a second insert fails, whatever the race.
  await knex.raw("CREATE UNIQUE INDEX study_header_edits_one_created ON study_header_edits (study_id) WHERE status = 'created'");

  await knex.schema.createTable('study_clinical_data', (t) => {
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('type_data', 20).notNullable();
    t.text('clinical_data').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['study_id', 'type_data']);
  });
  await knex.raw(
    "ALTER TABLE study_clinical_data ADD CONSTRAINT study_clinical_data_type_valid CHECK (type_data IN ('indicacao_exame', 'historia_clinica'))",
  );
  await knex.raw(
    'ALTER TABLE study_clinical_data ADD CONSTRAINT study_clinical_data_not_blank CHECK (length(btrim(clinical_data)) > 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('study_clinical_data');
  await knex.schema.dropTableIfExists('study_header_edits');
  await knex.schema.alterTable('studies', (t) => {
    for (const c of ['patient_age', 'patient_weight', 'patient_height', 'operator_name', 'health_plan', 'header_updated_at'])
      t.dropColumn(c);
  });
  await knex.schema.alterTable('patients', (t) => {
    for (const c of ['social_name', 'responsible_person', 'is_castrated']) t.dropColumn(c);
  });
}
