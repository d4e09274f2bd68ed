import type { Knex } from 'knex';

/**
 * The values of a report's structured form (spec 2 §3 "submitted value": id, fieldId, value),
 * one row per field of the report; the form's rendering becomes the version's content on save.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('structured_report_values', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('laudo_id').notNullable().references('laudos.id').onDelete('CASCADE');
    t.string('field_id', 100).notNullable();
    t.jsonb('value').notNullable();
    t.uuid('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['laudo_id', 'field_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('structured_report_values');
}
