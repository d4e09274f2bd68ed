import type { Knex } from 'knex';

/**
 * Study attachments (spec 2 §3): the account's attachment types with their allowed
 * extensions, the files of each study, and short-lived download links (one random token,
 * stored hashed, per download) that any file the platform hands out can use.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  await knex.schema.createTable('attachment_types', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('title', 100).notNullable();
    t.specificType('extensions_allowed', 'text[]').notNullable();
    t.unique(['account_id', 'title']);
    t.unique(['account_id', 'id']);
  });
  await knex.schema.createTable('study_attachments', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('attachment_type_id').notNullable();
    t.string('filename', 255).notNullable();
    t.integer('size_in_bytes').notNullable();
    t.string('content_type', 100).notNullable();
    t.string('preview_type', 10).notNullable(); // PDF | IMAGE
    t.string('object_key', 512).notNullable();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'attachment_type_id']).references(['account_id', 'id']).inTable('attachment_types');
    t.index(['study_id', 'created_at']);
  });
  await knex.schema.createTable('download_links', (t) => {
    t.string('token_hash', 64).primary();
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('object_key', 512).notNullable();
    t.string('filename', 255).notNullable();
    t.string('content_type', 100).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('download_links');
  await knex.schema.dropTable('study_attachments');
  await knex.schema.dropTable('attachment_types');
}
