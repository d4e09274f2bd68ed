/**
 * The study list's text search: patient name, patient ID or accession number, contains (ADR 041,
 * 045, 046). It finds the ids that may be on the page, and the search's total up to TOTAL_CAP;
 * the page statement (study-queries.ts) orders them and applies the cursor or offset.
 *
 * A search reads what its term needs: up to a few thousand matches, all of them with their list
 * keys, the page ranked in the same statement; a term common among the newest studies, those in
 * list order beside a collection that proves the cap; a term past the few thousand yet rare
 * among the newest, each index's matches ordered beside that collection. The patient (name or
 * ID) and the accession number are always two narrow queries: an OR across the two tables would
 * keep PostgreSQL from using either trigram index, and scan the whole account for a rare name.
 * Which of these a term needs is told beforehand by the account's study sample (search-plan.ts),
 * and the answer is the same whatever it tells.
 */
import type { Knex } from 'knex';
import { onPostgresServer } from '../../db/connection';
import { prepared } from '../../db/prepared';
import { foldName } from '../../domain/imaging/name-fold';
import type { StudySample } from '../search/study-samples';
import { COLLECT_CAP, SEARCH_WINDOW, TOTAL_CAP, searchPlan } from './search-plan';

const likeEscape = (v: string) => v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The text search (patient name, patient ID, accession number; contains), each on a trigram
 * index (migrations 20261127120000, 20261129030000): the name folded (accents and case, the
 * generated name_search column), the two IDs lower-cased. `onStudy` is the same match on the
 * study row alone, through its copies of the patient's (migration 20261130020000), for reads
 * that walk studies rather than an index.
 */
export function textMatch(
  q: string,
): [{ patient: string; accession: string; onStudy: string }, { patient: Knex.Value[]; accession: Knex.Value[] }] {
  const name = `%${likeEscape(foldName(q))}%`;
  const id = `%${likeEscape(q)}%`;
  return [
    {
      patient: '(p.name_search like ? or lower(p.patient_id) like ?)',
      accession: 'lower(s.accession_number) like ?',
      onStudy: '(s.patient_name_search like ? or s.patient_id_search like ? or lower(s.accession_number) like ?)',
    },
    { patient: [name, id], accession: [id] },
  ];
}

/** A statement started ahead of need: awaited later or dropped, never an unhandled rejection. */
function settledLater<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** What a search needs of the sample: a term's share of it, and the account's study count. */
export type SearchSample = Pick<StudySample, 'share' | 'studies'>;

/** The cursor's condition: the rows past it, in list order. */
export type PastCursor = { sql: string; bindings: Knex.Value[] } | undefined;

/** Restricts a query to the rows past the cursor (all of them without one). */
export const pastCursor = (qb: Knex.QueryBuilder, past: PastCursor): Knex.QueryBuilder =>
  past ? qb.whereRaw(past.sql, past.bindings) : qb;

/** How a list read searches: the account's study sample (its own by default), and a smaller collection cap (at least TOTAL_CAP) for tests. */
export interface SearchOptions {
  sample?: () => SearchSample | undefined;
  collectCap?: number;
}

/** The page's frame, as the list query built it. */
export interface SearchFrame {
  knex: Knex;
  /** The scoped, filtered studies (with their patient when `withPatient`). */
  base: (withPatient: boolean) => Knex.QueryBuilder;
  /** The cursor's condition as SQL, undefined without a cursor. */
  past: PastCursor;
  /** The order column (`s.sort_at` or `s.received_at`), then `s.id`. */
  key: string;
  sort: 'asc' | 'desc';
  /** The list's order: `key`, then `s.id`, both `sort`. */
  order: { column: string; order: 'asc' | 'desc' }[];
  /** How many rows in list order the page needs (its end, plus one to tell there is more). */
  end: number;
  q: string;
}

/**
 * The ids that may be on the page, and the search's total (TOTAL_CAP + 1 past the cap), which
 * may come after the ids: the page is read meanwhile. `sample` is the account's study sample,
 * undefined until one has been read.
 */
