/** The signers' block of the report PDF: names, profession and council, signature images, the digital signature's box. */
import { formatDateTime } from '../../domain/dates';
import { councilText } from '../../domain/people/professional-id';
import type { Labels } from './labels';
import { type Doc, INK, MARGIN, MUTED, ensureSpace, setFont } from './layout';
import type { ReportDocument, SignatureAppearance } from './model';

/** What the signature box says of the signature: the ICP-Brasil policy only when it was claimed. */
const POLICY_TEXT = { 'icp-brasil-ad-rb': 'ICP-Brasil PAdES AD-RB', none: 'PAdES' } as const;

/** The signers' block; with a digital signature, its visible appearance and QR code. */
export function drawSignatureBlock(
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
