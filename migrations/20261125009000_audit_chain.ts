import type { Knex } from 'knex';

/**
 * The audit log becomes a hash chain (issue 14): every row carries `prev_hash` (the hash of
 * the row before it) and `hash` = sha256 of the row's canonical serialisation
 * (domain/audit/chain.ts holds the same rule; the verifier recomputes it there).
 *
 * Chained in the database so every writer is covered without code changes. Concurrency:
 * the trigger locks the single row of audit_chain_head (SELECT … FOR UPDATE), takes the id
 * from the sequence only once it holds that lock, and moves the head; the lock lasts until
 * the writer's transaction ends, so rows commit in id order and 50 parallel inserts make one
 * linear chain. A rolled-back insert leaves an id gap but no fork: the next writer reads the
 * head as committed. Under REPEATABLE READ a concurrent head change is a serialisation error,
 * never a silent fork.
 *
 * Append-only: UPDATE, DELETE (core migration) and now TRUNCATE are refused.
 */
const GENESIS = '0'.repeat(64);

/** Length-prefixed fields (octets:value, '-' for null): unambiguous, the same in TypeScript. */
const CANONICAL_FN = `
  CREATE FUNCTION audit_log_canonical(
    p_id bigint, p_at timestamptz, p_account uuid, p_user uuid, p_action text,
    p_study uuid, p_laudo uuid, p_ip text, p_detail jsonb, p_prev text
  ) RETURNS text AS $$
    SELECT string_agg(CASE WHEN f IS NULL THEN '-' ELSE octet_length(f) || ':' || f END, '|' ORDER BY n)
    FROM unnest(ARRAY[
      p_id::text,
      to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      p_account::text, p_user::text, p_action, p_study::text, p_laudo::text, p_ip,
      p_detail::text, p_prev
    ]) WITH ORDINALITY AS t(f, n)
  $$ LANGUAGE sql STABLE`;

const HASH_FN = `
  CREATE FUNCTION audit_log_row_hash(canonical text) RETURNS text AS $$
    SELECT encode(sha256(convert_to(canonical, 'UTF8')), 'hex')
  $$ LANGUAGE sql IMMUTABLE`;

const CHAIN_TRIGGER_FN = `
  CREATE FUNCTION audit_log_chain() RETURNS trigger AS $$
  DECLARE prev text;
  BEGIN
    SELECT last_hash INTO prev FROM audit_chain_head WHERE singleton FOR UPDATE;
    NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
    NEW.prev_hash := prev;
    NEW.hash := audit_log_row_hash(audit_log_canonical(NEW.id, NEW.at, NEW.account_id, NEW.user_id,
      NEW.action, NEW.study_id, NEW.laudo_id, NEW.ip, NEW.detail, prev));
    UPDATE audit_chain_head SET last_id = NEW.id, last_hash = NEW.hash WHERE singleton;
    RETURN NEW;
  END; $$ LANGUAGE plpgsql`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE audit_log ADD COLUMN prev_hash char(64), ADD COLUMN hash char(64)`);
  await knex.raw(`
    CREATE TABLE audit_chain_head (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      last_id bigint,
      last_hash char(64) NOT NULL
    )`);
  await knex.raw(CANONICAL_FN);
  await knex.raw(HASH_FN);

  // Chain the rows written before this migration, in id order.
  await knex.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change');
  await knex.raw(`
    DO $$
    DECLARE r audit_log; prev text := '${GENESIS}'; h text; last bigint;
    BEGIN
      FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
        h := audit_log_row_hash(audit_log_canonical(r.id, r.at, r.account_id, r.user_id, r.action,
          r.study_id, r.laudo_id, r.ip, r.detail, prev));
        UPDATE audit_log SET prev_hash = prev, hash = h WHERE id = r.id;
        prev := h; last := r.id;
      END LOOP;
      INSERT INTO audit_chain_head (singleton, last_id, last_hash) VALUES (true, last, prev);
    END $$`);
  await knex.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change');
  await knex.raw('ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL');

  await knex.raw(CHAIN_TRIGGER_FN);
  await knex.raw(`CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`);

  // A clearer refusal, for TRUNCATE too; the head is as append-only as the log it points at.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % refused on %', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege', HINT = 'Audit rows can be added, never changed or removed.';
    END; $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  await knex.raw(`
    CREATE TRIGGER audit_chain_head_no_change BEFORE DELETE OR TRUNCATE ON audit_chain_head
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  // Newest-first pages of one account (the viewer's keyset).
  await knex.raw('CREATE INDEX audit_log_account_id ON audit_log (account_id, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS audit_log_account_id');
  await knex.raw('DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log');
  await knex.raw('DROP TRIGGER IF EXISTS audit_log_chain ON audit_log');
  await knex.raw('DROP TABLE IF EXISTS audit_chain_head');
  await knex.raw('DROP FUNCTION IF EXISTS audit_log_chain');
  await knex.raw('DROP FUNCTION IF EXISTS audit_log_row_hash');
  await knex.raw('DROP FUNCTION IF EXISTS audit_log_canonical');
  await knex.raw('ALTER TABLE audit_log DROP COLUMN IF EXISTS prev_hash, DROP COLUMN IF EXISTS hash');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`);
}
