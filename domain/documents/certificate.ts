/** The user's A1 certificate as `GET /digitalSignature` (and its upload and removal) present it. */
import { z } from 'zod';

export const Certificate = z.object({
  personalKeyId: z.string(),
  subject: z.string(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  uploadedAt: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;

/** The registered certificate, or null (none, or just removed). */
export const CertificateAnswer = z.object({ certificate: Certificate.nullable() });
export type CertificateAnswer = z.infer<typeof CertificateAnswer>;
