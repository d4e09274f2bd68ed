import type { Knex } from 'knex';

/**
 * Issue 16 (first part), the account's catalogues: modalities (the account's, or one
 * institution's), exams (title and modality, imported from Excel or CSV), and time routines
 * with the rules that give an arriving study its routine. Every account has exactly one
 * default routine: existing accounts get one here and a trigger gives one to every new
 * account, whatever creates it (sign-up, administration, tests), so 'else the default' never
 * finds none.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  const stamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.createTable('modalities', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    // null: the whole account's; else only that institution's.
    t.uuid('institution_id');
    t.string('code', 16).notNullable();
    t.string('description', 200).notNullable().defaultTo('');
    stamps(t);
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
  });
  // One code per account-wide list and per institution (NULL never collides in a plain unique).
  await knex.raw(
    `CREATE UNIQUE INDEX modalities_code_unique ON modalities (account_id, coalesce(institution_id, '00000000-0000-0000-0000-000000000000'::uuid), code)`,
  );

  await knex.schema.createTable('exams', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.string('modality', 16);
    stamps(t);
    t.unique(['account_id', 'id']);
  });
  // A title is the exam's identity for the import (re-importing a file changes nothing).
  await knex.raw('CREATE UNIQUE INDEX exams_title_unique ON exams (account_id, lower(title))');

  await knex.schema.createTable('routines', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.integer('duration_minutes').notNullable();
    t.integer('alert_minutes').notNullable();
    t.integer('weight').notNullable().defaultTo(1);
    t.string('color', 7).notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('show_remaining_time').notNullable().defaultTo(true);
    stamps(t);
    t.unique(['account_id', 'name']);
    t.unique(['account_id', 'id']);
  });
  await knex.raw('CREATE UNIQUE INDEX routines_one_default ON routines (account_id) WHERE is_default');

  await knex.schema.createTable('routine_rules', (t) => {
    id(t);
    t.uuid('account_id').notNullable();
    t.uuid('routine_id').notNullable();
    t.uuid('institution_id');
    t.string('modality', 16);
    t.uuid('exam_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'routine_id']).references(['account_id', 'id']).inTable('routines').onDelete('CASCADE');
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
    t.foreign(['account_id', 'exam_id']).references(['account_id', 'id']).inTable('exams').onDelete('CASCADE');
    t.index(['account_id']);
  });
  await knex.raw(
    `ALTER TABLE routine_rules ADD CONSTRAINT routine_rules_some_criterion CHECK (institution_id IS NOT NULL OR modality IS NOT NULL OR exam_id IS NOT NULL)`,
  );

  await knex.schema.alterTable('studies', (t) => {
    // The routine only: the deadline is derived (arrival + duration) so editing a routine moves it.
    t.uuid('routine_id').references('routines.id').onDelete('SET NULL');
  });

  await knex.raw(`
    CREATE FUNCTION account_default_routine() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO routines (account_id, name, duration_minutes, alert_minutes, weight, color, is_default, show_remaining_time)
      VALUES (NEW.id, 'Padrão', 1440, 120, 1, '#1976d2', true, true);
      RETURN NEW;
    END $$`);
  await knex.raw(
    'CREATE TRIGGER accounts_default_routine AFTER INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION account_default_routine()',
  );
  await knex.raw(`
    INSERT INTO routines (account_id, name, duration_minutes, alert_minutes, weight, color, is_default, show_remaining_time)
    SELECT id, 'Padrão', 1440, 120, 1, '#1976d2', true, true FROM accounts`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS accounts_default_routine ON accounts');
  await knex.raw('DROP FUNCTION IF EXISTS account_default_routine()');
  await knex.schema.alterTable('studies', (t) => t.dropColumn('routine_id'));
  await knex.schema.dropTable('routine_rules');
  await knex.schema.dropTable('routines');
  await knex.schema.dropTable('exams');
  await knex.schema.dropTable('modalities');
}
