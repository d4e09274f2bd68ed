import type { Knex } from 'knex';

/**
 * Issue 16, Connect management: a Connect's DICOM settings (ports for Store, Worklist and
 * Query Retrieve, folders, intervals in seconds, DICOM retention in days); its keys in a
 * table of their own so one can be rotated or revoked without touching the agent's row (only
 * the sha256 of a key is kept; the key is answered once); and its connections, each with a
 * DICOM tag mapping, exactly one of them the default. Existing Connects keep their key and
 * get a default connection.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('connects', (t) => {
    t.integer('store_port');
    t.integer('worklist_port');
    t.integer('query_retrieve_port');
    t.string('import_folder', 500);
    t.string('download_folder', 500);
    t.integer('upload_interval_seconds').notNullable().defaultTo(10);
    t.integer('poll_interval_seconds').notNullable().defaultTo(30);
    t.integer('retention_days').notNullable().defaultTo(7);
    t.unique(['account_id', 'id']);
  });

  await knex.schema.createTable('connect_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable();
    t.uuid('connect_id').notNullable();
    t.string('key_hash', 64).notNullable().unique(); // sha256 hex of the secret key
    // The key's last characters, so an operator can tell which key an agent holds.
    t.string('hint', 8).notNullable();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.foreign(['account_id', 'connect_id']).references(['account_id', 'id']).inTable('connects').onDelete('CASCADE');
    t.index(['connect_id']);
  });
  await knex.raw(
    `INSERT INTO connect_keys (account_id, connect_id, key_hash, hint, created_by, created_at)
     SELECT account_id, id, key_hash, '', created_by, created_at FROM connects`,
  );
  await knex.schema.alterTable('connects', (t) => {
    t.dropColumn('key_hash');
  });

  await knex.schema.createTable('connect_connections', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable();
    t.uuid('connect_id').notNullable();
    t.string('name', 100).notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    // [{ tag: 'GGGG,EEEE', field: 'patientId' | … }]: which DICOM tag fills which study field.
    t.jsonb('tag_mapping').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'connect_id']).references(['account_id', 'id']).inTable('connects').onDelete('CASCADE');
    t.unique(['connect_id', 'name']);
  });
  await knex.raw('CREATE UNIQUE INDEX connect_connections_one_default ON connect_connections (connect_id) WHERE is_default');
  await knex.raw(
    `INSERT INTO connect_connections (account_id, connect_id, name, is_default)
     SELECT account_id, id, 'Padrão', true FROM connects`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('connect_connections');
  await knex.schema.alterTable('connects', (t) => {
    t.string('key_hash', 64);
  });
  await knex.raw(
    `UPDATE connects c SET key_hash = (SELECT k.key_hash FROM connect_keys k WHERE k.connect_id = c.id
       AND k.revoked_at IS NULL ORDER BY k.created_at DESC LIMIT 1)`,
  );
  await knex.raw(`UPDATE connects SET key_hash = md5(id::text) || md5(id::text) WHERE key_hash IS NULL`);
  await knex.schema.alterTable('connects', (t) => {
    t.string('key_hash', 64).notNullable().alter();
    t.unique(['key_hash']);
  });
  await knex.schema.dropTable('connect_keys');
  await knex.schema.alterTable('connects', (t) => {
    t.dropUnique(['account_id', 'id']);
    for (const c of [
      'store_port',
      'worklist_port',
      'query_retrieve_port',
      'import_folder',
      'download_folder',
      'upload_interval_seconds',
      'poll_interval_seconds',
      'retention_days',
    ])
      t.dropColumn(c);
  });
}
