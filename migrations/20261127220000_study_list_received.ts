import type { Knex } from 'knex';

/**
 * The study list's 'most recently received' order (issue 17): by arrival and id, indexed so
 * its pages are keyset ranges like the exam-date order's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX studies_list_received ON studies (account_id, received_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS studies_list_received');
}
