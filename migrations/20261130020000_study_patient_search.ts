import type { Knex } from 'knex';

/**
 * The patient's searched name and ID kept on each study row (ADR 047). A common term's list
 * search walks the newest studies in list order (api/studies/text-search.ts, `recent`); it
 * probed each one's patient for the term, 555 index probes for 'Maria' at 1 M studies, and now
 * filters the rows it walks. Triggers keep the copies for every writer: a study takes its
 * patient's at insert and when it moves to another patient, and a patient's new name or ID is
 * copied to its studies in the same transaction. The patient probe index (20261130010000)
 * served only that walk.
 *
 * Not one transaction: filling 1 M studies at once took 4 minutes with every study row locked
 * (ingest and reports waiting). The triggers come first, so every write from then on keeps its
 * copy, then the rows are filled in batches of BATCH, each committed on its own. Each step can
 * run again: a migration stopped halfway is finished by the next run.
 */
export const config = { transaction: false };

const BATCH = 10_000;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE studies ADD COLUMN IF NOT EXISTS patient_name_search text, ADD COLUMN IF NOT EXISTS patient_id_search text',
  );
  await knex.raw(`
    CREATE OR REPLACE FUNCTION study_patient_search() RETURNS trigger AS $$
    BEGIN
      SELECT p.name_search, lower(p.patient_id) INTO NEW.patient_name_search, NEW.patient_id_search
        FROM patients p WHERE p.id = NEW.patient_ref;
      RETURN NEW;
    END; $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS study_patient_search ON studies');
  await knex.raw(`
    CREATE TRIGGER study_patient_search BEFORE INSERT OR UPDATE OF patient_ref ON studies
    FOR EACH ROW EXECUTE FUNCTION study_patient_search()`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION patient_search_to_studies() RETURNS trigger AS $$
    BEGIN
      UPDATE studies SET patient_name_search = NEW.name_search, patient_id_search = lower(NEW.patient_id)
        WHERE patient_ref = NEW.id;
      RETURN NULL;
    END; $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS patient_search_to_studies ON patients');
  await knex.raw(`
    CREATE TRIGGER patient_search_to_studies AFTER UPDATE OF name, patient_id ON patients
    FOR EACH ROW WHEN ((OLD.name, OLD.patient_id) IS DISTINCT FROM (NEW.name, NEW.patient_id))
    EXECUTE FUNCTION patient_search_to_studies()`);
  await fillStudyPatientSearch(knex);
  await knex.raw('DROP INDEX IF EXISTS patients_search_probe');
}

/** Fills the copies of the rows written before the triggers, by id in batches of `batch`, each committed on its own. */
export async function fillStudyPatientSearch(knex: Knex, batch = BATCH): Promise<void> {
  for (let after: string | null = null; ;) {
    const { rows } = (await knex.raw(
      `WITH batch AS (
         SELECT id FROM studies WHERE patient_ref IS NOT NULL ${after ? 'AND id > ?' : ''} ORDER BY id LIMIT ${batch}
       ), filled AS (
         UPDATE studies s SET patient_name_search = p.name_search, patient_id_search = lower(p.patient_id)
         FROM batch b, patients p WHERE s.id = b.id AND p.id = s.patient_ref
       )
       SELECT (SELECT id FROM batch ORDER BY id DESC LIMIT 1) AS last, (SELECT count(*)::int FROM batch) AS n`,
      after ? [after] : [],
    )) as { rows: { last: string | null; n: number }[] };
    // The batch's last id is the next one's start; a short batch was the last.
    if (!rows[0] || rows[0].n < batch) return;
    after = rows[0].last;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS patients_search_probe ON patients (id) INCLUDE (name_search, patient_id)');
  await knex.raw('DROP TRIGGER IF EXISTS patient_search_to_studies ON patients');
  await knex.raw('DROP FUNCTION IF EXISTS patient_search_to_studies()');
  await knex.raw('DROP TRIGGER IF EXISTS study_patient_search ON studies');
  await knex.raw('DROP FUNCTION IF EXISTS study_patient_search()');
  await knex.raw('ALTER TABLE studies DROP COLUMN IF EXISTS patient_name_search, DROP COLUMN IF EXISTS patient_id_search');
}
