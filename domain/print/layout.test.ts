import { pageCells, pageDimensions, paginate } from './layout';
import {
  MAX_SAVED_LAYOUTS,
  PrintConfig,
  PrintConfigBody,
  PrintOptions,
  canPreview,
  initialPrintOptions,
  quickPickLayouts,
  rememberLayout,
} from './options';

const area = { x: 0, y: 0, width: 400, height: 600 };
const imgs = (spec: [string, number][]) => spec.flatMap(([s, n]) => Array.from({ length: n }, (_, i) => ({ seriesId: s, i })));

describe('print options', () => {
  it('defaults to portrait, A4, grid, column 1, layout 1x1 (spec 2 §9)', () => {
    expect(PrintOptions.parse({})).toEqual({
      layout: { row: 1, col: 1 },
      orientation: 'portrait',
      pageSize: 'A4',
      option: 'grid',
      column: 1,
      groupSeries: false,
      seriesIds: [],
      includeKeyImages: false,
    });
  });
  it('refuses fit-columns with 0 columns, layouts beyond 10x10 and unknown papers', () => {
    expect(PrintOptions.safeParse({ option: 'fit-columns', column: 0 }).success).toBe(false);
    expect(PrintOptions.safeParse({ option: 'grid', column: 0 }).success).toBe(true);
    expect(PrintOptions.safeParse({ layout: { row: 11, col: 1 } }).success).toBe(false);
    expect(PrintOptions.safeParse({ layout: { row: 10, col: 10 } }).success).toBe(true);
    expect(PrintOptions.safeParse({ pageSize: 'A6' }).success).toBe(false);
  });
  it('preview is allowed only with ≥ 1 column in fit-columns', () => {
    expect(canPreview({ option: 'fit-columns', column: 0 })).toBe(false);
    expect(canPreview({ option: 'fit-columns', column: 2 })).toBe(true);
    expect(canPreview({ option: 'grid', column: 0 })).toBe(true);
  });
});

describe('saved print config (ADR 007)', () => {
  it('a config saved before the layouts list reads with an empty list', () => {
    expect(PrintConfig.parse({ layout: { row: 2, col: 2 }, orientation: 'landscape' })).toMatchObject({
      layout: { row: 2, col: 2 },
      orientation: 'landscape',
      layouts: [],
    });
  });
  it('the PATCH body refuses unknown keys, bad layouts and a list over the limit', () => {
    expect(PrintConfigBody.safeParse({ layouts: [{ row: 2, col: 5 }] }).success).toBe(true);
    expect(PrintConfigBody.safeParse({ foo: 1 }).success).toBe(false);
    expect(PrintConfigBody.safeParse({ layouts: [{ row: 0, col: 1 }] }).success).toBe(false);
    expect(
      PrintConfigBody.safeParse({ layouts: Array.from({ length: MAX_SAVED_LAYOUTS + 1 }, (_, i) => ({ row: 1, col: i + 1 })) })
        .success,
    ).toBe(false);
    expect(PrintConfigBody.safeParse({ option: 'fit-columns', column: 0 }).success).toBe(false);
  });
  it('a saved layout goes first, once, and the list keeps its limit', () => {
    expect(
      rememberLayout(
        [
          { row: 1, col: 1 },
          { row: 2, col: 5 },
        ],
        { row: 2, col: 5 },
      ),
    ).toEqual([
      { row: 2, col: 5 },
      { row: 1, col: 1 },
    ]);
    const full = Array.from({ length: MAX_SAVED_LAYOUTS }, (_, i) => ({ row: 1, col: i + 1 }));
    const next = rememberLayout(full, { row: 7, col: 7 });
    expect(next).toHaveLength(MAX_SAVED_LAYOUTS);
    expect(next[0]).toEqual({ row: 7, col: 7 });
    expect(next).not.toContainEqual(full.at(-1));
  });
  it('quick picks are the saved layouts that are not presets', () => {
    expect(
      quickPickLayouts([
        { row: 3, col: 3 },
        { row: 2, col: 5 },
        { row: 1, col: 4 },
      ]),
    ).toEqual([{ row: 2, col: 5 }]);
  });
  it('the dialog starts with the saved config, else the defaults at 3x3 (spec 2 §9)', () => {
    expect(initialPrintOptions(undefined)).toEqual({ ...PrintOptions.parse({}), layout: { row: 3, col: 3 } });
    expect(initialPrintOptions({ ...PrintConfig.parse({}), saved: false }).layout).toEqual({ row: 3, col: 3 });
    const saved = initialPrintOptions({ ...PrintConfig.parse({ layout: { row: 1, col: 1 }, pageSize: 'A3' }), saved: true });
    expect(saved).toEqual({ ...PrintOptions.parse({}), pageSize: 'A3' });
    expect(saved).not.toHaveProperty('layouts');
  });
});

