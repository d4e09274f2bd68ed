import type { Knex } from 'knex';

/**
 * Imaging (issue 5): the Connect agents that upload for an institution, and the DICOM
 * index under a study — series and instances — with the counts and description on studies.
 * Instances are unique per account by SOPInstanceUID: sending one twice stores it once.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  const stamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.createTable('connects', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('institution_id').notNullable();
    t.string('name', 200).notNullable();
    t.string('ae_title', 16);
    t.string('key_hash', 64).notNullable().unique(); // sha256 hex of the secret key
    t.boolean('active').notNullable().defaultTo(true);
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    stamps(t);
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
  });

  await knex.schema.alterTable('studies', (t) => {
    t.integer('series_count').notNullable().defaultTo(0);
    t.integer('instance_count').notNullable().defaultTo(0);
    t.string('referring_physician', 200);
    t.uuid('connect_id').references('connects.id').onDelete('SET NULL');
    // When the ingest workflow last saw the study stable (thumbnails made, list notified).
    t.timestamp('stable_at', { useTz: true });
  });

  await knex.schema.createTable('dicom_series', (t) => {
    id(t);
    t.uuid('account_id').notNullable();
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.string('series_instance_uid', 64).notNullable();
    t.string('modality', 16);
    t.string('description', 200);
    t.integer('series_number');
    t.integer('instance_count').notNullable().defaultTo(0);
    t.string('thumbnail_key', 512);
    // The instance count the thumbnail was made for: a grown series gets a new one.
    t.integer('thumbnail_count').notNullable().defaultTo(0);
    stamps(t);
    t.unique(['study_id', 'series_instance_uid']);
    t.index(['account_id', 'series_instance_uid']);
  });

  await knex.schema.createTable('dicom_instances', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.uuid('series_id').notNullable().references('dicom_series.id').onDelete('CASCADE');
    t.string('sop_instance_uid', 64).notNullable();
    t.string('sop_class_uid', 64);
    t.string('transfer_syntax_uid', 64).notNullable();
    t.integer('instance_number');
    t.integer('rows');
    t.integer('columns');
    t.integer('number_of_frames').notNullable().defaultTo(1);
    t.string('object_key', 512).notNullable();
    t.bigInteger('size').notNullable();
    // The header as PS3.18 DICOM JSON without pixel data (WADO metadata, QIDO, tags).
    t.jsonb('metadata').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'sop_instance_uid']);
    t.index(['series_id', 'instance_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dicom_instances');
  await knex.schema.dropTableIfExists('dicom_series');
  await knex.schema.alterTable('studies', (t) => {
    for (const c of ['series_count', 'instance_count', 'referring_physician', 'connect_id', 'stable_at']) t.dropColumn(c);
  });
  await knex.schema.dropTableIfExists('connects');
}
