/**
 * Which parts of a contains-search on folded patient names the trigram index reads (ADR 043).
 *
 * A GIN trigram scan reads the whole posting list of every trigram in the pattern: a trigram
 * every name holds costs a read of every name's entry, however rare the rest of the pattern is
 * ('*Nome500007*' read 800 index pages for one patient, where '*500007*' reads 17). Left to
 * itself PostgreSQL cannot tell common trigrams from rare ones. A sample of the account's names
 * can: the index reads the term's windows without the trigrams whose postings cost more than the
 * rows they rule out, and the whole term is checked on the rows found. The answer is the same
 * with or without a sample; only the cost differs.
 */

/** pg_trgm's word characters in a folded name (ASCII letters and digits; the query side is ASCII). */
const WORD = /[a-z0-9]+/g;
/**
 * A row the index lets through costs a heap visit and a recheck: about this many posting items
 * read (4 ns an item, ~1 µs a row, measured at 1 M patients).
 */
const ROW_PER_POSTING = 250;
/** Trigrams rarer than this are always read: their postings cost little, and a sample cannot tell their worth apart. */
const ALWAYS_READ = 0.05;

const trigramsOfWord = (word: string): string[] =>
  Array.from({ length: Math.max(0, word.length - 2) }, (_, i) => word.slice(i, i + 3));

/** A sample of an account's folded names, indexed by trigram. */
export class NameSample {
  private readonly postings = new Map<string, number[]>();

  constructor(private readonly names: readonly string[]) {
    names.forEach((name, i) => {
      for (const word of name.match(WORD) ?? [])
        for (const t of trigramsOfWord(word)) {
          const p = this.postings.get(t) ?? [];
          if (p.at(-1) !== i) p.push(i);
          this.postings.set(t, p);
        }
    });
  }

  get size(): number {
    return this.names.length;
  }

  /** The share of sampled names holding `trigram`. */
  frequency(trigram: string): number {
    return (this.postings.get(trigram)?.length ?? 0) / this.names.length;
  }

  /**
   * The share of names holding every window, counted on the names holding the rarest of their
   * trigrams. At least half a name: a sample cannot tell apart what it does not hold.
   */
  share(windows: readonly string[]): number {
    const trigrams = windows.flatMap(trigramsOfWord);
    const rarest = trigrams.reduce<number[] | undefined>((best, t) => {
      const p = this.postings.get(t) ?? [];
      return best && best.length <= p.length ? best : p;
    }, undefined);
    const holding = (rarest ?? []).filter((i) => windows.every((w) => this.names[i]!.includes(w))).length;
    return Math.max(holding, 0.5) / this.names.length;
  }
}

/** Runs of true in `kept`, as [first, last] index pairs. */
function runsOf(kept: readonly boolean[]): [number, number][] {
  const runs: [number, number][] = [];
  kept.forEach((k, i) => {
    if (!k) return;
    const last = runs.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  });
  return runs;
}

/**
 * The substrings of `terms` (folded literal runs of a search) the index should read, each to be
 * matched as `LIKE '%window%'`: the terms' words with the trigrams left out whose postings cost
 * more to read than the rows they rule out would cost to check. Null when the index should read
 * the terms whole: no sample, no word of three characters, or nothing worth leaving out.
 */
export function indexWindows(terms: readonly string[], sample: NameSample | undefined): string[] | null {
  if (!sample || sample.size === 0) return null;
  const words = terms.flatMap((t) => t.match(WORD) ?? []).filter((w) => w.length >= 3);
  if (words.length === 0) return null;
  const kept = words.map((w) => trigramsOfWord(w).map(() => true));
  const windows = () => words.flatMap((w, i) => runsOf(kept[i]!).map(([a, b]) => w.slice(a, b + 3)));
  let share = sample.share(windows());
  let left = kept.flat().length;
  let dropped = false;
  const byFrequency = [...new Set(words.flatMap(trigramsOfWord))]
    .map((t) => ({ t, f: sample.frequency(t) }))
    .filter(({ f }) => f >= ALWAYS_READ)
    .sort((a, b) => b.f - a.f);
  for (const { t, f } of byFrequency) {
    const at = words.flatMap((w, i) => trigramsOfWord(w).flatMap((u, j) => (u === t && kept[i]![j] ? [[i, j] as const] : [])));
    if (at.length === left) break; // the index reads at least one trigram
    for (const [i, j] of at) kept[i]![j] = false;
    const without = sample.share(windows());
    // Reading the trigram's postings, against checking the rows it would have ruled out.
    if (f > ROW_PER_POSTING * (without - share)) {
      share = without;
      left -= at.length;
      dropped = true;
    } else for (const [i, j] of at) kept[i]![j] = true;
  }
  return dropped ? windows() : null;
}