describe('page dimensions', () => {
  it('A4 portrait and landscape, A0 and A5 in points', () => {
    expect(pageDimensions({ pageSize: 'A4', orientation: 'portrait' })).toEqual({ width: 595.28, height: 841.89 });
    expect(pageDimensions({ pageSize: 'A4', orientation: 'landscape' })).toEqual({ width: 841.89, height: 595.28 });
    expect(pageDimensions({ pageSize: 'A0', orientation: 'portrait' }).height).toBeCloseTo((1189 * 72) / 25.4, 0);
    expect(pageDimensions({ pageSize: 'A5', orientation: 'portrait' }).width).toBeCloseTo((148 * 72) / 25.4, 0);
  });
});

describe('paginate', () => {
  const grid = (row: number, col: number, groupSeries = false) =>
    ({ option: 'grid', column: 1, layout: { row, col }, groupSeries }) as const;

  it.each([
    [0, 0],
    [1, 1],
    [4, 1],
    [5, 2],
    [9, 3],
  ])('2x2 grid: %i images → %i pages', (n, pages) => {
    expect(paginate(imgs([['a', n]]), grid(2, 2), area)).toHaveLength(pages);
  });

  it('2x2 cells tile the area in reading order with the gap between them', () => {
    const [page] = paginate(imgs([['a', 4]]), grid(2, 2), area, 10);
    expect(page!.map(({ x, y, width, height }) => [x, y, width, height])).toEqual([
      [0, 0, 195, 295],
      [205, 0, 195, 295],
      [0, 305, 195, 295],
      [205, 305, 195, 295],
    ]);
  });

  it('group series starts each series on a new page', () => {
    const pages = paginate(
      imgs([
        ['a', 3],
        ['b', 2],
      ]),
      grid(2, 2, true),
      area,
    );
    expect(pages.map((p) => p.map((c) => c.image.seriesId).join(''))).toEqual(['aaa', 'bb']);
    expect(
      paginate(
        imgs([
          ['a', 3],
          ['b', 2],
        ]),
        grid(2, 2),
        area,
      ),
    ).toHaveLength(2);
    expect(
      paginate(
        imgs([
          ['a', 2],
          ['b', 2],
        ]),
        grid(2, 2),
        area,
      ),
    ).toHaveLength(1);
  });

  it('fit-columns: square cells, as many rows as fit', () => {
    const cells = pageCells({ option: 'fit-columns', column: 2, layout: { row: 1, col: 1 } }, area, 0);
    // 200 pt squares; 600 pt high → 3 rows
    expect(cells).toHaveLength(6);
    expect(cells.every((c) => c.width === 200 && c.height === 200)).toBe(true);
    expect(
      paginate(imgs([['a', 7]]), { option: 'fit-columns', column: 2, layout: { row: 1, col: 1 }, groupSeries: false }, area, 0),
    ).toHaveLength(2);
    expect(() => pageCells({ option: 'fit-columns', column: 0, layout: { row: 1, col: 1 } }, area)).toThrow(RangeError);
  });

  it('a 10x10 page holds 100 images', () => {
    expect(paginate(imgs([['a', 101]]), grid(10, 10), area).map((p) => p.length)).toEqual([100, 1]);
  });
});
