import type { Knex } from 'knex';

/**
 * The worklist's answer cache (ADR 040) is checked against the account's list version: a
 * value changed by the commit of any transaction that wrote what the list shows or the access
 * it is scoped by. Triggers keep it, so every writer — api, worker, migration, psql — is
 * covered without announcing itself.
 *
 * - Deferred constraint triggers: the version is written at commit, so a writer holds it for
 *   the commit alone, not for its whole transaction.
 * - 16 shards per account, one per backend (pid modulo 16): writers of one account on other
 *   connections do not queue on one row (on one row, an ingest's commits ran one by one, each
 *   behind the previous one's WAL flush). The version is all the shards' values read together.
 * - Once per account per transaction (a transaction-local setting): a bulk write of 1,000 rows
 *   bumps once.
 * - Updates of the busy tables bump only when a column the list reads changes: an ingest's
 *   counters and timestamps, a report's texts and snapshot do not.
 * - Every new value comes from a sequence, never reused (not even after a truncate), so a
 *   version seen once never comes back with other data behind it.
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

const LIST_VERSION_SHARDS = 16;

const BUMP_FN = `
  CREATE FUNCTION list_version_bump(account uuid) RETURNS void AS $$
  DECLARE
    flag text := 'laudos.list_' || replace(account::text, '-', '');
    slot smallint := pg_backend_pid() % ${LIST_VERSION_SHARDS};
  BEGIN
    IF account IS NULL OR current_setting(flag, true) = '1' THEN RETURN; END IF;
    PERFORM set_config(flag, '1', true);
    IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = account) THEN RETURN; END IF;
    UPDATE list_versions SET version = nextval('list_version_seq') WHERE account_id = account AND shard = slot;
    IF NOT FOUND THEN
      INSERT INTO list_versions (account_id, shard, version) VALUES (account, slot, nextval('list_version_seq'))
      ON CONFLICT (account_id, shard) DO UPDATE SET version = EXCLUDED.version;
    END IF;
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
    -- In account order, so two renames sharing accounts take their versions in one order.
    FOR account IN SELECT account_id FROM user_accounts WHERE user_id = NEW.id ORDER BY account_id LOOP
      PERFORM list_version_bump(account);
    END LOOP;
    RETURN NULL;
  END; $$ LANGUAGE plpgsql`;

/**
 * The columns of the busy tables whose change the list shows (an update touching only others
 * does not bump): what study-queries.ts selects, filters, orders and scopes by.
 */
const LIST_COLUMNS: Record<string, string[]> = {
  studies: [
    'account_id',
    'institution_id',
    'patient_ref',
    'accession_number',
    'modalities',
    'exam_type',
    'exam_date',
    'received_at',
    'sort_at',
    'laudo_id',
    'laudo_state',
    'laudo_user_id',
    'exam_status',
    'storage_class',
    'routine_id',
    'invalidated_at',
    'merged_into_id',
    'scheduled_at',
  ],
  laudos: ['account_id', 'doctor_name', 'responsible_user_id'],
  patients: ['account_id', 'name', 'patient_id'],
  institutions: ['account_id', 'name'],
};

const changed = (columns: string[]) =>
  `WHEN ((${columns.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `NEW.${c}`).join(', ')}))`;

const trigger = (name: string, table: string, fn: string, events: string, when = '') => `
  CREATE CONSTRAINT TRIGGER ${name} AFTER ${events} ON ${table}
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${when} EXECUTE FUNCTION ${fn}()`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE list_version_seq');
  await knex.raw(`
    CREATE TABLE list_versions (
      account_id uuid NOT NULL,
      shard smallint NOT NULL,
      version bigint NOT NULL,
      PRIMARY KEY (account_id, shard)
    )`);
  for (const fn of [BUMP_FN, ROW_FN, ACCOUNT_FN, COMMENT_READ_FN, USER_NAME_FN]) await knex.raw(fn);
  for (const table of LIST_TABLES) {
    const columns = LIST_COLUMNS[table];
    if (!columns) {
      await knex.raw(trigger('list_version', table, 'list_changed', 'INSERT OR UPDATE OR DELETE'));
      continue;
    }
    await knex.raw(trigger('list_version', table, 'list_changed', 'INSERT OR DELETE'));
    await knex.raw(trigger('list_version_update', table, 'list_changed', 'UPDATE', changed(columns)));
  }
  await knex.raw(trigger('list_version', 'accounts', 'list_account_changed', 'UPDATE', changed(['time_zone'])));
  await knex.raw(trigger('list_version', 'study_comment_reads', 'list_comment_read_changed', 'INSERT OR UPDATE OR DELETE'));
  await knex.raw(trigger('list_version', 'users', 'list_user_renamed', 'UPDATE OF name', changed(['name'])));
  await knex.raw(
    `INSERT INTO list_versions (account_id, shard, version) SELECT id, 0, nextval('list_version_seq') FROM accounts`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...LIST_TABLES, 'accounts', 'study_comment_reads', 'users']) {
    await knex.raw(`DROP TRIGGER IF EXISTS list_version ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS list_version_update ON ${table}`);
  }
  for (const fn of ['list_changed', 'list_account_changed', 'list_comment_read_changed', 'list_user_renamed']) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS list_version_bump(uuid)');
  await knex.raw('DROP TABLE IF EXISTS list_versions');
  await knex.raw('DROP SEQUENCE IF EXISTS list_version_seq');
}
