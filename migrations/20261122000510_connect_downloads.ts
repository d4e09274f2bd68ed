import type { Knex } from 'knex';

/**
 * Downloads through a Connect agent (spec 2 §2, §4, §7): the agent's last contact (its
 * download poll is its heartbeat, so the dialog knows whether it is reachable) and the
 * requests queued for it. The zip itself is the normal downloadWorkflow's (by shortKey).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('connects', (t) => {
    t.timestamp('last_seen_at', { useTz: true });
  });
  await knex.schema.createTable('connect_downloads', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('connect_id').notNullable().references('connects.id').onDelete('CASCADE');
    t.specificType('study_ids', 'uuid[]').notNullable();
    t.string('short_key', 64).notNullable().unique();
    t.string('full_path', 1024).notNullable();
    t.uuid('requested_by').references('users.id').onDelete('SET NULL');
    // queued → ready (zip built) → delivering (agent fetching) → done | failed
    t.string('status', 16).notNullable().defaultTo('queued');
    t.string('object_key', 512);
    t.string('error', 500);
    t.integer('files');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['connect_id', 'status']);
    t.index(['account_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('connect_downloads');
  await knex.schema.alterTable('connects', (t) => {
    t.dropColumn('last_seen_at');
  });
}
