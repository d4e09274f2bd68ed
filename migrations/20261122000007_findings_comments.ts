import type { Knex } from 'knex';

/**
 * Critical findings and suspicions, and study comments (spec 2 §3–§6). A study carries at
 * most one suspicion or finding at a time; comments keep who has read them.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));

  // The account's catalogue of critical findings ("Nível 1 - Pneumotórax hipertensivo").
  await knex.schema.createTable('account_critical_findings', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('level_and_name', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'level_and_name']);
    t.unique(['account_id', 'id']);
  });

  await knex.schema.createTable('study_critical_findings', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().unique().references('studies.id').onDelete('CASCADE');
    t.uuid('account_critical_finding_id').notNullable();
    t.string('observation', 255).notNullable().defaultTo('');
    t.boolean('in_the_report').notNullable().defaultTo(false);
    t.string('status', 20).notNullable();
    t.uuid('user_created_suspicion_id').references('users.id').onDelete('SET NULL');
    t.uuid('user_created_finding_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'account_critical_finding_id'])
      .references(['account_id', 'id'])
      .inTable('account_critical_findings');
  });
  await knex.raw(`ALTER TABLE study_critical_findings ADD CONSTRAINT study_critical_findings_status
    CHECK (status IN ('SUSPICION_CREATED', 'SUSPICION_ACCEPTED', 'FINDING_CREATED'))`);

  await knex.schema.createTable('study_comments', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('comment', 250).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['study_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE study_comments ADD CONSTRAINT study_comments_length
    CHECK (char_length(comment) BETWEEN 1 AND 250)`);

  await knex.schema.createTable('study_comment_reads', (t) => {
    t.uuid('comment_id').notNullable().references('study_comments.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['comment_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('study_comment_reads');
  await knex.schema.dropTable('study_comments');
  await knex.schema.dropTable('study_critical_findings');
  await knex.schema.dropTable('account_critical_findings');
}
