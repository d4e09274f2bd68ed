/**
 * Places images on pages (spec 2 §3): grid = row x col equal cells per page; fit-columns =
 * `column` square cells per row, as many rows as fit the page height. With groupSeries every
 * series starts on a new page. Pure, so the PDF activity and the web page sketch agree.
 */
import { PAPER_POINTS, type PrintOptions } from './options';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PrintImage {
  seriesId: string;
}

export interface PlacedImage<T extends PrintImage> extends Box {
  image: T;
}

export type Page<T extends PrintImage> = PlacedImage<T>[];

export function pageDimensions(o: Pick<PrintOptions, 'pageSize' | 'orientation'>): { width: number; height: number } {
  const { width, height } = PAPER_POINTS[o.pageSize];
  return o.orientation === 'landscape' ? { width: height, height: width } : { width, height };
}

/** Cells of one page inside `area`, in reading order (left to right, top to bottom). */
export function pageCells(o: Pick<PrintOptions, 'option' | 'column' | 'layout'>, area: Box, gap = 4): Box[] {
  let rows: number;
  let cols: number;
  if (o.option === 'fit-columns') {
    if (o.column < 1) throw new RangeError('fit-columns needs at least one column');
    cols = o.column;
    const side = (area.width - gap * (cols - 1)) / cols;
    rows = Math.max(1, Math.floor((area.height + gap) / (side + gap)));
    const cells: Box[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++)
        cells.push({
          x: area.x + c * (side + gap),
          y: area.y + r * (side + gap),
          width: side,
          height: Math.min(side, area.height),
        });
    return cells;
  }
  rows = o.layout.row;
  cols = o.layout.col;
  const width = (area.width - gap * (cols - 1)) / cols;
  const height = (area.height - gap * (rows - 1)) / rows;
  const cells: Box[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) cells.push({ x: area.x + c * (width + gap), y: area.y + r * (height + gap), width, height });
  return cells;
}

/** Splits the images into pages of placed cells. No images → no pages. */
export function paginate<T extends PrintImage>(
  images: readonly T[],
  o: Pick<PrintOptions, 'option' | 'column' | 'layout' | 'groupSeries'>,
  area: Box,
  gap = 4,
): Page<T>[] {
  const cells = pageCells(o, area, gap);
  const groups: T[][] = [];
  if (o.groupSeries) {
    const bySeries = new Map<string, T[]>();
    for (const img of images) {
      const list = bySeries.get(img.seriesId) ?? [];
      if (list.length === 0) bySeries.set(img.seriesId, list);
      list.push(img);
    }
    groups.push(...bySeries.values());
  } else if (images.length > 0) groups.push([...images]);
  const pages: Page<T>[] = [];
  for (const group of groups)
    for (let i = 0; i < group.length; i += cells.length)
      pages.push(group.slice(i, i + cells.length).map((image, k) => ({ image, ...cells[k]! })));
  return pages;
}
