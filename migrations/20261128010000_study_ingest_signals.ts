import type { Knex } from 'knex';

/**
 * The ingest workflow's signal outbox (decision 027): a row per study with instances stored
 * whose workflow has not yet been signalled. Written in the transaction that stores the
 * instances, deleted once signal-with-start succeeded, replayed by a sweep after a crash or a
 * Temporal outage — the STOW answer no longer waits for Temporal, and no signal is lost.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_ingest_signals', (t) => {
    t.uuid('study_id').primary().references('studies.id').onDelete('CASCADE');
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('study_instance_uid', 64).notNullable();
    /** Instances stored since the last signal (informative: the workflow counts signals). */
    t.integer('instances').notNullable();
    /** Bumped by every write, so a sender deletes only the row it signalled. */
    t.bigInteger('version').notNullable().defaultTo(1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX study_ingest_signals_age ON study_ingest_signals (updated_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('study_ingest_signals');
}
