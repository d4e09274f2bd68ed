import type { Knex } from 'knex';

/**
 * Issue 14, users by account: the user's seniority (the orchestrator distributes by it), a
 * password change an administrator demanded (the next login answers PASSWORD_EXPIRED with the
 * reset mail, whatever the account's expiry), and, per account, a bar from personal filters
 * (the study list's saved filters are refused while it holds).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('seniority', 8);
    t.boolean('password_change_required').notNullable().defaultTo(false);
  });
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_seniority_check CHECK (seniority IS NULL OR seniority IN ('resident', 'mid', 'senior'))`,
  );
  await knex.schema.alterTable('user_accounts', (t) => {
    t.boolean('barred_personal_filters').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_accounts', (t) => t.dropColumn('barred_personal_filters'));
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_seniority_check');
  await knex.schema.alterTable('users', (t) => t.dropColumns('seniority', 'password_change_required'));
}
