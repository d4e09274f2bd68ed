import type { Knex } from 'knex';

/**
 * Report images (spec 2 §2 'Selecionar Imagens', §3 report image selection): the images chosen
 * for a version of a report — instances of the study in their order, then external jpg/png
 * files — the external files uploaded for the laudo, and the one-time upload tokens of the
 * `external-images/{count}` url + fields flow (stored hashed, bound to account and laudo).
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  // One row per saved selection: an empty selection ('Pular') is a saved choice too.
  await knex.schema.createTable('laudo_image_selections', (t) => {
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('laudo_id').notNullable().references('laudos.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.uuid('saved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['laudo_id', 'version']);
  });
  await knex.schema.createTable('laudo_external_images', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('laudo_id').notNullable().references('laudos.id').onDelete('CASCADE');
    t.string('filename', 200).notNullable();
    t.string('content_type', 50).notNullable();
    t.integer('size_in_bytes').notNullable();
    t.string('object_key', 512).notNullable();
    t.uuid('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // One row per name: a file sent again under a name only the current version uses replaces
    // it; a name an earlier version uses gets a new one ("name (2).ext"), so that version keeps its PDF.
    t.unique(['laudo_id', 'filename']);
  });
  await knex.schema.createTable('laudo_image_items', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('laudo_id').notNullable();
    t.integer('version').notNullable();
    t.integer('position').notNullable();
    t.string('kind', 10).notNullable(); // INSTANCE | EXTERNAL
    t.string('sop_instance_uid', 64);
    t.integer('frame');
    t.string('external_filename', 200);
    t.foreign(['laudo_id', 'version']).references(['laudo_id', 'version']).inTable('laudo_image_selections').onDelete('CASCADE');
    t.unique(['laudo_id', 'version', 'kind', 'position']);
  });
  await knex.schema.createTable('laudo_image_upload_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('laudo_id').notNullable().references('laudos.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('upload_id', 36).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('laudo_image_upload_tokens');
  await knex.schema.dropTable('laudo_image_items');
  await knex.schema.dropTable('laudo_external_images');
  await knex.schema.dropTable('laudo_image_selections');
}
