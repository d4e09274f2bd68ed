import type { Knex } from 'knex';

/**
 * Image tokens (issue 12): what an <img> URL or the viewer frame's address carries instead of
 * the session token. Short-lived, read-only, bound to a session and its account; only the
 * hash is kept, and ending the session ends them (the check joins the live session).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('image_tokens', (t) => {
    t.string('token_hash', 64).primary(); // sha256 hex of the opaque token
    t.uuid('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['session_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('image_tokens');
}
