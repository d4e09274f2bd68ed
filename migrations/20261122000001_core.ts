import type { Knex } from 'knex';
import { ALL_LAUDO_STATES } from '../domain/laudo/states';

/**
 * Core tables. Every tenant table carries account_id (and institution_id where it applies);
 * audit_log is append-only (a trigger refuses UPDATE and DELETE).
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  const stamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.createTable('accounts', (t) => {
    id(t);
    t.string('name', 200).notNullable();
    t.string('legal_name', 200);
    t.boolean('is_for_human'); // null → brand chosen from the host name
    t.string('custom_viewer_url', 500);
    t.boolean('keep_viewer_config_in_between').notNullable().defaultTo(false);
    t.jsonb('config').notNullable().defaultTo('{}');
    stamps(t);
  });

  await knex.schema.createTable('institutions', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('ae_title', 16);
    stamps(t);
    t.unique(['account_id', 'name']);
    t.unique(['account_id', 'id']); // target of composite tenancy foreign keys
  });

  await knex.schema.createTable('users', (t) => {
    id(t);
    t.string('name', 200).notNullable();
    t.string('username', 30).notNullable();
    t.string('email', 254).notNullable();
    t.string('password_hash', 200).notNullable();
    t.boolean('super_role').notNullable().defaultTo(false);
    t.boolean('is_billing_user').notNullable().defaultTo(false);
    t.boolean('use_two_factor').notNullable().defaultTo(false);
    t.boolean('blocked').notNullable().defaultTo(false);
    t.boolean('blocked_by_admin').notNullable().defaultTo(false);
    t.integer('failed_logins').notNullable().defaultTo(0);
    t.string('personal_key_id', 100);
    t.jsonb('config').notNullable().defaultTo('{}');
    stamps(t);
  });
  await knex.raw('CREATE UNIQUE INDEX users_username_lower ON users (lower(username))');
  await knex.raw('CREATE UNIQUE INDEX users_email_lower ON users (lower(email))');

  await knex.schema.createTable('user_accounts', (t) => {
    id(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.boolean('is_admin').notNullable().defaultTo(false);
    stamps(t);
    t.unique(['user_id', 'account_id']);
  });

  await knex.schema.createTable('roles', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.specificType('permissions', 'text[]').notNullable().defaultTo('{}');
    stamps(t);
    t.unique(['account_id', 'name']);
    t.unique(['account_id', 'id']);
  });

  // Permissions per institution: a user holds roles in given institutions of an account.
  await knex.schema.createTable('user_institution_roles', (t) => {
    id(t);
    t.uuid('account_id').notNullable();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('institution_id').notNullable();
    t.uuid('role_id').notNullable();
    stamps(t);
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
    t.foreign(['account_id', 'role_id']).references(['account_id', 'id']).inTable('roles').onDelete('CASCADE');
    t.unique(['user_id', 'institution_id', 'role_id']);
    t.index(['user_id', 'account_id']);
  });

  await knex.schema.createTable('sessions', (t) => {
    id(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique(); // sha256 hex of the opaque token
    t.uuid('current_account_id').references('accounts.id').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.string('ip', 64);
    t.string('user_agent', 300);
    stamps(t);
  });

  await knex.schema.createTable('patients', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('patient_id', 64).notNullable(); // DICOM PatientID
    t.string('name', 200).notNullable();
    t.string('sex', 1);
    t.date('birth_date');
    t.string('species', 100);
    t.string('breed', 100);
    stamps(t);
    t.unique(['account_id', 'patient_id']);
    t.unique(['account_id', 'id']);
  });

  await knex.schema.createTable('laudos', (t) => {
    id(t);
    t.uuid('account_id').notNullable();
    t.uuid('institution_id').notNullable();
    t.integer('state').notNullable().defaultTo(0);
    t.integer('version').notNullable().defaultTo(0);
    t.uuid('user_id').references('users.id');
    t.string('doctor_name', 200);
    t.uuid('review_user_id').references('users.id');
    t.uuid('opinion_user_id').references('users.id');
    t.uuid('responsible_user_id').references('users.id');
    t.uuid('transcriptionist_user_id').references('users.id');
    t.string('structured_type', 10).notNullable().defaultTo('');
    t.boolean('is_digitally_signed').notNullable().defaultTo(false);
    // Transition number of the laudo workflow: projections write only when it grows.
    t.integer('seq').notNullable().defaultTo(0);
    stamps(t);
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions');
    t.unique(['account_id', 'id']);
  });
  await knex.raw(`ALTER TABLE laudos ADD CONSTRAINT laudos_state_valid CHECK (state IN (${ALL_LAUDO_STATES.join(',')}))`);
  await knex.raw(
    `ALTER TABLE laudos ADD CONSTRAINT laudos_structured_type_valid CHECK (structured_type IN ('', 'OIT', 'SISMAMA'))`,
  );

  await knex.schema.createTable('studies', (t) => {
    id(t);
    t.uuid('account_id').notNullable();
    t.uuid('institution_id').notNullable();
    t.uuid('patient_ref').notNullable();
    t.string('study_instance_uid', 64).notNullable();
    t.string('accession_number', 64);
    t.specificType('modalities', 'text[]').notNullable().defaultTo('{}');
    t.string('exam_type', 200);
    t.timestamp('exam_date', { useTz: true });
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('laudo_id').notNullable();
    // Projection of the laudo for list queries (written with laudos, same transaction).
    t.integer('laudo_state').notNullable().defaultTo(0);
    t.uuid('laudo_user_id').references('users.id');
    t.string('storage_class', 20).notNullable().defaultTo('STANDARD');
    stamps(t);
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions');
    t.foreign(['account_id', 'patient_ref']).references(['account_id', 'id']).inTable('patients');
    t.foreign(['account_id', 'laudo_id']).references(['account_id', 'id']).inTable('laudos');
    t.unique(['account_id', 'study_instance_uid']);
    t.index(['account_id', 'exam_date', 'id']);
    t.index(['laudo_id']);
  });

  await knex.schema.createTable('laudo_versions', (t) => {
    id(t);
    t.uuid('account_id').notNullable();
    t.uuid('laudo_id').notNullable();
    t.integer('version').notNullable();
    t.integer('state').notNullable();
    t.text('content');
    t.uuid('user_id').references('users.id');
    t.uuid('review_user_id').references('users.id');
    t.uuid('opinion_user_id').references('users.id');
    t.uuid('audio_user_id').references('users.id');
    t.jsonb('justification');
    t.boolean('cancelled').notNullable().defaultTo(false);
    stamps(t);
    t.foreign(['account_id', 'laudo_id']).references(['account_id', 'id']).inTable('laudos').onDelete('CASCADE');
    t.unique(['laudo_id', 'version']);
  });

  await knex.schema.createTable('study_drafts', (t) => {
    t.uuid('study_id').primary().references('studies.id').onDelete('CASCADE');
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('institution_id').notNullable();
    t.uuid('connection_id');
    t.text('content');
    t.text('review_content');
    t.jsonb('content_structured_report');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('account_id');
    t.uuid('user_id');
    t.string('action', 100).notNullable();
    t.uuid('study_id');
    t.uuid('laudo_id');
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.string('ip', 64);
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'at']);
    t.index(['study_id']);
  });
  await knex.raw(`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'audit_log',
    'study_drafts',
    'laudo_versions',
    'studies',
    'laudos',
    'patients',
    'sessions',
    'user_institution_roles',
    'roles',
    'user_accounts',
    'users',
    'institutions',
    'accounts',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP FUNCTION IF EXISTS audit_log_append_only');
}
