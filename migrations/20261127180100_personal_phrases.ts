import type { Knex } from 'knex';

/**
 * Issue 16, standard phrases per account and per user: a phrase with a user is that user's
 * own (only they see, expand and change it). A code is unique among the account's phrases,
 * and among each user's own; the API also refuses a user's code the account already uses.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('phrases', (t) => {
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
  });
  await knex.raw('ALTER TABLE phrases DROP CONSTRAINT phrases_account_code_unique');
  await knex.raw('CREATE UNIQUE INDEX phrases_account_code_unique ON phrases (account_id, code) WHERE user_id IS NULL');
  await knex.raw('CREATE UNIQUE INDEX phrases_user_code_unique ON phrases (account_id, user_id, code) WHERE user_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex('phrases').whereNotNull('user_id').delete();
  await knex.raw('DROP INDEX phrases_user_code_unique');
  await knex.raw('DROP INDEX phrases_account_code_unique');
  await knex.raw('ALTER TABLE phrases ADD CONSTRAINT phrases_account_code_unique UNIQUE (account_id, code)');
  await knex.schema.alterTable('phrases', (t) => {
    t.dropColumn('user_id');
  });
}
