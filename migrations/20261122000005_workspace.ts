import type { Knex } from 'knex';

/**
 * The doctor's workspace (issue 4): standard phrases, masks (templates), study labels and
 * the client error reports. Every table carries account_id; masks of an institution carry
 * institution_id with the composite tenancy key.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  const stamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.createTable('phrases', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('code', 6).notNullable(); // stored upper case
    t.string('title', 200).notNullable();
    t.text('phrase').notNullable();
    t.specificType('exams', 'text[]').notNullable().defaultTo('{}');
    t.specificType('modalities', 'text[]').notNullable().defaultTo('{}');
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    stamps(t);
    t.unique(['account_id', 'code'], { indexName: 'phrases_account_code_unique' });
  });
  await knex.raw(`
    ALTER TABLE phrases
      ADD CONSTRAINT phrases_code_valid CHECK (char_length(code) BETWEEN 1 AND 6 AND code = upper(code)),
      ADD CONSTRAINT phrases_title_valid CHECK (char_length(title) >= 3),
      ADD CONSTRAINT phrases_phrase_valid CHECK (char_length(phrase) BETWEEN 3 AND 4000)`);

  await knex.schema.createTable('masks', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('scope', 12).notNullable(); // user | institution | modality | exam
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.uuid('institution_id');
    t.string('modality', 16).notNullable();
    t.string('exam_type', 200);
    t.string('title', 200).notNullable();
    t.text('content').notNullable().defaultTo('');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    stamps(t);
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
    t.index(['account_id', 'scope', 'modality']);
  });
  await knex.raw(`
    ALTER TABLE masks ADD CONSTRAINT masks_scope_valid CHECK (
      (scope = 'user' AND user_id IS NOT NULL AND institution_id IS NULL AND exam_type IS NULL) OR
      (scope = 'institution' AND institution_id IS NOT NULL AND user_id IS NULL AND exam_type IS NULL) OR
      (scope = 'modality' AND user_id IS NULL AND institution_id IS NULL AND exam_type IS NULL) OR
      (scope = 'exam' AND exam_type IS NOT NULL AND user_id IS NULL AND institution_id IS NULL))`);
  await knex.raw(`ALTER TABLE masks ADD CONSTRAINT masks_title_modality CHECK (title <> '' AND modality <> '')`);
  // At most one default per section and modality (and user, institution or exam).
  await knex.raw(
    `CREATE UNIQUE INDEX masks_default_user ON masks (account_id, user_id, modality) WHERE is_default AND scope = 'user'`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX masks_default_institution ON masks (account_id, institution_id, modality) WHERE is_default AND scope = 'institution'`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX masks_default_modality ON masks (account_id, modality) WHERE is_default AND scope = 'modality'`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX masks_default_exam ON masks (account_id, modality, lower(exam_type)) WHERE is_default AND scope = 'exam'`,
  );

  await knex.schema.createTable('labels', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'id']);
  });
  await knex.raw('CREATE UNIQUE INDEX labels_account_name_lower ON labels (account_id, lower(name))');

  await knex.schema.createTable('study_labels', (t) => {
    t.uuid('account_id').notNullable();
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('label_id').notNullable();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['study_id', 'label_id']);
    t.foreign(['account_id', 'label_id']).references(['account_id', 'id']).inTable('labels').onDelete('CASCADE');
    t.index(['account_id', 'label_id']);
  });

  await knex.schema.createTable('error_reports', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('account_id').references('accounts.id').onDelete('SET NULL');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('sub_type', 100).notNullable();
    t.jsonb('content').notNullable(); // at most 16 KB serialised (checked by the api)
    t.string('user_agent', 300);
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['error_reports', 'study_labels', 'labels', 'masks', 'phrases']) {
    await knex.schema.dropTableIfExists(table);
  }
}
