/** The public check of a signed report (`GET /public/verify/:code`): what the page shows of it. */
import { z } from 'zod';

export const Verification = z.object({
  /** A reopened report archives its signed version: still authentic, no longer current. */
  status: z.enum(['valid', 'archived']),
  verificationCode: z.string(),
  version: z.number().int(),
  signedAt: z.string(),
  signerName: z.string(),
  /** The certificate's subject with the holder's CPF masked. */
  certificateSubject: z.string(),
  sha256: z.string(),
  institutionName: z.string().nullable(),
  patientInitials: z.string().nullable(),
  examType: z.string().nullable(),
  examDate: z.string().nullable(),
});
export type Verification = z.infer<typeof Verification>;

export const VerificationAnswer = z.object({ document: Verification });
