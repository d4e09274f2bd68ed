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
  /**
   * The sampled studies' folded names, a line each, and their `patient ID <tab> accession number`,
   * a line each: a term's matches found by `indexOf` over one string rather than a call per
   * study and field (0.2 ms a search at 5,000 studies, most of the sample's cost).
   */
  private readonly nameText: string;
  private readonly idText: string;
  /** Where each study's line starts in each text, and one past the last line. */
  private readonly nameStarts: Int32Array;
  private readonly idStarts: Int32Array;

  constructor(
    /** Folded patient names, lower-cased patient IDs and accession numbers, one of each per sampled study. */
    names: readonly string[],
    patientIds: readonly string[],
    accessions: readonly string[],
    /** How many studies the account holds (capped at COUNT_CAP). */
    readonly studies: number,
  ) {
    // A line break or tab inside a value would join it to another line: a space instead.
    const flat = (v: string) => v.replace(/[\n\t]/g, ' ');
    [this.nameText, this.nameStarts] = lines(names.map(flat));
    [this.idText, this.idStarts] = lines(patientIds.map((pid, i) => `${flat(pid)}\t${flat(accessions[i] ?? '')}`));
  }

  get size(): number {
    return this.nameStarts.length - 1;
  }

  /**
   * The share of sampled studies whose folded name holds `name` or whose lower-cased patient ID
   * or accession number holds `id`: the list's text match. A term with a line break or tab is
   * in no sampled value: its share is 0, and the search's collection tells the truth.
   */
  share(name: string, id: string): number {
    if (this.size === 0) return 0;
    if (name === '' || id === '') return 1;
    if (/[\n\t]/.test(name + id)) return 0;
    const seen = new Uint8Array(this.size);
    let hits = 0;
    const mark = (text: string, starts: Int32Array, term: string) => {
      for (let at = text.indexOf(term); at !== -1;) {
        const line = lineAt(starts, at);
        if (!seen[line]) {
          seen[line] = 1;
          hits++;
        }
        at = text.indexOf(term, starts[line + 1]!);
      }
    };
    mark(this.nameText, this.nameStarts, name);
    mark(this.idText, this.idStarts, id);
    return hits / this.size;
  }
}

/** The values as one text, a line each, and where each line starts (plus one past the end). */
function lines(values: readonly string[]): [string, Int32Array] {
  const starts = new Int32Array(values.length + 1);
  let at = 0;
  values.forEach((v, i) => {
    starts[i] = at;
    at += v.length + 1;
  });
  starts[values.length] = at;
  return [values.map((v) => `${v}\n`).join(''), starts];
}

/** The line holding text offset `at` (the last start at or before it). */
function lineAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
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
