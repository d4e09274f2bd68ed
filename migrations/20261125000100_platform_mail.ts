import type { Knex } from 'knex';

/**
 * The outbox also carries the platform's own mail to a user (issue 13: e-mail verification,
 * password reset, lockout, expired password, two-factor code, invitation). Such a message may
 * belong to no account (a sign-up before any), so account_id becomes optional; `kind` says
 * which mail it is and `to_user_id` whom it is for.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.uuid('account_id').nullable().alter();
    t.string('kind', 40).notNullable().defaultTo('share');
    t.uuid('to_user_id').references('users.id').onDelete('CASCADE');
    t.index(['to_user_id', 'kind', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('mail_outbox').whereNull('account_id').delete();
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropIndex(['to_user_id', 'kind', 'created_at']);
    t.dropColumn('to_user_id');
    t.dropColumn('kind');
    t.uuid('account_id').notNullable().alter();
  });
}
