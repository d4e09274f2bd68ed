import type { Knex } from 'knex';

/**
 * An institution's logo (spec 3 §3: JPG or PNG, up to 2 MB), shown in its report PDFs'
 * header. Kept in the database beside the institution: it is small, read with the report
 * data in one query, and goes with the institution when it is deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('institution_logos', (t) => {
    t.uuid('institution_id').primary();
    t.uuid('account_id').notNullable();
    t.string('mime', 20).notNullable();
    t.binary('bytes').notNullable();
    t.uuid('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('institution_logos');
}
