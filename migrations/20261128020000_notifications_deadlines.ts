import type { Knex } from 'knex';

/**
 * Issue 18, deadlines and the notification centre (ADR 028). `study_deadline_alerts` holds one
 * row per study and crossing (alert point reached, deadline passed): its primary key is what
 * makes a crossing raise exactly one alert however often the sweep runs or the worker restarts.
 * `notifications` is a user's in-app inbox inside one account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_deadline_alerts', (t) => {
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    // The deadline the crossing was measured against (a routine edited later moves it).
    t.timestamp('deadline_at', { useTz: true }).notNullable();
    t.timestamp('raised_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['study_id', 'kind']);
  });
  await knex.raw(`ALTER TABLE study_deadline_alerts ADD CONSTRAINT study_deadline_alerts_kind CHECK (kind IN ('alert','overdue'))`);

  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 40).notNullable();
    t.uuid('study_id').references('studies.id').onDelete('CASCADE');
    // What the list shows without a join (patient, exam, deadline), frozen when raised.
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('read_at', { useTz: true });
    t.index(['user_id', 'account_id', 'created_at', 'id']);
  });
  await knex.raw('CREATE INDEX notifications_unread ON notifications (user_id, account_id) WHERE read_at IS NULL');
  // The sweep and the overdue list read unfinished studies with a routine by arrival.
  await knex.raw(
    'CREATE INDEX studies_open_with_routine ON studies (received_at) WHERE routine_id IS NOT NULL AND laudo_state NOT IN (3, 20, 21)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS studies_open_with_routine');
  await knex.schema.dropTable('notifications');
  await knex.schema.dropTable('study_deadline_alerts');
}
