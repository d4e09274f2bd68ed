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
});

export const AccountAccess = z.object({
  id: z.string().uuid(),
  name: z.string(),
  isForHuman: z.boolean().nullable(),
  customViewerUrl: z.string().nullable(),
  keepviewerConfigInBetween: z.boolean(),
  isAdmin: z.boolean(),
  institutions: z.array(InstitutionRef),
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
