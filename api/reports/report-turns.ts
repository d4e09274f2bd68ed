/**
 * Turns per report inside this api process: at most `capacity` calls with the same key run
 * at once, the others wait in arrival order and are told they waited (so they read the
 * report again before judging it).
 *
 * The workflow decides every race; turns only keep a burst from costing more than it must.
 * Temporal admits at most 10 Updates in flight per workflow and throttles the rest (the
 * client then backs off a second or more), and 20 simultaneous signatures would each render
 * a PDF before 19 of them are refused. Another api replica keeps its own turns.
 */
interface Turns {
  running: number;
  waiting: (() => void)[];
}
const byKey = new Map<string, Turns>();

export async function inTurn<T>(key: string, capacity: number, fn: (waited: boolean) => Promise<T>): Promise<T> {
  let turns = byKey.get(key);
  if (!turns) byKey.set(key, (turns = { running: 0, waiting: [] }));
  const waited = turns.running >= capacity;
  // A call that waited is handed the slot of the one that ended (running stays the same).
  if (waited) await new Promise<void>((resolve) => turns.waiting.push(resolve));
  else turns.running++;
  try {
    return await fn(waited);
  } finally {
    const next = turns.waiting.shift();
    if (next) next();
    else if (--turns.running === 0) byKey.delete(key);
  }
}

/** Keys with calls running or waiting (tests check nothing is left behind). */
export function keysInTurn(): number {
  return byKey.size;
}
