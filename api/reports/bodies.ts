/**
 * What the report calls take (spec 1 §7, spec 2 §7): their bodies and queries, validated by
 * routes.ts and documented from here (api/openapi/registry).
 */
import { z } from 'zod';
import { MAX_CONTENT_BYTES } from '../../services/reports/contents';
import { PersonalKeyPassword } from '../documents/sign-report';

const Content = z.string().max(MAX_CONTENT_BYTES);
export const Empty = z.object({}).strict();
/** The typist's finished text. */
export const FinishTypingBody = z.object({ content: Content }).strict();

export const StartBody = z.object({ structuredType: z.string().optional() }).strict();
/** `?change=` (any value but 'false') switches the report's model instead of starting it. */
export const StartQuery = z.object({ change: z.string().optional() });
export const SaveBody = z
  .object({
    content: Content,
    /** false: save the text and keep editing; true (default): finish the report. */
    finish: z.boolean().default(true),
    /** Finishing with the certificate password signs too (spec 1 §7). */
    personalKeyPassword: PersonalKeyPassword.min(1).optional(),
    lang: z.string().optional(),
    preview: z.boolean().optional(),
    laudosIds: z.array(z.string()).optional(),
    studiesIds: z.array(z.string()).optional(),
    laudoStructuredType: z.string().optional(),
    typingReview: z.boolean().optional(),
  })
  .strict();
export const ReviewBody = z
  .object({ content: Content, finish: z.boolean().default(true), preview: z.boolean().optional(), lang: z.string().optional() })
  .strict();
export const OptionalContent = z.object({ content: Content.optional(), laudoContent: Content.optional() }).strict();
export const RequestOpinionBody = z
  .object({
    laudoOpinionUserId: z.string().uuid().optional(),
    description: z.string().optional(),
    laudoContent: Content.optional(),
    laudoVersion: z.number().int().optional(),
    laudosIds: z.array(z.string()).optional(),
    studiesIdsAssociation: z.array(z.string()).optional(),
  })
  .strict();
export const GiveOpinionBody = z
  .object({
    status: z.number().int().optional(),
    conclusion: z.string().optional(),
    description: z.string().optional(),
    laudosIds: z.array(z.string()).optional(),
    studiesIdsAssociation: z.array(z.string()).optional(),
  })
  .strict();
export const ReopenBody = z
  .object({
    motive: z.string().optional(),
    /** Free text of the 'other' reason. */
    open: z.string().optional(),
    laudosIdsAssociation: z.array(z.string()).optional(),
  })
  .strict();
export const SignBody = z.object({ personalKeyPassword: PersonalKeyPassword.optional() }).strict();
export const ChangeDoctorBody = z.object({ performingPhysician: z.string().uuid().optional() }).strict();
export const AssociateBody = z
  .object({
    studiesIdsAssociation: z.array(z.string().uuid()).min(1).max(50),
    // Sent by the associateMultipleReports form; the rule (same patient and modality) is the domain's.
    modality: z.string().optional(),
    patientId: z.string().optional(),
  })
  .strict();
export const DisassociateBody = z.object({ all: z.boolean() }).strict();

/** The conclusions of the opinion dialog (spec 2 §9), by status. */
export const OPINION_CONCLUSIONS: Record<1 | 2 | 3, string> = {
  1: 'Concordar',
  2: 'Discordar, gera impacto clínico',
  3: 'Discordar, mas não gera impacto clínico',
};
