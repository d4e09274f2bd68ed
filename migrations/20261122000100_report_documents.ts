import type { Knex } from 'knex';

/**
 * Report documents (issue 6): the A1 certificates doctors upload (encrypted at rest) and the
 * signed PDF of each report version, found by its public verification code.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_certificates', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // AES-256-GCM of the PKCS#12 bytes: iv (12) | tag (16) | ciphertext.
    t.binary('sealed_p12').notNullable();
    t.string('subject', 500).notNullable();
    t.string('issuer', 500).notNullable();
    t.string('serial', 100).notNullable();
    t.timestamp('not_before', { useTz: true }).notNullable();
    t.timestamp('not_after', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('laudo_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable();
    t.uuid('laudo_id').notNullable();
    t.integer('version').notNullable();
    t.string('storage_key', 512).notNullable();
    t.string('sha256', 64).notNullable();
    t.string('verification_code', 32).notNullable().unique();
    t.uuid('signer_user_id').references('users.id');
    t.string('signer_name', 200).notNullable();
    t.string('certificate_subject', 500).notNullable();
    t.timestamp('signed_at', { useTz: true }).notNullable();
    t.foreign(['account_id', 'laudo_id']).references(['account_id', 'id']).inTable('laudos').onDelete('CASCADE');
    // One signed document per version: a reopen makes a new version, the old one keeps its PDF.
    t.unique(['laudo_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('laudo_documents');
  await knex.schema.dropTable('user_certificates');
}
