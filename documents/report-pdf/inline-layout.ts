/**
 * Lines of styled text laid out by hand: pdfkit's `continued` text misplaces runs when they
 * are centred, right-aligned or justified, or change size mid-line. Here each word is measured
 * in its own font, lines share one baseline, and justification spreads the spaces.
 */
import { type FontName, fontFor } from './fonts';
import type { Align, Run } from './html-blocks';

type Doc = PDFKit.PDFDocument;

interface Piece {
  text: string;
  space: boolean;
  font: FontName;
  size: number;
  run: Run;
  width: number;
}

interface Line {
  pieces: Piece[];
  /** Ended by a hard break or the paragraph's end: never justified. */
  hard: boolean;
}

const ascent = (doc: Doc, font: FontName, size: number) => {
  doc.font(font).fontSize(size);
  // pdfkit's font metrics (units per 1000 em)
  return ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;
};

function piecesOf(doc: Doc, runs: Run[], baseSize: number, baseBold: boolean): (Piece | 'break')[] {
  const out: (Piece | 'break')[] = [];
  for (const run of runs) {
    const font = fontFor({ bold: run.bold || baseBold, italic: run.italic });
    const size = run.size ?? baseSize;
    doc.font(font).fontSize(size);
    for (const part of run.text.split(/(\n| +)/)) {
      if (part === '') continue;
      if (part === '\n') out.push('break');
      else {
        const space = part.trim() === '';
        const text = space ? ' ' : part;
        out.push({ text, space, font, size, run, width: doc.widthOfString(text) });
      }
    }
  }
  return out;
}

/** Splits a word wider than the line into pieces that fit. */
function splitLong(doc: Doc, p: Piece, width: number): Piece[] {
  doc.font(p.font).fontSize(p.size);
  const out: Piece[] = [];
  let current = '';
  for (const ch of p.text) {
    if (current && doc.widthOfString(current + ch) > width) {
      out.push({ ...p, text: current, width: doc.widthOfString(current) });
      current = '';
    }
    current += ch;
  }
  if (current) out.push({ ...p, text: current, width: doc.widthOfString(current) });
  return out;
}

function breakLines(doc: Doc, pieces: (Piece | 'break')[], width: number): Line[] {
  const lines: Line[] = [];
  let line: Piece[] = [];
  let used = 0;
  const push = (hard: boolean) => {
    while (line.length > 0 && line[line.length - 1]!.space) line.pop();
    lines.push({ pieces: line, hard });
    line = [];
    used = 0;
  };
  for (const p of pieces) {
    if (p === 'break') {
      push(true);
      continue;
    }
    if (p.space) {
      if (line.length > 0) {
        line.push(p);
        used += p.width;
      }
      continue;
    }
    for (const w of p.width > width ? splitLong(doc, p, width) : [p]) {
      if (used + w.width > width && line.some((x) => !x.space)) push(false);
      line.push(w);
      used += w.width;
    }
  }
  push(true);
  return lines;
}

/**
 * Writes the runs from (x, doc.y) within `width`, opening pages as needed; doc.y ends under
 * the last line. An empty paragraph takes one blank line.
 */
export function writeInline(
  doc: Doc,
  runs: Run[],
  x: number,
  width: number,
  align: Align,
  baseSize: number,
  opts: { baseBold?: boolean; color: string; lineGap?: number },
): void {
  const lineGap = opts.lineGap ?? 2.5;
  const lines = breakLines(doc, piecesOf(doc, runs, baseSize, Boolean(opts.baseBold)), width);
  for (const line of lines) {
    const sizes = line.pieces.length > 0 ? line.pieces : [{ font: 'regular' as FontName, size: baseSize }];
    const maxAscent = Math.max(...sizes.map((p) => ascent(doc, p.font, p.size)));
    const height = Math.max(...sizes.map((p) => p.size)) * 1.2 + lineGap;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    const natural = line.pieces.reduce((s, p) => s + p.width, 0);
    const spaces = line.pieces.filter((p) => p.space).length;
    const extra = align === 'justify' && !line.hard && spaces > 0 ? (width - natural) / spaces : 0;
    let cx = x + (align === 'center' ? (width - natural) / 2 : align === 'right' ? width - natural : 0);
    for (const p of line.pieces) {
      const w = p.width + (p.space ? extra : 0);
      if (!p.space) {
        // Every piece sits on the line's baseline, whatever its size.
        const y = top + maxAscent - ascent(doc, p.font, p.size);
        doc
          .font(p.font)
          .fontSize(p.size)
          .fillColor(p.run.color ?? opts.color)
          .text(p.text, cx, y, { lineBreak: false, underline: Boolean(p.run.underline), strike: Boolean(p.run.strike) });
      }
      cx += w;
    }
    doc.y = top + height;
  }
  doc.x = x;
  doc.fillColor(opts.color);
}
