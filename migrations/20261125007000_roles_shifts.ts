import type { Knex } from 'knex';
import { seedDefaultRoles } from '../services/roles/default-roles';

/**
 * Issue 14, roles and access: the account's time zone (shift periods are wall-clock times in
 * it), shift schedules, the role's 'apply to all institutions' flag and optional schedule,
 * medical groups and specialties with their members, and access grants that open single
 * studies to providers and referring physicians. Every existing account gets the default roles.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  const stamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.alterTable('accounts', (t) => {
    t.string('time_zone', 64).notNullable().defaultTo('America/Sao_Paulo');
  });

  await knex.schema.createTable('shift_schedules', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    // [{ weekday 0–6, start 'HH:mm', end 'HH:mm' }], validated by domain/auth/shifts.ts.
    t.jsonb('periods').notNullable();
    stamps(t);
    t.unique(['account_id', 'name']);
    t.unique(['account_id', 'id']);
  });

  await knex.schema.alterTable('roles', (t) => {
    t.boolean('applies_to_all_institutions').notNullable().defaultTo(false);
    t.uuid('schedule_id');
    // The default role this one was created as (its name may change later); null for others.
    t.string('predefined', 40);
    // A schedule in use cannot go: removing it would silently widen the role to all hours.
    t.foreign(['account_id', 'schedule_id']).references(['account_id', 'id']).inTable('shift_schedules').onDelete('RESTRICT');
  });

  for (const [table, member, key] of [
    ['medical_groups', 'user_medical_groups', 'group_id'],
    ['specialties', 'user_specialties', 'specialty_id'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      id(t);
      t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      stamps(t);
      t.unique(['account_id', 'name']);
      t.unique(['account_id', 'id']);
    });
    await knex.schema.createTable(member, (t) => {
      t.uuid('account_id').notNullable();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.uuid(key).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['user_id', key]);
      t.foreign(['account_id', key]).references(['account_id', 'id']).inTable(table).onDelete('CASCADE');
      t.index(['account_id', key]);
    });
  }

  await knex.schema.createTable('study_access_grants', (t) => {
    id(t);
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    // Who the grant is for: the provider or referring physician (council state and number) and
    // the login of the service that asked for it.
    t.string('council_uf', 2);
    t.string('council_number', 20);
    t.string('requester_login', 100);
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'study_id']);
    t.index(['account_id', 'user_id']);
  });

  const accounts: { id: string }[] = await knex('accounts').select('id');
  for (const a of accounts) await seedDefaultRoles(knex, a.id);
}

export async function down(knex: Knex): Promise<void> {
  await knex('roles').whereNotNull('predefined').delete();
  for (const table of ['study_access_grants', 'user_specialties', 'user_medical_groups', 'specialties', 'medical_groups']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('roles', (t) => {
    t.dropForeign(['account_id', 'schedule_id']);
    t.dropColumn('applies_to_all_institutions');
    t.dropColumn('schedule_id');
    t.dropColumn('predefined');
  });
  await knex.schema.dropTableIfExists('shift_schedules');
  await knex.schema.alterTable('accounts', (t) => t.dropColumn('time_zone'));
}
