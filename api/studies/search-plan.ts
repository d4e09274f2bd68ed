/**
 * Which reads a study list search runs (text-search.ts, ADR 041, 045 and 046). A search has
 * three ways to its page, each exact, each cheap only for some terms: the collection, every
 * match up to COLLECT_CAP with the page's ids ranked in the same statement (a rare term, or one
 * past the list's cap by a few thousand); the newest studies in list order, until the page is
 * full (a term common among them); or each index's matches ordered (a term past COLLECT_CAP,
 * too rare among the newest). Started side by side on spec, a read the term does not need still
 * costs its CPU, which the 2 cores of a clinic's server share with the read the answer waits
 * for. The account's study sample tells beforehand which one the term needs.
 */

/**
 * Totals above this are answered as "more than" (totalCapped): counting further costs more than
 * the page itself, and past a thousand a reader narrows the filters or pages by cursor.
 */
export const TOTAL_CAP = 1_000;
/**
 * How many matches of each index the ranked collection reads at most. Up to it, one statement
 * that keeps them all with their list keys and ranks the page from them costs less than the
 * collection beside each index's ordered read; past it, keeping them costs more (4–5 ms more for
 * 'B12''s 11,000 accession matches, ADR 046).
 */
export const COLLECT_CAP = 4_000;
/** How many of the newest studies a search past the cap reads in list order before it turns to the trigram indexes. */
export const SEARCH_WINDOW = 1_000;
/** The window is chosen when the sample expects this many times the rows the page needs among it. */
export const WINDOW_MARGIN = 1.25;
/**
 * The same against each index's ordered reads (a term past COLLECT_CAP): under 1 on purpose, as a
 * wrong guess costs far more one way than the other. A window read in vain costs ~2 ms before the
 * ordered reads ('B12', 11,000 old matches: p50 14.4 → 16.2 ms at 1 M studies), while ordered
 * reads of a term common among the newest read every match ('Maria', 50,000: 6 → 35 ms). A
 * sample of 500 patients puts a 5 % term at 2.2–7.5 % (300 draws): at 1.25 (3.25 % for a first
 * page) 3 % of them sent 'Maria' the slow way, for the sample's 15 minutes; at 0.5 none did, and
 * 12 % of 'B12''s read the window in vain.
 */
export const WINDOW_MARGIN_PAST_COLLECT = 0.5;

/**
 * - `collect`: only the ranked collection (expected at most COLLECT_CAP per index, or at most the
 *   total cap); the others follow only if it overflows;
 * - `window`: read the newest studies beside a collection of TOTAL_CAP (the page is expected among them,
 *   or past COLLECT_CAP, may well be);
 * - `newest`: read each index's matches ordered beside that collection (expected past COLLECT_CAP,
 *   too few among the newest).
 */
export type SearchPlan = 'window' | 'newest' | 'collect';

/**
 * The plan for a term matching `share` of the account's `studies` (from its sample), for a page
 * that needs `end` rows; undefined without a sample.
 */
export function searchPlan(expected: { share: number; studies: number } | undefined, end: number): SearchPlan | undefined {
  if (!expected) return undefined;
  const count = expected.share * expected.studies;
  // At most the cap: the collection alone is the answer, however common among the newest.
  if (count <= TOTAL_CAP) return 'collect';
  const amongNewest = expected.share * SEARCH_WINDOW;
  if (amongNewest >= WINDOW_MARGIN * end) return 'window';
  if (count <= COLLECT_CAP) return 'collect';
  return amongNewest >= WINDOW_MARGIN_PAST_COLLECT * end ? 'window' : 'newest';
}
