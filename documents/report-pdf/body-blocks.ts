/** The report text in the PDF: its images decoded, then paragraphs, headings, lists, tables, images and rules laid out. */
import sharp from 'sharp';
import type { Align, Block, Run } from './html-blocks';
import { writeInline } from './inline-layout';
import { BASE_SIZE, type Doc, INK, type Images, ensureSpace, setFont } from './layout';

const HEADING_SIZES = [0, 17, 14.5, 13, 12, 11, 10.5];

export async function decodeImages(blocks: Block[], into: Images = new Map()): Promise<Images> {
  for (const b of blocks) {
    if (b.type === 'image' && !into.has(b.src)) {
      const m = b.src.match(/^data:image\/([a-z+]+);base64,(.+)$/i);
      if (!m) continue; // remote images are never fetched from a document renderer
      const bytes = Buffer.from(m[2] ?? '', 'base64');
      const kind = (m[1] ?? '').toLowerCase();
      try {
        into.set(b.src, kind === 'png' || kind === 'jpeg' || kind === 'jpg' ? bytes : await sharp(bytes).png().toBuffer());
      } catch {
        // An unreadable image is left out rather than failing the whole report.
      }
    } else if (b.type === 'list') for (const item of b.items) await decodeImages(item, into);
    else if (b.type === 'table') for (const row of b.rows) for (const cell of row.cells) await decodeImages(cell, into);
  }
  return into;
}

export function writeRuns(
  doc: Doc,
  runs: Run[],
  x: number,
  width: number,
  align: Align,
  baseSize: number,
  baseBold = false,
): void {
  writeInline(doc, runs, x, width, align, baseSize, { baseBold, color: INK });
}

export function renderBlocks(doc: Doc, blocks: Block[], x: number, width: number, images: Images): void {
  for (const b of blocks) {
    switch (b.type) {
      case 'paragraph':
        writeRuns(doc, b.runs, x, width, b.align, BASE_SIZE);
        doc.y += 4;
        break;
      case 'heading':
        ensureSpace(doc, 40);
        doc.y += 6;
        writeRuns(doc, b.runs, x, width, b.align, HEADING_SIZES[b.level] ?? BASE_SIZE, true);
        doc.y += 4;
        break;
      case 'list':
        b.items.forEach((item, i) => {
          ensureSpace(doc, BASE_SIZE * 1.6);
          const y = doc.y;
          setFont(doc, 'regular', BASE_SIZE)
            .fillColor(INK)
            .text(b.ordered ? `${b.start + i}.` : '•', x, y, { width: 18, align: 'right' });
          doc.y = y;
          renderBlocks(
            doc,
            item.length > 0 ? item : [{ type: 'paragraph', runs: [], align: 'left' }],
            x + 24,
            width - 24,
            images,
          );
        });
        doc.y += 2;
        break;
      case 'table':
        renderTable(doc, b.rows, x, width, images);
        break;
      case 'image': {
        const bytes = images.get(b.src);
        if (!bytes) break;
        const img = (doc as unknown as { openImage(b: Buffer): { width: number; height: number } }).openImage(bytes);
        const w = Math.min(width, b.width ?? img.width * 0.75);
        const h = (img.height / img.width) * w;
        const maxH = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
        const [dw, dh] = h > maxH ? [(w * maxH) / h, maxH] : [w, h];
        ensureSpace(doc, dh + 6);
        const ix = b.align === 'center' ? x + (width - dw) / 2 : b.align === 'right' ? x + width - dw : x;
        doc.image(bytes, ix, doc.y, { width: dw, height: dh });
        doc.y += dh + 6;
        break;
      }
      case 'rule':
        ensureSpace(doc, 10);
        doc
          .moveTo(x, doc.y + 4)
          .lineTo(x + width, doc.y + 4)
          .lineWidth(0.5)
          .strokeColor('#999999')
          .stroke();
        doc.y += 10;
        break;
    }
    doc.x = x;
  }
}

function plain(blocks: Block[]): string {
  return blocks
    .map((b) =>
      b.type === 'paragraph' || b.type === 'heading'
        ? b.runs.map((r) => r.text).join('')
        : b.type === 'list'
          ? b.items.map((i) => `• ${plain(i)}`).join('\n')
          : b.type === 'table'
            ? b.rows.map((r) => r.cells.map(plain).join(' ')).join('\n')
            : '',
    )
    .join('\n');
}

/**
 * A table, row by row; a row that does not fit starts a new page, and there the table's header
 * rows (its leading <th> rows) are drawn again first, so every page of the table says what its
 * columns are.
 */
function renderTable(doc: Doc, rows: { header: boolean; cells: Block[][] }[], x: number, width: number, images: Images): void {
  const cols = Math.max(1, ...rows.map((r) => r.cells.length));
  const colW = width / cols;
  const pad = 4;
  const heightOf = (row: { header: boolean; cells: Block[][] }) => {
    // Measured with the cell's plain text; a little slack covers mixed sizes.
    setFont(doc, row.header ? 'bold' : 'regular', BASE_SIZE - 0.5);
    return (
      Math.max(...row.cells.map((c) => doc.heightOfString(plain(c) || ' ', { width: colW - 2 * pad, lineGap: 2 }))) + 2 * pad + 2
    );
  };
  const drawRow = (row: { header: boolean; cells: Block[][] }, h: number) => {
    const top = doc.y;
    row.cells.forEach((cell, i) => {
      const cx = x + i * colW;
      if (row.header) doc.rect(cx, top, colW, h).fillColor('#eeeeee').fill();
      doc.rect(cx, top, colW, h).lineWidth(0.5).strokeColor('#888888').stroke();
      doc.y = top + pad;
      const content = row.header
        ? cell.map((b) => (b.type === 'paragraph' ? { ...b, runs: b.runs.map((r) => ({ ...r, bold: true })) } : b))
        : cell;
      renderBlocks(doc, content, cx + pad, colW - 2 * pad, images);
    });
    doc.x = x;
    doc.y = top + h;
  };
  const leading = rows.findIndex((r) => !r.header);
  const headerRows = (leading === -1 ? rows : rows.slice(0, leading)).map((r) => ({ row: r, h: heightOf(r) }));
  const headerH = headerRows.reduce((sum, r) => sum + r.h, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  doc.y += 2;
  rows.forEach((row, i) => {
    const h = heightOf(row);
    const isHeader = i < headerRows.length;
    // The header rows stay with the first body row; a body row moved to a new page takes them along.
    const firstBody = rows[headerRows.length];
    const need = i === 0 && isHeader ? headerH + (firstBody ? heightOf(firstBody) : 0) : h;
    if (doc.y + need > bottom()) {
      doc.addPage();
      if (!isHeader) for (const r of headerRows) drawRow(r.row, r.h);
    }
    drawRow(row, h);
  });
  doc.y += 6;
}
