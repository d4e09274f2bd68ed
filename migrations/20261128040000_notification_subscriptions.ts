import type { Knex } from 'knex';

/**
 * Issue 18, notification subscriptions (spec 3: 'type, events, institution, user, active';
 * 'active only after e-mail confirmation'; ADR 032). A subscription is pending until the user
 * opens the single-use link mailed to them (only the token's hash is stored), then active until
 * cancelled. One live (not cancelled) subscription per user, institution and type.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('institution_id').notNullable();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 16).notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.string('token_hash', 64);
    t.timestamp('token_expires_at', { useTz: true });
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('canceled_at', { useTz: true });
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The institution is the account's own (the composite key institutions carry for this).
    t.foreign(['account_id', 'institution_id']).references(['account_id', 'id']).inTable('institutions').onDelete('CASCADE');
    t.index(['account_id', 'created_at', 'id']);
  });
  await knex.raw(
    `ALTER TABLE notification_subscriptions ADD CONSTRAINT notification_subscriptions_type CHECK (type IN ('email'))`,
  );
  await knex.raw(
    `ALTER TABLE notification_subscriptions ADD CONSTRAINT notification_subscriptions_events CHECK (cardinality(events) > 0)`,
  );
  await knex.raw(
    'CREATE UNIQUE INDEX notification_subscriptions_token ON notification_subscriptions (token_hash) WHERE token_hash IS NOT NULL',
  );
  await knex.raw(
    `CREATE UNIQUE INDEX notification_subscriptions_live ON notification_subscriptions (account_id, institution_id, user_id, type)
      WHERE canceled_at IS NULL`,
  );
  // The sweep reads the active ones of a study's institution.
  await knex.raw(
    `CREATE INDEX notification_subscriptions_active ON notification_subscriptions (institution_id)
      WHERE confirmed_at IS NOT NULL AND canceled_at IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_subscriptions');
}
