/**
 * The print-layout PDF (spec 2 §3): each page has a patient/exam header line (and the
 * account's PRINT_CUSTOM_HEADER above it), then the images placed by the pure layout module,
 * each scaled to fit its cell and centred on black, as film prints are.
 */
import PDFDocument from 'pdfkit';
import { type PrintImage, pageDimensions, paginate } from '../../domain/print/layout';
import type { PrintOptions } from '../../domain/print/options';
import { fontFiles } from '../report-pdf/fonts';

export interface PrintHeader {
  customHeader?: string | null;
  patientName: string;
  patientId: string;
  accessionNumber?: string | null;
  examType?: string | null;
  /** Already formatted (America/Sao_Paulo). */
  examDate?: string | null;
}

export interface PrintPdfImage extends PrintImage {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Which image this is, as the viewer names it ('Série 2 · Imagem 3'): printed on the image's cell. */
  label?: string | null;
}

const MARGIN = 24;
const LABEL_SIZE = 7;

export async function renderPrintPdf(input: {
  options: PrintOptions;
  header: PrintHeader;
  images: PrintPdfImage[];
}): Promise<Buffer> {
  const { options, header } = input;
  const size = pageDimensions(options);
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: header.patientName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, bytes] of Object.entries(fontFiles())) doc.registerFont(name, bytes);

  const headerLines = [
    header.customHeader?.trim() || null,
    [header.patientName, header.patientId].filter(Boolean).join(' · '),
    [header.examType, header.accessionNumber, header.examDate].filter(Boolean).join(' · ') || null,
  ].filter((l): l is string => Boolean(l));
  const fontSize = 9;
  const headerHeight = headerLines.length * (fontSize + 3) + 6;
  const area = {
    x: MARGIN,
    y: MARGIN + headerHeight,
    width: size.width - 2 * MARGIN,
    height: size.height - 2 * MARGIN - headerHeight,
  };
  const pages = paginate(input.images, options, area);
  pages.forEach((page, p) => {
    doc.addPage({ size: [size.width, size.height], margin: MARGIN });
    headerLines.forEach((line, i) =>
      doc
        .font(i === 0 && header.customHeader ? 'bold' : 'regular')
        .fontSize(fontSize)
        .fillColor('black')
        .text(line, MARGIN, MARGIN + i * (fontSize + 3), { width: area.width - 50, lineBreak: false, ellipsis: true }),
    );
    doc
      .font('regular')
      .fontSize(fontSize)
      .text(`${p + 1}/${pages.length}`, size.width - MARGIN - 50, MARGIN, { width: 50, align: 'right', lineBreak: false });
    for (const cell of page) {
      doc.rect(cell.x, cell.y, cell.width, cell.height).fill('black');
      doc.image(cell.image.jpeg, cell.x, cell.y, { fit: [cell.width, cell.height], align: 'center', valign: 'center' });
      // The label in the cell's corner, white on the film's black, as a viewer overlays it.
      if (cell.image.label && cell.height >= LABEL_SIZE * 2) {
        doc.font('regular').fontSize(LABEL_SIZE);
        const w = Math.min(cell.width, doc.widthOfString(cell.image.label) + 6);
        doc.rect(cell.x, cell.y + cell.height - LABEL_SIZE - 5, w, LABEL_SIZE + 5).fill('black');
        doc.fillColor('white').text(cell.image.label, cell.x + 3, cell.y + cell.height - LABEL_SIZE - 3, {
          width: cell.width - 6,
          lineBreak: false,
          ellipsis: true,
        });
      }
    }
  });
  doc.end();
  return done;
}
