/**
 * The signer's signature image (My profile, issue 13) in the signature block: drawn above the
 * name only when the document is digitally signed — a draft or preview never shows it.
 */
import sharp from 'sharp';
import { ensureDocumentTools } from '../../scripts/tools';
import { imagesOf, pdfText, qpdfCheck, renderPage } from '../testing/pdf-tools';
import { sampleReport } from '../testing/sample-report';
import type { SignatureAppearance } from './model';
import { renderReportPdf } from './render';

beforeAll(() => ensureDocumentTools());

const appearance: SignatureAppearance = {
  signerName: 'Dr. João Silva',
  certificateSubject: 'CN=Dr. João Silva',
  certificateIssuer: 'CN=AC Teste',
  signedAt: new Date('2026-11-20T13:30:00Z'),
  verificationCode: 'ABCD-EFGH-IJKL',
  verifyUrl: 'https://laudos.test/verify/ABCD-EFGH-IJKL',
  policy: 'icp-brasil-ad-rb',
};

it('draws each signer’s image only on a signed document', async () => {
  const image = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#1a237e' } })
    .png()
    .toBuffer();
  const base = sampleReport();
  const input = {
    ...base,
    signers: base.signers.map((s) => ({ ...s, signatureImageBase64: image.toString('base64') })),
  };
  const draft = await renderReportPdf(input);
  expect(imagesOf(draft).filter((i) => i.width === 600)).toEqual([]);

  const signed = await renderReportPdf(input, { signature: appearance });
  expect(qpdfCheck(signed)).toMatchObject({ ok: true });
  expect(imagesOf(signed).filter((i) => i.width === 600 && i.height === 200)).toHaveLength(base.signers.length);
  expect(pdfText(signed)).toContain('Dr. João Silva');
  renderPage(signed, 'report-signature-image');

  // A signer without an image, or an unreadable one, still signs with name and council.
  const broken = {
    ...base,
    signers: base.signers.map((s) => ({ ...s, signatureImageBase64: Buffer.from('not an image').toString('base64') })),
  };
  const stillSigned = await renderReportPdf(broken, { signature: appearance });
  expect(qpdfCheck(stillSigned)).toMatchObject({ ok: true });
  expect(pdfText(stillSigned)).toContain('Dr. João Silva');
});
