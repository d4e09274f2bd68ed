/**
 * Which read a study list search starts beside collecting its matches (study-queries.ts,
 * ADR 041 and 045). A search has three ways to its page, each exact, each cheap only for some
 * terms: every match while there are at most TOTAL_CAP (a rare term); the newest studies in list
 * order, until the page is full (a term common among them); or each index's matches ordered (a
 * term past the cap, too rare among the newest). Started side by side on spec, a read the term
 * does not need still costs its CPU, which the 2 cores of a clinic's server share with the read
 * the answer waits for. The account's study sample tells beforehand which one the term needs.
 */

/**
 * Totals above this are answered as "more than" (totalCapped): counting further costs more than
 * the page itself, and past a thousand a reader narrows the filters or pages by cursor.
 */
export const TOTAL_CAP = 1_000;
/** How many of the newest studies a search past the cap reads in list order before it turns to the trigram indexes. */
export const SEARCH_WINDOW = 1_000;
/** The window is chosen when the sample expects this many times the rows the page needs among it. */
const WINDOW_MARGIN = 1.25;

/**
 * - `collect`: only the collection (expected at most TOTAL_CAP); the others follow only if it is wrong;
 * - `window`: read the newest studies beside the collection (the page is expected among them);
 * - `newest`: read each index's matches ordered beside it (expected past the cap, too few among the newest).
 */
export type SearchPlan = 'window' | 'newest' | 'collect';

/**
 * The plan for a term matching `share` of the account's `studies` (from its sample), for a page
 * that needs `end` rows; undefined without a sample.
 */
export function searchPlan(expected: { share: number; studies: number } | undefined, end: number): SearchPlan | undefined {
  if (!expected) return undefined;
  // At most the cap: the collection alone is the answer.
  if (expected.share * expected.studies <= TOTAL_CAP) return 'collect';
  return expected.share * SEARCH_WINDOW >= WINDOW_MARGIN * end ? 'window' : 'newest';
}
