/** The report's selected images in the PDF: a two-column grid with captions, after the text. */
import type { Labels } from './labels';
import { type Doc, INK, MARGIN, MUTED, ensureSpace, setFont } from './layout';
import type { ReportDocument } from './model';

const GRID_COLUMNS = 2;
const GRID_GAP = 12;
const CAPTION_H = 14;
/** Tall images are bounded so that two rows fit on a page. */
const GRID_MAX_IMAGE_H = 250;

/**
 * The report's selected images (issue 6), after the text and before the signatures: two per
 * row, each scaled to fit its cell with its aspect kept, a caption under it; a row that does
 * not fit moves whole to the next page. Unreadable bytes are skipped, never fatal.
 */
export function drawImageGrid(doc: Doc, model: ReportDocument, L: Labels): void {
  const images = model.images.flatMap((img) => {
    const bytes = Buffer.from(img.base64, 'base64');
    try {
      const opened = (doc as unknown as { openImage(b: Buffer): { width: number; height: number } }).openImage(bytes);
      return [{ bytes, caption: img.caption, width: opened.width, height: opened.height }];
    } catch {
      return [];
    }
  });
  if (images.length === 0) return;
  const width = doc.page.width - 2 * MARGIN;
  const cellW = (width - GRID_GAP * (GRID_COLUMNS - 1)) / GRID_COLUMNS;
  const sized = images.map((img) => {
    const h = Math.min(GRID_MAX_IMAGE_H, (img.height / img.width) * cellW);
    return { ...img, w: Math.min(cellW, (img.width / img.height) * h), h };
  });
  ensureSpace(doc, 40 + (sized[0]?.h ?? 0) + CAPTION_H);
  doc.y += 10;
  setFont(doc, 'bold', 11).fillColor(INK).text(L.images, MARGIN, doc.y, { width });
  doc.y += 4;
  for (let i = 0; i < sized.length; i += GRID_COLUMNS) {
    const row = sized.slice(i, i + GRID_COLUMNS);
    const rowH = Math.max(...row.map((r) => r.h)) + CAPTION_H + GRID_GAP;
    ensureSpace(doc, rowH);
    const top = doc.y;
    row.forEach((img, j) => {
      const cellX = MARGIN + j * (cellW + GRID_GAP);
      doc.image(img.bytes, cellX + (cellW - img.w) / 2, top, { width: img.w, height: img.h });
      setFont(doc, 'regular', 8)
        .fillColor(MUTED)
        .text(img.caption, cellX, top + img.h + 3, { width: cellW, align: 'center', lineBreak: false, ellipsis: true });
    });
    doc.fillColor(INK);
    doc.x = MARGIN;
    doc.y = top + rowH;
  }
}
