/**
 * The report PDF (pdfkit): institution header on every page, patient and exam block, the
 * report text as the editor wrote it, the signature block and page numbers. Pure: the same
 * document value gives the same pages; a signer adds its placeholder through `onSignatureBlock`.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { formatAge } from './age';
import { formatDateTime } from '../../domain/dates';
import { councilText } from '../../domain/people/professional-id';
import { type FontName, fontFiles } from './fonts';
import { type Align, type Block, type Run, parseReportHtml } from './html-blocks';
import { writeInline } from './inline-layout';
import { type Labels, labelsFor } from './labels';
import { ReportDocument, type ReportDocumentInput, type SignatureAppearance } from './model';

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const HEADER_HEIGHT = 62;
const FOOTER_HEIGHT = 30;
const BASE_SIZE = 10.5;
const HEADING_SIZES = [0, 17, 14.5, 13, 12, 11, 10.5];
const INK = '#1a1a1a';
const MUTED = '#555555';
/** What the signature box says of the signature: the ICP-Brasil policy only when it was claimed. */
const POLICY_TEXT = { 'icp-brasil-ad-rb': 'ICP-Brasil PAdES AD-RB', none: 'PAdES' } as const;

export interface RenderOptions {
  /** Draws the digital signature's visible block (signing). */
  signature?: SignatureAppearance;
  /** Called on the signature's page before the document ends, with its rectangle in PDF space. */
  onSignatureBlock?: (doc: Doc, widgetRect: [number, number, number, number]) => void;
  /** Fixed creation date (tests, content-addressed names). */
  creationDate?: Date;
}

/** Images of the report, decoded before layout (pdfkit draws PNG and JPEG only). */
type Images = Map<string, Buffer>;

