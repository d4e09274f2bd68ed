import type { Knex } from 'knex';

/**
 * Draft revisions (issue 23): every saved draft counts up, and a save names the revision it
 * was typed on, so a stale tab is refused instead of overwriting silently. `writer` is the
 * editor instance (one browser tab) that wrote the last revision: after a crash the local
 * copy knows whether the server's newer revisions were its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('study_drafts', (t) => {
    t.integer('revision').notNullable().defaultTo(0);
    t.string('writer', 64);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('study_drafts', (t) => {
    t.dropColumn('revision');
    t.dropColumn('writer');
  });
}
