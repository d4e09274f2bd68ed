import type { Knex } from 'knex';

/**
 * The list's text search at 1 M studies (issue 20), found by EXPLAIN (ANALYZE, BUFFERS):
 *
 * - The trigram indexes lose GIN's pending list. With `fastupdate` on, new entries wait in an
 *   unsorted list that every search reads in full until a vacuum merges it: 100–320 pages
 *   per index after the studies arrived, 3–7 ms of each search even when nothing matched. A
 *   clinic inserts studies a few per minute; writing their trigrams at once costs those
 *   inserts far less than every search paid for the list. The existing list is merged now.
 * - A patient's studies in list order, on an index that holds what the scope checks: a
 *   name matching a thousand studies ('Maria Souza') read each study's row for its date and
 *   institution, 1,700 heap visits (9–25 ms); from this index, an index-only scan (4 ms).
 * - QIDO's exact PatientName (no wildcard, no fuzzy matching) on a btree of the folded name:
 *   the trigram index read every posting of the name's common trigrams (800 pages, 11 ms at
 *   1 M patients) to find one. PGlite has this index already (20261127120000).
 *
 * PGlite has no pg_trgm: there the first part finds nothing to change.
 */
const TRIGRAM_INDEXES = ['patients_name_search_trgm', 'patients_patient_id_trgm', 'studies_accession_trgm'];

async function trigramIndexes(knex: Knex): Promise<string[]> {
  const rows = (await knex.raw(`SELECT relname FROM pg_class WHERE relkind = 'i' AND relname = ANY(?)`, [TRIGRAM_INDEXES])).rows;
  return rows.map((r: { relname: string }) => r.relname);
}

export async function up(knex: Knex): Promise<void> {
  for (const index of await trigramIndexes(knex)) {
    await knex.raw(`ALTER INDEX ${index} SET (fastupdate = off)`);
    await knex.raw('SELECT gin_clean_pending_list(?::regclass)', [index]);
  }
  await knex.raw('CREATE INDEX IF NOT EXISTS patients_name_search_prefix ON patients (account_id, name_search text_pattern_ops)');
  // Its predicate is the one every list query carries (api/access/access.ts, scopedStudies).
  await knex.raw(`CREATE INDEX studies_patient_list ON studies (patient_ref, sort_at DESC, id DESC)
    INCLUDE (account_id, institution_id, received_at) WHERE invalidated_at IS NULL AND merged_into_id IS NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS studies_patient_list');
  // PGlite's own (20261127120000) stays; the one made here goes.
  if ((await trigramIndexes(knex)).length) await knex.raw('DROP INDEX IF EXISTS patients_name_search_prefix');
  for (const index of await trigramIndexes(knex)) await knex.raw(`ALTER INDEX ${index} RESET (fastupdate)`);
}
