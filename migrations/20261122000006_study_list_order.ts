import type { Knex } from 'knex';

/**
 * The study list's order key: the exam date, or when the modality sent none, the date the
 * study arrived. Stored and indexed with the id, so a page is a keyset range read however
 * long the list is.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE studies ADD COLUMN sort_at timestamptz GENERATED ALWAYS AS (coalesce(exam_date, received_at)) STORED',
  );
  await knex.raw('CREATE INDEX studies_list_order ON studies (account_id, sort_at DESC, id DESC)');
  await knex.raw('CREATE INDEX studies_list_state ON studies (account_id, laudo_state, sort_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS studies_list_state');
  await knex.raw('DROP INDEX IF EXISTS studies_list_order');
  await knex.raw('ALTER TABLE studies DROP COLUMN sort_at');
}
