import type { Knex } from 'knex';

/**
 * Issue 18, the results portal (spec 3 §2, §5): an access code per study, printed on the
 * patient's receipt or sent by e-mail or WhatsApp, kept only as its SHA-256 (one active code per
 * study; a new one revokes the old). A patient who gives the code with the patient ID and birth
 * date gets a short portal session (token stored hashed). WhatsApp sends are counted per account
 * for the free evaluation quota (spec 3 §9).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('result_access_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable().unique();
    t.uuid('created_by').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.integer('failed_attempts').notNullable().defaultTo(0);
  });
  await knex.raw('CREATE UNIQUE INDEX result_access_codes_one_active ON result_access_codes (study_id) WHERE revoked_at IS NULL');

  await knex.schema.createTable('result_portal_sessions', (t) => {
    t.string('token_hash', 64).primary();
    t.uuid('code_id').notNullable().references('result_access_codes.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('whatsapp_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').references('studies.id').onDelete('SET NULL');
    t.string('to', 20).notNullable();
    t.string('status', 10).notNullable();
    t.string('provider_id', 200);
    t.uuid('created_by').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('whatsapp_messages');
  await knex.schema.dropTable('result_portal_sessions');
  await knex.schema.dropTable('result_access_codes');
}
