import type { Knex } from 'knex';

/**
 * The study list at clinic scale (issue 20): one institution's list on an index of its own, and
 * the list's text search on trigram indexes — the patient ID and the accession number, lower-
 * cased, beside the folded name's (20261127120000). Where pg_trgm is missing (the embedded
 * PGlite), prefix-capable btrees instead.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX studies_list_institution ON studies (account_id, institution_id, sort_at DESC, id DESC)');
  const trigram = (await knex.raw(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).rows.length > 0;
  if (trigram) {
    await knex.raw('CREATE INDEX patients_patient_id_trgm ON patients USING gin (lower(patient_id) gin_trgm_ops)');
    await knex.raw('CREATE INDEX studies_accession_trgm ON studies USING gin (lower(accession_number) gin_trgm_ops)');
  } else {
    await knex.raw('CREATE INDEX patients_patient_id_lower ON patients (account_id, lower(patient_id) text_pattern_ops)');
    await knex.raw('CREATE INDEX studies_accession_lower ON studies (account_id, lower(accession_number) text_pattern_ops)');
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'studies_accession_lower',
    'patients_patient_id_lower',
    'studies_accession_trgm',
    'patients_patient_id_trgm',
    'studies_list_institution',
  ]) {
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  }
}
