/** The page frame of the report PDF: the institution header on every page, the patient and exam block, the footer. */
import { formatAge } from './age';
import { formatDateTime } from '../../domain/dates';
import type { Labels } from './labels';
import { type Doc, HEADER_HEIGHT, INK, MARGIN, MUTED, setFont } from './layout';
import type { ReportDocument } from './model';

export function drawHeader(doc: Doc, model: ReportDocument, logo: Buffer | null, L: Labels): void {
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

export function drawPatientBlock(doc: Doc, model: ReportDocument, L: Labels): void {
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

export function drawFooter(doc: Doc, model: ReportDocument, L: Labels, n: number, of: number): void {
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
