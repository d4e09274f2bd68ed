/**
 * Print options (spec 2 §3, §5, §9): the same shape is the account's saved print config and
 * the query of GET /studies/:id/print-study. Defaults: portrait, A4, grid, column 1, 1x1.
 */
import { z } from 'zod';

export const PAGE_SIZES = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** ISO 216 sizes in PDF points (1/72 in), portrait (width, height). */
export const PAPER_POINTS: Record<PageSize, { width: number; height: number }> = {
  A0: { width: 2383.94, height: 3370.39 },
  A1: { width: 1683.78, height: 2383.94 },
  A2: { width: 1190.55, height: 1683.78 },
  A3: { width: 841.89, height: 1190.55 },
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
};

/** The picker is at most 10 by 10 (spec 2 §5). */
export const MAX_LAYOUT = 10;

export const LAYOUT_PRESETS: readonly { row: number; col: number }[] = [
  { row: 1, col: 1 },
  { row: 2, col: 2 },
  { row: 3, col: 3 },
  { row: 4, col: 4 },
  { row: 2, col: 3 },
  { row: 3, col: 2 },
  { row: 1, col: 2 },
  { row: 1, col: 4 },
];

export const Layout = z.object({
  row: z.number().int().min(1).max(MAX_LAYOUT),
  col: z.number().int().min(1).max(MAX_LAYOUT),
});
export type Layout = z.infer<typeof Layout>;

const printOptionsShape = {
  layout: Layout.default({ row: 1, col: 1 }),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  pageSize: z.enum(PAGE_SIZES).default('A4'),
  option: z.enum(['grid', 'fit-columns']).default('grid'),
  /** Columns in fit-columns mode; must be ≥ 1 there (spec 2 §5). */
  column: z.number().int().min(0).max(MAX_LAYOUT).default(1),
  groupSeries: z.boolean().default(false),
  seriesIds: z.array(z.string().min(1).max(128)).max(500).default([]),
  includeKeyImages: z.boolean().default(false),
};

/** Spec 2 §5: fit-columns needs at least one column. */
function fitColumnsNeedAColumn(o: { option: string; column: number }): boolean {
  return o.option !== 'fit-columns' || o.column >= 1;
}
const fitColumnsIssue = { message: 'fit-columns needs at least one column', path: ['column'] };

export const PrintOptions = z.object(printOptionsShape).refine(fitColumnsNeedAColumn, fitColumnsIssue);
export type PrintOptions = z.infer<typeof PrintOptions>;

/** How many layouts the account's list keeps (ADR 007, saved layouts). */
export const MAX_SAVED_LAYOUTS = 6;

/**
 * The account's saved print config (spec 2 §3 "print config"): the options plus `layouts`,
 * the layouts it saved, most recent first. A config saved before `layouts` existed reads
 * as an empty list.
 */
export const PrintConfig = z
  .object({ ...printOptionsShape, layouts: z.array(Layout).max(MAX_SAVED_LAYOUTS).default([]) })
  .refine(fitColumnsNeedAColumn, fitColumnsIssue);
export type PrintConfig = z.infer<typeof PrintConfig>;

/** PATCH /layouts: the same fields, unknown ones refused rather than dropped. */
export const PrintConfigBody = z
  .strictObject({ ...printOptionsShape, layouts: z.array(Layout).max(MAX_SAVED_LAYOUTS).optional() })
  .refine(fitColumnsNeedAColumn, fitColumnsIssue);

/** GET /layouts: the config, and whether the account saved one (else these are the defaults). */
export const PrintConfigAnswer = z
  .object({ ...printOptionsShape, layouts: z.array(Layout).max(MAX_SAVED_LAYOUTS).default([]), saved: z.boolean() })
  .refine(fitColumnsNeedAColumn, fitColumnsIssue);
export type PrintConfigAnswer = z.infer<typeof PrintConfigAnswer>;

const sameLayout = (a: Layout, b: Layout) => a.row === b.row && a.col === b.col;

/** The saved list after saving `layout`: it goes first, once, and the list keeps its limit. */
export function rememberLayout(layouts: readonly Layout[], layout: Layout): Layout[] {
  return [layout, ...layouts.filter((l) => !sameLayout(l, layout))].slice(0, MAX_SAVED_LAYOUTS);
}

/** The saved layouts that are not presets: the dialog's quick picks beside the presets. */
export function quickPickLayouts(layouts: readonly Layout[]): Layout[] {
  return layouts.filter((l) => !LAYOUT_PRESETS.some((p) => sameLayout(p, l)));
}

/**
 * The dialog's starting choices (spec 2 §9): the account's saved config when it has one,
 * else the defaults with the preview's 3x3 layout.
 */
export function initialPrintOptions(config: PrintConfigAnswer | undefined): PrintOptions {
  if (config?.saved) {
    const { layouts: _layouts, saved: _saved, ...options } = config;
    return options;
  }
  return { ...PrintOptions.parse({}), layout: { row: 3, col: 3 } };
}

/** Whether preview and save are allowed with these (possibly unfinished) choices. */
export function canPreview(o: Pick<PrintOptions, 'option' | 'column'>): boolean {
  return o.option !== 'fit-columns' || (Number.isInteger(o.column) && o.column >= 1);
}
