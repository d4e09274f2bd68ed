import type { Knex } from 'knex';

/**
 * Issue 16: when a study (re)entered the lists other than by its images settling — recovered
 * from invalidation, split back out of a merge, created by a duplicate or a patient split. The
 * live document's arrivedAt is the later of this and stable_at, so every open list shows it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('studies', (t) => {
    t.timestamp('listed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('studies', (t) => {
    t.dropColumn('listed_at');
  });
}
