/**
 * What a report PDF shows: everything the renderer needs, already read and scoped by the
 * caller, so rendering is a pure function of this value (and its hash names the file).
 */
import { z } from 'zod';
import { ProfessionalCouncil } from '../../domain/people/professional-id';
import type { SignaturePolicy } from '../signing/trust';

export const PdfLang = z.enum(['pt-BR', 'en', 'es']);
export type PdfLang = z.infer<typeof PdfLang>;

export const ReportDocument = z.object({
  lang: PdfLang.default('pt-BR'),
  /** Veterinary accounts show species and breed. */
  veterinary: z.boolean(),
  institution: z.object({
    name: z.string(),
    /** PNG or JPEG bytes, base64 (kept as text so the value hashes and serialises). */
    logoBase64: z.string().nullable().default(null),
    /** The account's PRINT_CUSTOM_HEADER text, printed under the name. */
    customHeader: z.string().nullable().default(null),
  }),
  patient: z.object({
    name: z.string(),
    id: z.string(),
    sex: z.string().nullable(),
    /** YYYY-MM-DD */
    birthDate: z.string().nullable(),
    /** The age typed in the study header (studies.patient_age), used when there is no birth date. */
    age: z.string().nullable().default(null),
    species: z.string().nullable().default(null),
    breed: z.string().nullable().default(null),
  }),
  exam: z.object({
    accessionNumber: z.string().nullable(),
    type: z.string().nullable(),
    /** ISO instant; shown in America/Sao_Paulo. */
    date: z.string().nullable(),
    modalities: z.array(z.string()),
  }),
  /** The editor's HTML. */
  contentHtml: z.string(),
  /** Critical finding text, when the account puts it in the report. */
  criticalFinding: z.string().nullable().default(null),
  version: z.number().int(),
  /**
   * The report's selected images (issue 6): study images in their order, then external files,
   * each JPEG or PNG bytes (base64) with its caption. Drawn after the text, before the signatures.
   */
  images: z
    .array(z.object({ base64: z.string(), caption: z.string(), kind: z.enum(['instance', 'external']) }))
    .max(100)
    .default([]),
  /**
   * Who signs the report: the executor, and the opinion doctor when the opinion was included,
   * each with the professional council printed under the name (CRM, or CRMV in veterinary accounts).
   */
  signers: z.array(
    z.object({
      name: z.string(),
      role: z.enum(['executor', 'opinion']),
      council: ProfessionalCouncil.nullable().default(null),
      /** The signer's signature image (PNG or JPEG, base64) from My profile, drawn above the name. */
      signatureImageBase64: z.string().nullable().default(null),
    }),
  ),
  /** A preview is marked as such on every page. */
  preview: z.boolean().default(false),
});
export type ReportDocument = z.infer<typeof ReportDocument>;
export type ReportDocumentInput = z.input<typeof ReportDocument>;

/** The visible part of a digital signature, drawn in the signature block. */
export interface SignatureAppearance {
  signerName: string;
  /** The certificate's subject CN and issuer, as printed. */
  certificateSubject: string;
  certificateIssuer: string;
  signedAt: Date;
  verificationCode: string;
  verifyUrl: string;
  /** The ICP-Brasil AD-RB policy is named only when the signature carries it. */
  policy: SignaturePolicy;
}
