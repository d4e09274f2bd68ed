/**
 * Two-factor sign-in (spec 3 §4 'Two-factor', §5, §7, §9): the kinds, the limits and the shapes
 * the api and the web share.
 */
import { z } from 'zod';

export const TWO_FACTOR_TYPES = ['email', 'authenticator'] as const;
export const TwoFactorType = z.enum(TWO_FACTOR_TYPES);
export type TwoFactorType = z.infer<typeof TwoFactorType>;

/** Spec 3 §9: a verification holds 24 h; after that the session asks for a code again. */
export const TWO_FACTOR_VALIDITY_MS = 86_400_000;
/** Spec 3 §9: the e-mail code may be sent again only after 90 s. */
export const EMAIL_CODE_RESEND_MS = 90_000;
/** The e-mail code's life (issue 13). */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** Spec 3 §5: a code has at least 6 characters. */
export const CODE_MIN_LENGTH = 6;
/** Wrong codes one session may try before it is ended (a 6-digit code must not be guessable). */
export const MAX_CODE_FAILURES = 10;

/**
 * Where a session stands: 'verify' — a password opened it and the user's code is still due;
 * 'enrol' — the account requires two-factor and the user has none yet.
 */
export const SecondFactorStep = z.enum(['verify', 'enrol']);
export type SecondFactorStep = z.infer<typeof SecondFactorStep>;

/** POST /auth/two-authentication and /save. The length rule is checked by the handler (own message). */
export const TwoFactorCodeBody = z.object({ token: z.string().trim().max(64), type: TwoFactorType }).strict();
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBody>;

/** POST /auth/two-authentication/disable */
export const TwoFactorDisableBody = z.object({ token: z.string().trim().max(64) }).strict();

/** GET /auth/two-authentication: the user's setting and, for a limited session, what is due. */
export const TwoFactorStatus = z.object({
  type: TwoFactorType.nullable(),
  /** null: the session is not limited. */
  pending: SecondFactorStep.nullable(),
  /** The account requires two-factor (it may not be turned off). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The last e-mail code sent to the user (ISO), for the resend countdown. */
  emailCodeSentAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/**
 * The `data` of POST /auth and GET /auth for a session the second factor still limits: the token
 * and what is due, nothing of the user's accounts (they are for verified sessions only).
 */
export const PendingSession = z.object({
  accessToken: z.string(),
  secondFactor: TwoFactorStatus,
});
export type PendingSession = z.infer<typeof PendingSession>;

/** GET /auth/two-authentication/qrcode */
export const TwoFactorQrCode = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
export type TwoFactorQrCode = z.infer<typeof TwoFactorQrCode>;

/** POST /auth/two-authentication/email */
export const EmailCodeSent = z.object({ sentAt: z.string(), expiresAt: z.string() });

/** POST /auth/two-authentication/save: the recovery codes, shown this once. */
export const TwoFactorSaved = z.object({ type: TwoFactorType, recoveryCodes: z.array(z.string()) });
export type TwoFactorSaved = z.infer<typeof TwoFactorSaved>;