async function decodeImages(blocks: Block[], into: Images = new Map()): Promise<Images> {
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

export async function renderReportPdf(input: ReportDocumentInput, options: RenderOptions = {}): Promise<Buffer> {
  const model = ReportDocument.parse(input);
  const blocks = parseReportHtml(model.contentHtml);
  const images = await decodeImages(blocks);
  const qr = options.signature
    ? await QRCode.toBuffer(options.signature.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' })
    : null;
  const L = labelsFor(model.lang);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    pdfVersion: '1.7',
    lang: model.lang,
    displayTitle: true,
    autoFirstPage: false,
    info: {
      Title: `${model.patient.name} — ${model.exam.type ?? model.exam.modalities.join('/')}`,
      Author: model.signers.map((s) => s.name).join(', '),
      Creator: 'Laudos',
      Producer: 'Laudos (pdfkit)',
      CreationDate: options.creationDate ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const fonts = fontFiles();
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  const logo = model.institution.logoBase64 ? Buffer.from(model.institution.logoBase64, 'base64') : null;
  doc.on('pageAdded', () => drawHeader(doc, model, logo, L));
  doc.addPage();

  drawPatientBlock(doc, model, L);
  const width = doc.page.width - MARGIN * 2;
  renderBlocks(doc, blocks, MARGIN, width, images);
  if (model.criticalFinding) {
    ensureSpace(doc, 40);
    doc.moveDown(0.6);
    writeRuns(
      doc,
      [{ text: `${L.criticalFinding}: `, bold: true, color: '#b00020' }, { text: model.criticalFinding }],
      MARGIN,
      width,
      'left',
      BASE_SIZE,
    );
  }
  drawImageGrid(doc, model, L);
  const widgetRect = drawSignatureBlock(doc, model, L, options.signature, qr);

  // Page numbers and the preview mark, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, model, L, i - range.start + 1, range.count);
  }
  doc.switchToPage(range.start + range.count - 1);
  options.onSignatureBlock?.(doc, widgetRect);
  doc.end();
  return ended;
}

function setFont(doc: Doc, font: FontName, size: number): Doc {
  return doc.font(font).fontSize(size);
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawHeader(doc: Doc, model: ReportDocument, logo: Buffer | null, L: Labels): void {
  const top = MARGIN - 10;
  let textX = MARGIN;
  if (logo) {
    try {
      doc.image(logo, MARGIN, top, { fit: [120, 48] });
      textX = MARGIN + 130;
    } catch {
      // a logo pdfkit cannot read is skipped; the name still identifies the institution
    }
  }
  const width = doc.page.width - MARGIN - textX;
  setFont(doc, 'bold', 13).fillColor(INK).text(model.institution.name, textX, top, { width, lineBreak: false, ellipsis: true });
  if (model.institution.customHeader) {
    setFont(doc, 'regular', 8.5)
      .fillColor(MUTED)
      .text(model.institution.customHeader, textX, top + 18, { width, height: 30, ellipsis: true });
  }
  if (model.preview) {
    setFont(doc, 'bold', 8.5)
      .fillColor('#b00020')
      .text(L.preview, MARGIN, top - 14, { width: doc.page.width - 2 * MARGIN, align: 'right' });
  }
  const lineY = MARGIN + HEADER_HEIGHT - 12;
  doc
    .moveTo(MARGIN, lineY)
    .lineTo(doc.page.width - MARGIN, lineY)
    .lineWidth(0.8)
    .strokeColor('#999999')
    .stroke();
  doc.fillColor(INK);
  doc.x = MARGIN;
  doc.y = doc.page.margins.top;
}

function drawPatientBlock(doc: Doc, model: ReportDocument, L: Labels): void {
  const p = model.patient;
  const e = model.exam;
  const rows: [string, string][] = [
    [L.patient, p.name],
    [L.patientId, p.id],
    [L.age, formatAge(p, e.date, L) ?? '—'],
    [L.sex, p.sex ? (L.sexes[p.sex] ?? p.sex) : '—'],
  ];
  if (model.veterinary) rows.push([L.species, p.species ?? '—'], [L.breed, p.breed ?? '—']);
  rows.push(
    [L.accession, e.accessionNumber ?? '—'],
    [L.exam, [e.type, e.modalities.join('/')].filter(Boolean).join(' — ') || '—'],
    [L.examDate, e.date ? formatDateTime(e.date, model.lang) : '—'],
  );
  const colWidth = (doc.page.width - 2 * MARGIN) / 2;
  const startY = doc.y;
  const lineH = 14;
  rows.forEach(([label, value], i) => {
    // The patient's name spans the whole width; the rest go in two columns.
    const col = i === 0 ? 0 : (i - 1) % 2;
    const row = i === 0 ? 0 : 1 + Math.floor((i - 1) / 2);
    const x = MARGIN + col * colWidth;
    const y = startY + row * lineH;
    const w = i === 0 ? colWidth * 2 : colWidth - 8;
    setFont(doc, 'bold', 9).fillColor(MUTED).text(`${label}: `, x, y, { continued: true, width: w, lineBreak: false });
    setFont(doc, 'regular', 9).fillColor(INK).text(value, { width: w, lineBreak: false, ellipsis: true });
  });
  const endY = startY + (1 + Math.ceil((rows.length - 1) / 2)) * lineH + 4;
  doc
    .moveTo(MARGIN, endY)
    .lineTo(doc.page.width - MARGIN, endY)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
  doc.x = MARGIN;
  doc.y = endY + 12;
}

function writeRuns(doc: Doc, runs: Run[], x: number, width: number, align: Align, baseSize: number, baseBold = false): void {
  writeInline(doc, runs, x, width, align, baseSize, { baseBold, color: INK });
}

function renderBlocks(doc: Doc, blocks: Block[], x: number, width: number, images: Images): void {
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
function drawImageGrid(doc: Doc, model: ReportDocument, L: Labels): void {
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

/** The signers' block; with a digital signature, its visible appearance and QR code. */
function drawSignatureBlock(
  doc: Doc,
  model: ReportDocument,
  L: Labels,
  sig: SignatureAppearance | undefined,
  qr: Buffer | null,
): [number, number, number, number] {
  // Signature images (My profile) are drawn only on a signed document: on a draft or preview
  // they would pass for a signature that is not there.
  const withImages = Boolean(sig) && model.signers.some((s) => s.signatureImageBase64);
  const imageH = withImages ? SIGNATURE_IMAGE_HEIGHT : 0;
  const namesH = 70 + imageH;
  const blockH = namesH + (sig ? 78 : 0);
  ensureSpace(doc, blockH + 20);
  doc.y += 20;
  const top = doc.y + imageH;
  const pageW = doc.page.width;
  const n = Math.max(1, model.signers.length);
  const slot = (pageW - 2 * MARGIN) / n;
  // Under each name: the profession (a veterinary account's doctors are veterinarians) and
  // the council registration, CRM or CRMV with its number and UF.
  const profession = model.veterinary ? L.veterinarian : L.executor;
  model.signers.forEach((s, i) => {
    const cx = MARGIN + i * slot + 20;
    const w = slot - 40;
    if (withImages && s.signatureImageBase64) drawSignatureImage(doc, s.signatureImageBase64, cx, top + 16 - imageH, w, imageH);
    doc
      .moveTo(cx, top + 18)
      .lineTo(cx + w, top + 18)
      .lineWidth(0.6)
      .strokeColor('#444444')
      .stroke();
    setFont(doc, 'bold', 10)
      .fillColor(INK)
      .text(s.name, cx, top + 22, { width: w, align: 'center', lineBreak: false, ellipsis: true });
    setFont(doc, 'regular', 8.5)
      .fillColor(MUTED)
      .text(s.role === 'executor' ? profession : `${profession} · ${L.opinion}`, cx, top + 36, { width: w, align: 'center' });
    if (s.council) {
      setFont(doc, 'regular', 8.5)
        .fillColor(INK)
        .text(councilText(s.council), cx, top + 49, { width: w, align: 'center', lineBreak: false });
    }
  });
  let rect: [number, number, number, number] = [0, 0, 0, 0];
  if (sig && qr) {
    const y = top - imageH + namesH;
    const boxW = pageW - 2 * MARGIN;
    doc.roundedRect(MARGIN, y, boxW, 72, 4).lineWidth(0.6).strokeColor('#2e7d32').stroke();
    doc.image(qr, MARGIN + 6, y + 6, { width: 60, height: 60 });
    const tx = MARGIN + 74;
    const tw = boxW - 80;
    setFont(doc, 'bold', 8.5)
      .fillColor('#2e7d32')
      .text(`${L.signedBy} ${sig.signerName}`, tx, y + 7, { width: tw });
    setFont(doc, 'regular', 7.5)
      .fillColor(INK)
      .text(`${L.at} ${formatDateTime(sig.signedAt, model.lang)} (America/Sao_Paulo) — ${POLICY_TEXT[sig.policy]}`, tx, doc.y, {
        width: tw,
      })
      .text(`${L.certificate}: ${sig.certificateSubject}`, tx, doc.y, { width: tw, lineBreak: false, ellipsis: true })
      .text(`${L.issuer}: ${sig.certificateIssuer}`, tx, doc.y, { width: tw, lineBreak: false, ellipsis: true });
    setFont(doc, 'bold', 8).text(`${L.verifyCode}: ${sig.verificationCode}`, tx, doc.y + 1, { width: tw });
    setFont(doc, 'regular', 7.5)
      .fillColor('#1a4f9c')
      .text(`${L.verifyAt} ${sig.verifyUrl}`, tx, doc.y, { width: tw, link: sig.verifyUrl });
    doc.fillColor(INK);
    // PDF space has its origin bottom-left.
    const h = doc.page.height;
    rect = [MARGIN, h - (y + 72), MARGIN + boxW, h - y];
    doc.y = y + 80;
  } else doc.y = top - imageH + namesH;
  return rect;
}

/** Height of the band above the signature line where a signer's image is drawn, in points. */
const SIGNATURE_IMAGE_HEIGHT = 48;

/** The signer's image, fitted into the band and standing on the signature line. */
function drawSignatureImage(doc: Doc, base64: string, x: number, y: number, w: number, h: number): void {
  try {
    doc.image(Buffer.from(base64, 'base64'), x, y, { fit: [w, h], align: 'center', valign: 'bottom' });
  } catch {
    // an image pdfkit cannot read is skipped; the name, council and digital signature still stand
  }
}

function drawFooter(doc: Doc, model: ReportDocument, L: Labels, n: number, of: number): void {
  // Writing inside the bottom margin must not open a new page.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = doc.page.height - MARGIN - 14;
  doc
    .moveTo(MARGIN, y - 6)
    .lineTo(doc.page.width - MARGIN, y - 6)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
  setFont(doc, 'regular', 8)
    .fillColor(MUTED)
    .text(`${model.patient.name} — ${L.version(model.version)}`, MARGIN, y, { width: 300, lineBreak: false, ellipsis: true });
  doc.text(L.page(n, of), doc.page.width - MARGIN - 150, y, { width: 150, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
  doc.fillColor(INK);
}
