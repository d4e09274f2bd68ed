/**
 * The results portal (issue 18; spec 3 §2, §5, §9): access codes, what a patient types, what the
 * staff send. Pure.
 */
import { z } from 'zod';

/** No 0/O, 1/I/L: a code read aloud or typed from paper is not misread. */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 10;

/** `bytes` (≥ ACCESS_CODE_LENGTH random bytes) as a code; 31 letters → ~49.5 bits. */
export function accessCodeFrom(bytes: Uint8Array): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += ACCESS_CODE_ALPHABET[bytes[i]! % ACCESS_CODE_ALPHABET.length];
  return code;
}

/** As printed: two groups of five ('ABCDE-FGH23'). */
export const formatAccessCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** What a patient typed, as stored: upper case, no spaces or hyphens. */
export const normalizeAccessCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

/** A birth date typed dd/mm/yyyy (spec 3 §5) or sent as an ISO day; the ISO day, or null. */
export function birthDay(typed: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed.trim());
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]].map(Number) : br ? [br[3], br[2], br[1]].map(Number) : [NaN, NaN, NaN];
  const probe = new Date(Date.UTC(y!, m! - 1, d!));
  if (Number.isNaN(probe.getTime()) || probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m! - 1 || probe.getUTCDate() !== d)
    return null;
  return probe.toISOString().slice(0, 10);
}

/** The portal's sign-in. Both patient ID and birth date are required (spec 3 §5). */
export const PortalLogin = z.object({
  patientId: z.string().trim().max(64).default(''),
  birthDate: z.string().trim().max(10).default(''),
  accessCode: z.string().trim().max(20).default(''),
});
export type PortalLogin = z.infer<typeof PortalLogin>;

export const PortalReport = z.object({
  version: z.number().int(),
  signed: z.boolean(),
  finishedAt: z.string().nullable(),
  doctorName: z.string().nullable(),
});

export const PortalResult = z.object({
  accountName: z.string(),
  institutionName: z.string().nullable(),
  patientName: z.string(),
  examType: z.string().nullable(),
  modalities: z.array(z.string()),
  examDate: z.string().nullable(),
  /** The report's document, once there is one (concluded or signed). */
  report: PortalReport.nullable(),
});
export type PortalResult = z.infer<typeof PortalResult>;

export const PortalSession = z.object({ token: z.string(), expiresAt: z.string(), result: PortalResult });
export type PortalSession = z.infer<typeof PortalSession>;

/** Sending a study's access to the patient: a new code by e-mail or WhatsApp. */
export const SendResultAccess = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), to: z.string().trim().email().max(254) }),
  z.object({
    channel: z.literal('whatsapp'),
    // E.164 without '+': Brazil's 55 + DDD + number, or any country's 8–15 digits.
    to: z
      .string()
      .transform((v) => v.replace(/[\s()+-]/g, ''))
      .pipe(z.string().regex(/^\d{10,15}$/)),
  }),
]);
export type SendResultAccess = z.infer<typeof SendResultAccess>;

export const ResultAccessAnswer = z.object({
  code: z.string(),
  createdAt: z.string(),
  /** WhatsApp sends: free evaluation messages left for the account after this one. */
  whatsappRemaining: z.number().int().nullable(),
});
export type ResultAccessAnswer = z.infer<typeof ResultAccessAnswer>;

/** `GET /studies/:id/result-access`: the study's active code (never the code itself) and the WhatsApp quota. */
export const ResultAccessStatus = z.object({
  active: z.object({ createdAt: z.string(), lastUsedAt: z.string().nullable() }).nullable(),
  whatsapp: z.object({ configured: z.boolean(), remaining: z.number().int().nullable() }),
});
export type ResultAccessStatus = z.infer<typeof ResultAccessStatus>;

/** The portal token of a link (the PDF opened in a tab cannot send the header). */
export const PortalTokenQuery = z.object({ portal_token: z.string().max(200).optional() });

/** Minutes a portal session lasts. */
export const PORTAL_SESSION_MINUTES = 30;
/** Wrong patient ID / birth date tries on one code before it stops working (a new code is needed). */
export const PORTAL_MAX_FAILED_ATTEMPTS = 10;
