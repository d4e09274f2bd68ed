/**
 * Each account's sample of what the study list's text search matches on (a study's folded patient
 * name, patient ID and accession number), and how many studies the account holds: enough to
 * tell, before any statement runs, whether a term is common enough to fill a page from the newest
 * studies, common enough to pass the list's total cap, or rare (study-search-plan.ts, ADR 045).
 * Kept by account-samples.ts: a search never waits for one.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { sampleStore } from './account-samples';

/**
 * Patients sampled; their studies are the sample (a cluster sample: every study of a random
 * patient). 500 patients hold a few thousand studies in a clinic's make-up.
 */
const PATIENTS = 500;
/**
 * A patient with thousands of studies (a test patient) would otherwise make the sample huge: at
 * most this many studies, ~1 MB an account, and a term's share counted in well under a millisecond.
 */
const MAX_STUDIES = 10_000;
/** Counting further than this costs a second; one sampled study in MAX_STUDIES already passes the cap at this count. */
const COUNT_CAP = 20_000_000;

/** A sample of an account's studies, as the list's text search sees them. */
export class StudySample {
  constructor(
    /** Folded patient names, lower-cased patient IDs and accession numbers, one of each per sampled study. */
    private readonly names: readonly string[],
    private readonly patientIds: readonly string[],
    private readonly accessions: readonly string[],
    /** How many studies the account holds (capped at COUNT_CAP). */
    readonly studies: number,
  ) {}

  get size(): number {
    return this.names.length;
  }

  /**
   * The share of sampled studies whose folded name holds `name` or whose lower-cased patient ID
   * or accession number holds `id`: the list's text match.
   */
  share(name: string, id: string): number {
    if (this.names.length === 0) return 0;
    let hits = 0;
    for (let i = 0; i < this.names.length; i++)
      if (this.names[i]!.includes(name) || this.patientIds[i]!.includes(id) || this.accessions[i]!.includes(id)) hits++;
    return hits / this.names.length;
  }
}

/**
 * Patient ids are random UUIDs: patients in (account_id, id) order from a random id on, wrapping
 * round at the end, are a random sample; their studies come from the patient's list index.
 */
async function readSample(knex: Knex, accountId: string): Promise<StudySample> {
  const from = randomUUID();
  const rows = async (op: '>=' | '<', limit: number, studies: number) =>
    (
      (await knex.raw(
        `SELECT p.id, coalesce(p.name_search, '') AS name, lower(coalesce(p.patient_id, '')) AS pid, lower(coalesce(s.accession_number, '')) AS acc
           FROM (SELECT id, name_search, patient_id FROM patients WHERE account_id = ? AND id ${op} ? ORDER BY id LIMIT ?) p
           JOIN studies s ON s.patient_ref = p.id AND s.invalidated_at IS NULL AND s.merged_into_id IS NULL
          LIMIT ?`,
        [accountId, from, limit, studies],
      )) as { rows: { id: string; name: string; pid: string; acc: string }[] }
    ).rows;
  const after = await rows('>=', PATIENTS, MAX_STUDIES);
  const patients = new Set(after.map((r) => r.id)).size;
  const before =
    patients < PATIENTS && after.length < MAX_STUDIES ? await rows('<', PATIENTS - patients, MAX_STUDIES - after.length) : [];
  const sampled = [...after, ...before];
  const [{ count }] = (
    (await knex.raw(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM studies WHERE account_id = ? AND invalidated_at IS NULL AND merged_into_id IS NULL LIMIT ?) s`,
      [accountId, COUNT_CAP],
    )) as { rows: { count: number }[] }
  ).rows as [{ count: number }];
  return new StudySample(
    sampled.map((r) => r.name),
    sampled.map((r) => r.pid),
    sampled.map((r) => r.acc),
    count,
  );
}

// A few thousand short strings per account; the make-up of a clinic's studies changes slowly.
const store = sampleStore(readSample, { maxAgeMs: 15 * 60_000, maxAccounts: 32, retryMs: 60_000 });

/** The account's sample if one has been read; starts reading it (or a fresh one) otherwise. Never waits. */
export const studySample = (knex: Knex, accountId: string): StudySample | undefined => store.get(knex, accountId);

/** The account's sample, waiting for it to be read (a bench's warm-up, a test). */
export const loadStudySample = (knex: Knex, accountId: string): Promise<StudySample> => store.load(knex, accountId);
