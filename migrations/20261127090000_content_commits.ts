import type { Knex } from 'knex';

/**
 * Report texts are stored before the Update that carries their id (issue 22): `committed_at`
 * is set by the projection, in the transaction that writes the transition. A text whose
 * Update was refused is deleted at once; one whose outcome was unknown (503) is left for the
 * reaper, which deletes what stays uncommitted past an hour. Texts stored before this
 * migration all count as committed (history is never reaped).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('laudo_contents', (t) => {
    t.timestamp('committed_at', { useTz: true });
  });
  await knex.raw('UPDATE laudo_contents SET committed_at = created_at');
  await knex.raw('CREATE INDEX laudo_contents_uncommitted ON laudo_contents (created_at) WHERE committed_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS laudo_contents_uncommitted');
  await knex.schema.alterTable('laudo_contents', (t) => {
    t.dropColumn('committed_at');
  });
}
