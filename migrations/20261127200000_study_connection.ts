import type { Knex } from 'knex';

/**
 * Issue 16: a study remembers the Connect connection it came through (spec 1's connectionId),
 * whose DICOM tag mapping ingest applied. Deleting the connection keeps the study.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('studies', (t) => {
    t.uuid('connection_id').references('connect_connections.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('studies', (t) => {
    t.dropColumn('connection_id');
  });
}
