import { COLLECT_CAP, SEARCH_WINDOW, TOTAL_CAP, WINDOW_MARGIN, WINDOW_MARGIN_PAST_COLLECT, searchPlan } from './search-plan';

const plan = (share: number, studies: number, end = 26) => searchPlan({ share, studies }, end);

it('goes without a plan when the account has no sample yet', () => {
  expect(searchPlan(undefined, 26)).toBeUndefined();
});

it('reads the newest studies beside the collection when the page is expected among them', () => {
  // 5 % of 1 M studies: ~50 of the newest 1,000 match, a page of 25 needs 26.
  expect(plan(0.05, 1_000_000)).toBe('window');
  expect(plan(0.5, 1_000_000)).toBe('window');
  // Past the collection's cap, a first page's 26 rows are worth a try from 1.3 % on (13
  // expected): a window read in vain costs far less than ordered reads of a common term.
  expect(plan(0.013, 1_000_000)).toBe('window');
  // A deep page by offset needs far more rows than the window is expected to hold.
  expect(plan(0.05, 1_000_000, 5 * 25 + 1)).toBe('newest');
});

it('ranks the page from the collection when the term passes the cap by thousands, too rare among the newest', () => {
  expect(plan(0.0016, 1_000_000)).toBe('collect'); // 'Maria Souza': ~1,600 studies, ~2 among the newest
  expect(plan(0.003, 1_000_000)).toBe('collect'); // ~3,000
});

it('reads each index ordered when the term passes the collection cap, too rare among the newest', () => {
  expect(plan(0.011, 1_000_000)).toBe('newest'); // an old accession prefix: ~11,000, ~11 among the newest
  expect(plan(0.005, 1_000_000)).toBe('newest');
});

it('only collects a rare term, or one the account holds too few studies to pass the cap', () => {
  expect(plan(0, 1_000_000)).toBe('collect');
  expect(plan(0.0005, 1_000_000)).toBe('collect'); // ~500 studies
  expect(plan(0.01, 50_000)).toBe('collect'); // ~500 of a small clinic's
  expect(plan(0.5, 1_800)).toBe('collect'); // half of a tiny clinic's: under the cap all the same
});

it('chooses by the expected rows at the edges', () => {
  const end = 26;
  const edge = (WINDOW_MARGIN * end) / SEARCH_WINDOW;
  // Under the collection's cap: the window when the page is expected among the newest.
  expect(plan(edge, COLLECT_CAP / edge, end)).toBe('window');
  expect(plan(edge * 0.99, COLLECT_CAP / (edge * 0.99), end)).toBe('collect');
  // Past it, the window unless the page is expected well short of filled there.
  const pastEdge = (WINDOW_MARGIN_PAST_COLLECT * end) / SEARCH_WINDOW;
  expect(plan(edge * 0.99, 1_000_000, end)).toBe('window');
  expect(plan(pastEdge, 1_000_000, end)).toBe('window');
  expect(plan(pastEdge * 0.99, 1_000_000, end)).toBe('newest');
  // Common among the newest, yet at most the cap: the collection alone.
  expect(plan(0.05, 20 * TOTAL_CAP, end)).toBe('collect');
  expect(plan(0.05, 20 * TOTAL_CAP + 20, end)).toBe('window');
});
