/**
 * The report PDF (pdfkit): institution header on every page, patient and exam block, the
 * report text as the editor wrote it, the signature block and page numbers. Pure: the same
 * document value gives the same pages; a signer adds its placeholder through `onSignatureBlock`.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { decodeImages, renderBlocks, writeRuns } from './body-blocks';
import { fontFiles } from './fonts';
import { parseReportHtml } from './html-blocks';
import { drawImageGrid } from './image-grid';
import { labelsFor } from './labels';
import { BASE_SIZE, type Doc, FOOTER_HEIGHT, HEADER_HEIGHT, MARGIN, ensureSpace } from './layout';
import { ReportDocument, type ReportDocumentInput, type SignatureAppearance } from './model';
import { drawFooter, drawHeader, drawPatientBlock } from './page-frame';
import { drawSignatureBlock } from './signature-block';

export interface RenderOptions {
  /** Draws the digital signature's visible block (signing). */
  signature?: SignatureAppearance;
  /** Called on the signature's page before the document ends, with its rectangle in PDF space. */
  onSignatureBlock?: (doc: Doc, widgetRect: [number, number, number, number]) => void;
  /** Fixed creation date (tests, content-addressed names). */
  creationDate?: Date;
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
