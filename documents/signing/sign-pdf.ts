/**
 * Renders a report and signs it (PAdES, one signature covering the whole file): pdfkit draws
 * the visible block and @signpdf's placeholder; the CMS comes from our CAdES signer.
 */
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import signpdf from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { ReportDocumentInput } from '../report-pdf/model';
import { renderReportPdf } from '../report-pdf/render';
import { type A1, A1Error, distinguishedName, holderName, isValidAt } from './a1-certificate';
import { CadesSigner } from './cades-signer';

export interface SignRequest {
  document: ReportDocumentInput;
  a1: A1;
  verificationCode: string;
  verifyUrl: string;
  signedAt?: Date;
}

/** The signed PDF; refuses a certificate outside its validity (A1Error 'expired'). */
export async function renderSignedReport(req: SignRequest): Promise<Buffer> {
  const signedAt = req.signedAt ?? new Date();
  const cert = req.a1.certificate;
  if (!isValidAt(cert, signedAt)) throw new A1Error('expired');
  const signerName = holderName(cert);
  const unsigned = await renderReportPdf(req.document, {
    creationDate: signedAt,
    signature: {
      signerName,
      certificateSubject: distinguishedName(cert.subject.attributes),
      certificateIssuer: distinguishedName(cert.issuer.attributes),
      signedAt,
      verificationCode: req.verificationCode,
      verifyUrl: req.verifyUrl,
    },
    onSignatureBlock: (doc, widgetRect) => {
      pdfkitAddPlaceholder({
        pdf: doc,
        pdfBuffer: Buffer.alloc(0),
        reason: 'Laudo assinado digitalmente',
        contactInfo: req.verifyUrl,
        name: signerName,
        location: 'Brasil',
        signingTime: signedAt,
        signatureLength: 16384,
        subFilter: SUBFILTER_ETSI_CADES_DETACHED,
        widgetRect,
        appName: 'Laudos',
      });
    },
  });
  return signpdf.sign(unsigned, new CadesSigner(req.a1.key, cert, req.a1.chain));
}
