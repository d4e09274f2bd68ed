import type { Knex } from 'knex';

/**
 * Issue 13, sign-up and registration:
 * - users.email_verified_at: when the user proved their address. Users created before (seed,
 *   administrators) count as verified, and so does any insert that does not say otherwise; a
 *   sign-up writes null and its login is refused (EMAIL_NOT_VERIFIED) until the link is opened.
 * - (users.phone_mobile, the mobile given at sign-up, is added by 20261125005000_profile.)
 * - terms_acceptances: who accepted which version of the terms of use, when and from where.
 * - email_verifications: single-use links, only the token's hash kept, with their end.
 * - invitations: an account administrator invites an address; single-use, hashed, expiring,
 *   revocable, scoped to the account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_verified_at', { useTz: true }).defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('terms_acceptances', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('version', 40).notNullable();
    t.timestamp('accepted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('ip', 64);
    t.string('user_agent', 300);
    t.unique(['user_id', 'version']);
  });

  await knex.schema.createTable('email_verifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('invitations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('name', 200);
    /** The invitee reports or signs: the professional council is required to complete. */
    t.boolean('professional').notNullable().defaultTo(false);
    t.uuid('invited_by').references('users.id').onDelete('SET NULL');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true });
    t.uuid('accepted_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invitations');
  await knex.schema.dropTable('email_verifications');
  await knex.schema.dropTable('terms_acceptances');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified_at');
  });
}
