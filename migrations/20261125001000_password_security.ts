import type { Knex } from 'knex';

/**
 * Passwords and lockout (issue 13): when each password was set (expiry, PASSWORD_EXPIRY_DAYS),
 * the earlier ones as argon2id hashes (no reuse, PASSWORD_HISTORY), single-use reset tokens
 * (stored hashed, 1 h), and failed logins for names that match no user, so an unknown name
 * locks exactly like a known one (no enumeration through USER_BLOCKED).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('password_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('password_history', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('password_hash', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    /** Why it was sent: forgot password, lockout or expired password (the mail's kind). */
    t.string('reason', 40).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('login_failures', (t) => {
    /** sha256 of the lower-cased name typed (never the name itself: it may be a mistyped e-mail). */
    t.string('login_hash', 64).primary();
    t.integer('failed').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_failures');
  await knex.schema.dropTable('password_reset_tokens');
  await knex.schema.dropTable('password_history');
  await knex.schema.alterTable('users', (t) => t.dropColumn('password_changed_at'));
}
