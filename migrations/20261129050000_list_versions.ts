import type { Knex } from 'knex';

/**
 * The worklist's answer cache (ADR 040) is checked against one number per account: the list
 * version, changed by the commit of any transaction that wrote a row the list shows or the
 * access it is scoped by. Triggers keep it, so every writer — api, worker, migration, psql —
 * is covered without announcing itself.
 *
 * - Deferred constraint triggers: the version row is written at commit, so writers of one
 *   account hold its lock for the commit alone, not for their whole transaction.
 * - Once per account per transaction (a transaction-local setting): a bulk write of 1,000 rows
 *   bumps once.
 * - The new value comes from a sequence, never reused (not even after a truncate), so a version
 *   seen once never comes back with other data behind it.
 * - An account deleted in the same transaction is skipped, so nothing is left behind for it.
 */
export const LIST_TABLES = [
  'studies',
  'patients',
  'institutions',
  'laudos',
  'routines',
  'labels',
  'study_labels',
  'study_critical_findings',
  'account_critical_findings',
  'study_comments',
  'user_accounts',
  'user_institution_roles',
  'roles',
  'shift_schedules',
  'study_access_grants',
] as const;

const BUMP_FN = `
  CREATE FUNCTION list_version_bump(account uuid) RETURNS void AS $$
  DECLARE flag text := 'laudos.list_' || replace(account::text, '-', '');
  BEGIN
    IF account IS NULL OR current_setting(flag, true) = '1' THEN RETURN; END IF;
    PERFORM set_config(flag, '1', true);
    IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = account) THEN RETURN; END IF;
    INSERT INTO list_versions (account_id, version) VALUES (account, nextval('list_version_seq'))
    ON CONFLICT (account_id) DO UPDATE SET version = EXCLUDED.version;
  END; $$ LANGUAGE plpgsql`;

/** Tables with an account_id column (both sides of an update that moved the row). */
const ROW_FN = `
  CREATE FUNCTION list_changed() RETURNS trigger AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM list_version_bump(OLD.account_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM list_version_bump(NEW.account_id); END IF;
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

/** The account row itself (its time zone places shift schedules). */
const ACCOUNT_FN = `
  CREATE FUNCTION list_account_changed() RETURNS trigger AS $$
  BEGIN
    PERFORM list_version_bump(NEW.id);
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

/** A comment read: its comment's account (the unread badge is per user). */
const COMMENT_READ_FN = `
  CREATE FUNCTION list_comment_read_changed() RETURNS trigger AS $$
  DECLARE read_of uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.comment_id ELSE NEW.comment_id END;
  BEGIN
    PERFORM list_version_bump((SELECT account_id FROM study_comments WHERE id = read_of));
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

/** A user's name (the list shows who holds a report) in every account of the user. */
const USER_NAME_FN = `
  CREATE FUNCTION list_user_renamed() RETURNS trigger AS $$
  DECLARE account uuid;
  BEGIN
    FOR account IN SELECT account_id FROM user_accounts WHERE user_id = NEW.id LOOP
      PERFORM list_version_bump(account);
    END LOOP;
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

const trigger = (table: string, fn: string, events = 'INSERT OR UPDATE OR DELETE', when = '') => `
  CREATE CONSTRAINT TRIGGER list_version AFTER ${events} ON ${table}
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${when} EXECUTE FUNCTION ${fn}()`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE list_version_seq');
  await knex.raw(`
    CREATE TABLE list_versions (
      account_id uuid PRIMARY KEY,
      version bigint NOT NULL
    )`);
  for (const fn of [BUMP_FN, ROW_FN, ACCOUNT_FN, COMMENT_READ_FN, USER_NAME_FN]) await knex.raw(fn);
  for (const table of LIST_TABLES) await knex.raw(trigger(table, 'list_changed'));
  await knex.raw(trigger('accounts', 'list_account_changed', 'UPDATE'));
  await knex.raw(trigger('study_comment_reads', 'list_comment_read_changed'));
  await knex.raw(trigger('users', 'list_user_renamed', 'UPDATE OF name', 'WHEN (OLD.name IS DISTINCT FROM NEW.name)'));
  await knex.raw(`INSERT INTO list_versions (account_id, version) SELECT id, nextval('list_version_seq') FROM accounts`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...LIST_TABLES, 'accounts', 'study_comment_reads', 'users']) {
    await knex.raw(`DROP TRIGGER IF EXISTS list_version ON ${table}`);
  }
  for (const fn of ['list_changed', 'list_account_changed', 'list_comment_read_changed', 'list_user_renamed']) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS list_version_bump(uuid)');
  await knex.raw('DROP TABLE IF EXISTS list_versions');
  await knex.raw('DROP SEQUENCE IF EXISTS list_version_seq');
}
