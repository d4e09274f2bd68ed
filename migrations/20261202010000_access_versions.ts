import type { Knex } from 'knex';

/**
 * A caller's access is kept per account version (ADR 041), and was keyed by the list version —
 * which every report action bumps (a study's report state is on the list). In a reading room
 * the kept access then lasted until the next action anywhere in the account: each request read
 * it again. The access version changes only with what loadAccess reads (api/access/access.ts):
 * account links, roles, their shift schedules and institutions, study grants, the account's
 * institutions and its time zone — written by administrators, rarely (ADR 052).
 *
 * - Deferred constraint triggers, once per account per transaction, as the list version's
 *   (migration 20261129050000): every writer is covered, and a bulk write bumps once.
 * - Values from the list version's sequence: never reused, so a version seen once never comes
 *   back with other access behind it.
 * - One row per account (no shards): these tables are written rarely, never by ingest or reports.
 */
const ACCESS_TABLES = ['user_accounts', 'user_institution_roles', 'roles', 'shift_schedules', 'study_access_grants'] as const;

const BUMP_FN = `
  CREATE FUNCTION access_version_bump(account uuid) RETURNS void AS $$
  DECLARE flag text := 'laudos.access_' || replace(account::text, '-', '');
  BEGIN
    IF account IS NULL OR current_setting(flag, true) = '1' THEN RETURN; END IF;
    PERFORM set_config(flag, '1', true);
    IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = account) THEN RETURN; END IF;
    INSERT INTO access_versions (account_id, version) VALUES (account, nextval('list_version_seq'))
    ON CONFLICT (account_id) DO UPDATE SET version = EXCLUDED.version;
  END; $$ LANGUAGE plpgsql`;

/** Tables with an account_id column (both sides of an update that moved the row). */
const ROW_FN = `
  CREATE FUNCTION access_changed() RETURNS trigger AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM access_version_bump(OLD.account_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM access_version_bump(NEW.account_id); END IF;
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

/** The account row itself (its time zone places shift schedules). */
const ACCOUNT_FN = `
  CREATE FUNCTION access_account_changed() RETURNS trigger AS $$
  BEGIN
    PERFORM access_version_bump(NEW.id);
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

const trigger = (table: string, fn: string, events: string, when = '', name = 'access_version') => `
  CREATE CONSTRAINT TRIGGER ${name} AFTER ${events} ON ${table}
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${when} EXECUTE FUNCTION ${fn}()`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE access_versions (
      account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      version bigint NOT NULL
    )`);
  for (const fn of [BUMP_FN, ROW_FN, ACCOUNT_FN]) await knex.raw(fn);
  for (const table of ACCESS_TABLES) await knex.raw(trigger(table, 'access_changed', 'INSERT OR UPDATE OR DELETE'));
  // An institution reaches an administrator's (or an all-institutions role's) access when it is
  // created, removed or moved; a new name or logo does not change who reaches what.
  await knex.raw(trigger('institutions', 'access_changed', 'INSERT OR DELETE'));
  await knex.raw(
    trigger(
      'institutions',
      'access_changed',
      'UPDATE',
      'WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id)',
      'access_version_update',
    ),
  );
  await knex.raw(trigger('accounts', 'access_account_changed', 'UPDATE', 'WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)'));
  await knex.raw(`INSERT INTO access_versions (account_id, version) SELECT id, nextval('list_version_seq') FROM accounts`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...ACCESS_TABLES, 'institutions', 'accounts']) {
    await knex.raw(`DROP TRIGGER IF EXISTS access_version ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS access_version_update ON ${table}`);
  }
  for (const fn of ['access_changed()', 'access_account_changed()', 'access_version_bump(uuid)'])
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}`);
  await knex.raw('DROP TABLE IF EXISTS access_versions');
}
