/** The report PDF's shared layout: margins, bands, base size and colours, and the helpers every part draws with. */
import type { FontName } from './fonts';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
export const HEADER_HEIGHT = 62;
export const FOOTER_HEIGHT = 30;
export const BASE_SIZE = 10.5;
export const INK = '#1a1a1a';
export const MUTED = '#555555';

/** Images of the report, decoded before layout (pdfkit draws PNG and JPEG only). */
export type Images = Map<string, Buffer>;

export function setFont(doc: Doc, font: FontName, size: number): Doc {
  return doc.font(font).fontSize(size);
}

export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}
