/**
 * One home for a bench's figures: the row printed beside its goal (figure, goal, measured,
 * ratio, ok/miss) and, when BENCH_JSON=<file> is set (`npm run bench:all` sets it), the same
 * figures appended to that file as JSON lines, so bench:all can print every bench in one table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const goalSchema = z.object({ value: z.number(), atLeast: z.boolean() });
export type Goal = z.infer<typeof goalSchema>;

export const figureSchema = z.object({
  /** Which bench measured it (the file's name, e.g. 'frontend'). */
  bench: z.string(),
  figure: z.string(),
  measured: z.number(),
  /** Printed after the numbers: ' ms', ' KB', '/s', ''. */
  unit: z.string(),
  goal: goalSchema.optional(),
});
export type Figure = z.infer<typeof figureSchema>;

/** ≤ goal (a time, a size) unless the goal says at least (a rate, a score). */
export const atMost = (value: number): Goal => ({ value, atLeast: false });
export const atLeast = (value: number): Goal => ({ value, atLeast: true });

export const met = (f: Pick<Figure, 'measured' | 'goal'>): boolean | null =>
  f.goal ? (f.goal.atLeast ? f.measured >= f.goal.value : f.measured <= f.goal.value) : null;

/** measured/goal: above 1 is a miss for a ceiling and a pass for a floor (none for a goal of 0). */
export const ratio = (f: Pick<Figure, 'measured' | 'goal'>): number | null =>
  f.goal && f.goal.value !== 0 ? f.measured / f.goal.value : null;

const number = (v: number): string =>
  Math.abs(v) >= 100 || Number.isInteger(v) ? v.toFixed(0) : v.toFixed(Math.abs(v) >= 10 ? 1 : 2);

export const FIGURE_WIDTH = 60;

export function tableHeader(first = 'figure'): string {
  return `  ${first.padEnd(FIGURE_WIDTH)}${'goal'.padStart(12)}${'measured'.padStart(12)}${'ratio'.padStart(8)}`;
}

/** One line: the figure, its goal (if any), the measured value, measured/goal and ok/miss. */
export function figureRow(f: Omit<Figure, 'bench'>, label = f.figure): string {
  const cells = [
    label.padEnd(FIGURE_WIDTH),
    (f.goal ? `${f.goal.atLeast ? '≥' : '≤'} ${number(f.goal.value)}${f.unit}` : '').padStart(12),
    `${number(f.measured)}${f.unit}`.padStart(12),
  ];
  const r = ratio(f);
  if (f.goal) cells.push((r === null ? '' : r.toFixed(2)).padStart(8), met(f) ? '  ok' : '  miss');
  return `  ${cells.join('')}`.trimEnd();
}

/** The bench's name: BENCH_NAME, else the running script's file name. */
export function benchName(): string {
  return process.env.BENCH_NAME ?? path.basename(process.argv[1] ?? 'bench').replace(/\.[cm]?[jt]s$/, '');
}

/** Appends figures to BENCH_JSON (one JSON object a line); nothing when it is unset. */
export function recordFigures(figures: Omit<Figure, 'bench'>[]): void {
  const file = process.env.BENCH_JSON;
  if (!file || !figures.length) return;
  const bench = benchName();
  fs.appendFileSync(file, figures.map((f) => JSON.stringify({ bench, ...f })).join('\n') + '\n');
}

/** Prints the header and a row per figure, and records them (BENCH_JSON). */
export function printFigures(figures: Omit<Figure, 'bench'>[], first = 'figure'): void {
  console.log(tableHeader(first));
  for (const f of figures) console.log(figureRow(f));
  recordFigures(figures);
}

/** The figures bench:all collected (lines that do not parse are skipped). */
export function readFigures(file: string): Figure[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const parsed = figureSchema.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
}

/** The load average (1, 5, 15 min), to print beside figures measured on a shared machine. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
