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

export const PrintOptions = z
  .object({
    layout: Layout.default({ row: 1, col: 1 }),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    pageSize: z.enum(PAGE_SIZES).default('A4'),
    option: z.enum(['grid', 'fit-columns']).default('grid'),
    /** Columns in fit-columns mode; must be ≥ 1 there (spec 2 §5). */
    column: z.number().int().min(0).max(MAX_LAYOUT).default(1),
    groupSeries: z.boolean().default(false),
    seriesIds: z.array(z.string().min(1).max(128)).max(500).default([]),
    includeKeyImages: z.boolean().default(false),
  })
  .refine((o) => o.option !== 'fit-columns' || o.column >= 1, {
    message: 'fit-columns needs at least one column',
    path: ['column'],
  });
export type PrintOptions = z.infer<typeof PrintOptions>;

/** Whether preview and save are allowed with these (possibly unfinished) choices. */
export function canPreview(o: Pick<PrintOptions, 'option' | 'column'>): boolean {
  return o.option !== 'fit-columns' || (Number.isInteger(o.column) && o.column >= 1);
}
