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
const WINDOW_MARGIN = 1.25;

/**
 * - `collect`: only the ranked collection (expected at most COLLECT_CAP per index, or at most the
 *   total cap); the others follow only if it overflows;
 * - `window`: read the newest studies beside a collection of TOTAL_CAP (the page is expected among them);
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
  if (expected.share * SEARCH_WINDOW >= WINDOW_MARGIN * end) return 'window';
  return count <= COLLECT_CAP ? 'collect' : 'newest';
}