export async function searchCandidates(
  { knex, base, past, key, sort, order, end, q }: SearchFrame,
  sample: () => SearchSample | undefined,
  collectCap = COLLECT_CAP,
): Promise<{ ids: string[]; total: Promise<number> }> {
  const [sql, b] = textMatch(q);
  const keyset = (qb: Knex.QueryBuilder) => pastCursor(qb, past);
  const byPatient = () => base(true).whereRaw(sql.patient, b.patient).select('s.id');
  const byAccession = () => base(false).whereRaw(sql.accession, b.accession).select('s.id');
  // Every match up to `cap` per index with its list key, and in the same statement the page's
  // ids ranked from them, and the total. Under the cap in both indexes that is the whole answer:
  // a rare term's, and one past the total cap by thousands ('Maria Souza') without a second
  // read. Past it, the total is TOTAL_CAP + 1 and the page is read otherwise. One row comes back
  // however many matches: the page twice over (a study matching on both indexes is there twice).
  const ranked = async (cap: number) => {
    const limb = (qb: Knex.QueryBuilder, name: 'p' | 'a') =>
      qb
        .select(
          knex.raw(`${key} as k`),
          knex.raw(`'${name}' as limb`),
          knex.raw(`${past?.sql ?? 'true'} as past`, past?.bindings ?? []),
        )
        .limit(cap + 1, { skipBinding: true });
    const stmt = knex.raw(
      `with m as materialized (? union all ?)
       select count(*) filter (where limb = 'p')::int as p, count(*) filter (where limb = 'a')::int as a,
         (select count(distinct id)::int from (select id from m limit ${2 * TOTAL_CAP + 2}) c) as n,
         array(select m.id from m where m.past order by m.k ${sort}, m.id ${sort} limit ${2 * end}) as ids
       from m`,
      [limb(byPatient(), 'p'), limb(byAccession(), 'a')],
    );
    const {
      rows: [r],
    } = (await prepared(stmt, 'studies-search')) as {
      rows: { p: number; a: number; n: number; ids: string[] }[];
    };
    if (r!.p > cap || r!.a > cap) return undefined;
    // Both indexes at most TOTAL_CAP, the rows are at most twice it: `n` counted them all.
    const total = r!.p > TOTAL_CAP || r!.a > TOTAL_CAP ? TOTAL_CAP + 1 : Math.min(r!.n, TOTAL_CAP + 1);
    return { ids: [...new Set(r!.ids)].slice(0, end), total };
  };
  // A common term (a surname) matches within the newest studies: reading them in list order is
  // exact once it yields the page, and costs a fraction of gathering every match by trigram
  // (PostgreSQL's estimate for LIKE '%…%' is far too low for such terms and picks that). Each
  // study row carries its patient's name and ID for this walk: probing the patient per row
  // took 555 index probes for 'Maria' at 1 M studies (ADR 047).
  const recent = () =>
    knex
      .from(
        keyset(base(false))
          .select('s.id', 's.patient_name_search', 's.patient_id_search', 's.accession_number', knex.raw(`${key} as k`))
          .orderBy(order)
          .limit(SEARCH_WINDOW)
          .as('s'),
      )
      .whereRaw(sql.onStudy, [...b.patient, ...b.accession])
      .orderBy([
        { column: 's.k', order: sort },
        { column: 's.id', order: sort },
      ])
      .limit(end)
      .pluck('s.id')
      // A promise, not the builder: a builder runs its query again on every `then`.
      .then((ids: string[]) => ids);
  // Each index's matches past the cursor, read whole and then ordered, so the cost follows the
  // matches: for a term past the cap yet too rare among the newest. Left to order them by
  // walking the list, PostgreSQL read it nearly whole for a term whose matches are old
  // (accession numbers run with time: 'B12' took 480 ms at 1 M studies).
  const newestOf = async (qb: Knex.QueryBuilder) =>
    (
      (await knex.raw(`select m.id from (? offset 0) m order by m.k ${sort}, m.id ${sort} limit ${end}`, [
        keyset(qb).select(knex.raw(`${key} as k`)),
      ])) as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
  const newest = async () => {
    const [patientIds, accessionIds] = await Promise.all([newestOf(byPatient()), newestOf(byAccession())]);
    return [...new Set([...patientIds, ...accessionIds])];
  };
  // The account's sample tells which reads the term needs (search-plan.ts); without one yet, or
  // when the ranked collection overflows, the window is the guess. On a PostgreSQL server the
  // window or the ordered reads start beside the collection, so a common term's page does not
  // wait for both in turn; when the collection proves them unneeded they are dropped. A rare
  // term starts none: on 2 cores a read nobody waits for still slows the ones the answer waits
  // for. PGlite's one connection would queue them: there a read runs only when needed.
  const known = sample();
  const expected = known && { share: known.share(foldName(q).toLowerCase(), q.toLowerCase()), studies: known.studies };
  const plan = searchPlan(expected, end);
  // A plan to collect reads up to collectCap (at least TOTAL_CAP) alone; past it, the term is far
  // more common than its sample told, and the window is the guess.
  const collecting = plan === 'collect';
  const guess = collecting ? undefined : plan;
  const ahead = onPostgresServer(knex) && !collecting;
  const collection = ranked(collecting ? Math.max(collectCap, TOTAL_CAP) : TOTAL_CAP);
  const answer = (ids: string[], total: number | Promise<number>) => ({ ids, total: Promise.resolve(total) });
  // Past the cap in an index, the total is TOTAL_CAP + 1.
  const capped = (ids: string[]) => answer(ids, TOTAL_CAP + 1);
  if (!ahead) {
    const matches = await collection;
    if (matches) return answer(matches.ids, matches.total);
    if (guess === 'newest') return capped(await newest());
    const found = await recent();
    return capped(found.length >= end ? found : await newest());
  }
  // A full window, or each index's ordered reads, are the page's ids whatever the collection
  // finds: the page is read as soon as they are, beside the collection still proving the cap
  // ('Maria': p50 −1.1 ms, ADR 046). Whichever of the two answers first decides.
  const early = settledLater(guess === 'newest' ? newest() : recent().then((found) => (found.length >= end ? found : undefined)));
  void settledLater(collection);
  const first = await Promise.race([collection.then((matches) => ({ matches })), early.then((ids) => ({ ids }))]);
  if ('matches' in first) {
    if (first.matches) return answer(first.matches.ids, first.matches.total);
    return capped((await early) ?? (await newest()));
  }
  if (first.ids)
    return answer(
      first.ids,
      collection.then((matches) => matches?.total ?? TOTAL_CAP + 1),
    );
  const matches = await collection;
  return matches ? answer(matches.ids, matches.total) : capped(await newest());
}
