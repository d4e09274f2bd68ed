/**
 * Renders a report and signs it (PAdES, one signature covering the whole file): pdfkit draws
 * the visible block and @signpdf's placeholder; the CMS comes from our CAdES signer.
 */
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import signpdf from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { ReportDocumentInput } from '../report-pdf/model';
import { renderReportPdf } from '../report-pdf/render';
import { type A1, distinguishedName, holderName } from './a1-certificate';
import { CadesSigner } from './cades-signer';
import { type TrustAnchors, checkSigningCertificate } from './trust';

export interface SignRequest {
  document: ReportDocumentInput;
  a1: A1;
  /** The configured anchors the certificate must chain to. */
  anchors: TrustAnchors;
  /** The signing user's CPF: the certificate's holder must be this person. */
  userCpf: string | null;
  verificationCode: string;
  verifyUrl: string;
  signedAt?: Date;
}

/**
 * The signed PDF. The certificate is checked at the signing time itself (validity, key usage,
 * chain, holder; A1Error with the problem), and the ICP-Brasil policy is claimed only for a
 * chain that ends in an ICP-Brasil root.
 */
export async function renderSignedReport(req: SignRequest): Promise<Buffer> {
  const signedAt = req.signedAt ?? new Date();
  const cert = req.a1.certificate;
  const { policy } = checkSigningCertificate(req.a1, req.anchors, signedAt, req.userCpf);
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
      policy,
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
  return signpdf.sign(unsigned, new CadesSigner(req.a1.key, cert, req.a1.chain, policy));
}
