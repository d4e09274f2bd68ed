import { z } from 'zod';

/** POST /auth: a username or an e-mail, and the password. */
export const LoginBody = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    password: z.string().min(1).max(256),
  })
  .refine((b) => Boolean(b.username ?? b.email), { message: 'username or email is required' });
export type LoginBody = z.infer<typeof LoginBody>;

export const ChangeAccountBody = z.object({ accountId: z.string().uuid() }).strict();

export const InstitutionRef = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** What the user holds there: with the live snapshot, the client computes allowedActions. */
  permissions: z.array(z.string()),
  /** A deactivated institution (issue 14) stays readable but leaves filters and uploads. */
  active: z.boolean().optional(),
});

export const AccountAccess = z.object({
  id: z.string().uuid(),
  name: z.string(),
  isForHuman: z.boolean().nullable(),
  customViewerUrl: z.string().nullable(),
  keepviewerConfigInBetween: z.boolean(),
  isAdmin: z.boolean(),
  institutions: z.array(InstitutionRef),
  /** Studies opened to the user one by one (access grants): usable with no institution. */
  grantedStudies: z.boolean().default(false),
});
export type AccountAccess = z.infer<typeof AccountAccess>;

/** What login, revalidation and account switch answer (spec 3 §7, inside `data`). */
export const SessionData = z.object({
  id: z.string().uuid(),
  name: z.string(),
  username: z.string(),
  accessToken: z.string(),
  /** Kept for the spec's shape; the realtime service signs in with accessToken. */
  firebaseToken: z.string(),
  superRole: z.boolean(),
  isBillingUser: z.boolean(),
  useTwoFactor: z.boolean(),
  /** The user's registered A1 certificate (spec 1 §3 User.personalKeyId); null when none. */
  personalKeyId: z.string().nullable().default(null),
  userConfig: z.array(z.object({ key: z.string(), value: z.string() })),
  accounts: z.record(z.string(), AccountAccess),
  currentAccountId: z.string().uuid().nullable(),
});
export type SessionData = z.infer<typeof SessionData>;

/**
 * POST /auth/forgotPassword: who (username or e-mail) and where the link goes (spec 3 §7: a
 * callback URL pointing to /resetPassword, accepted only under the platform's public address).
 */
export const ForgotPasswordBody = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    callbackUrl: z.string().max(2000).optional(),
  })
  .strict()
  .refine((b) => Boolean(b.username ?? b.email), { message: 'username or email is required' });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** The new password and its confirmation as sent (the policy is checked apart, for its own codes). */
const PasswordPairInput = {
  password: z.string().max(1000),
  passwordConfirmation: z.string().max(1000),
};

/** POST /auth/resetPassword: the token of the link and the new password twice. */
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), ...PasswordPairInput }).strict();

/** POST /auth/changePassword: the current password and the new one twice. */
export const ChangePasswordBody = z.object({ currentPassword: z.string().min(1).max(256), ...PasswordPairInput }).strict();
