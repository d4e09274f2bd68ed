import type { Knex } from 'knex';

/** Key images a doctor marks in the viewer (spec 1 §7 `key-image`): one row per image and frame. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_key_images', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.string('series_instance_uid', 64).notNullable();
    t.string('sop_instance_uid', 64).notNullable();
    t.integer('frame').notNullable().defaultTo(1);
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['study_id', 'sop_instance_uid', 'frame']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('study_key_images');
}
