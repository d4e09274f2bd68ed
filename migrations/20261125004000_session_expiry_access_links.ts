import type { Knex } from 'knex';

/**
 * Issue 13, sessions: idle expiry (each session keeps the idle limit it was opened with and
 * when it was last seen, written at most once a minute), soft-deleted users (their reports and
 * audit trail stay), and single-use access links (`?access=`) exchanged for a session.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** Minutes without a request after which the session ends (EXPIRED_TOKEN); null: no idle limit. */
    t.integer('idle_minutes');
    t.index(['user_id', 'revoked_at']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.schema.createTable('access_links', (t) => {
    t.string('token_hash', 64).primary(); // sha256 hex of the opaque token
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** The session that asked for it: its account becomes the new session's. */
    t.uuid('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.uuid('account_id').references('accounts.id').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('access_links');
  await knex.schema.alterTable('users', (t) => t.dropColumn('deleted_at'));
  await knex.schema.alterTable('sessions', (t) => {
    t.dropIndex(['user_id', 'revoked_at']);
    t.dropColumn('idle_minutes');
    t.dropColumn('last_seen_at');
  });
}
