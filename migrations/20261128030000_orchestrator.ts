import type { Knex } from 'knex';

/**
 * Issue 18, the orchestrator: the account's distribution filters (in their order: the first
 * filter with a study's modality takes it), whether the account's distribution is paused, and
 * one decision per study (what the shares are counted from, and what makes the distribution
 * activity idempotent). The default Administrator and Coordinator roles get ORCHESTRATOR_MANAGE.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orchestrator_filters', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.integer('position').notNullable();
    t.specificType('modalities', 'text[]').notNullable();
    // [{ kind: 'user' | 'group', id, percentage }], validated by domain/orchestrator/filters.ts.
    t.jsonb('members').notNullable().defaultTo('[]');
    t.boolean('seniority').notNullable().defaultTo(false);
    t.integer('limit_per_doctor');
    t.boolean('active').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'name']);
    t.unique(['account_id', 'id']);
    t.index(['account_id', 'position']);
  });

  await knex.schema.createTable('orchestrator_accounts', (t) => {
    t.uuid('account_id').primary().references('accounts.id').onDelete('CASCADE');
    t.boolean('paused').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('orchestrator_decisions', (t) => {
    t.bigIncrements('id');
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    // A deleted filter keeps its decisions out of every tally (SET NULL) without losing them.
    t.uuid('filter_id').references('orchestrator_filters.id').onDelete('SET NULL');
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.string('slot', 60);
    t.string('reason', 20).notNullable();
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['study_id']);
    t.index(['filter_id', 'slot']);
  });

  await knex.raw(
    `UPDATE roles SET permissions = array_append(permissions, 'ORCHESTRATOR_MANAGE')
      WHERE predefined IN ('Administrator', 'Coordinator') AND NOT ('ORCHESTRATOR_MANAGE' = ANY(permissions))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE roles SET permissions = array_remove(permissions, 'ORCHESTRATOR_MANAGE')`);
  await knex.schema.dropTableIfExists('orchestrator_decisions');
  await knex.schema.dropTableIfExists('orchestrator_accounts');
  await knex.schema.dropTableIfExists('orchestrator_filters');
}
