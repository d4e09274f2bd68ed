/** My profile (issue 13): its requests (personal data, the e-mail change) and what it answers. */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../mail/email';
import { AnyPhone, MobilePhone } from '../people/phones';

/** An empty phone removes it; otherwise it must be a valid Brazilian number. */
const optionalPhone = <T extends z.ZodType<string, string>>(phone: T) =>
  z.union([z.literal('').transform(() => null), z.null(), phone]);

export const UpdateProfileBody = z
  .object({
    name: z.string().trim().min(3).max(200).optional(),
    mobile: optionalPhone(MobilePhone).optional(),
    phone: optionalPhone(AnyPhone).optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** Which catalogue code a refused field answers (the first bad field wins). */
export const PROFILE_FIELD_ERRORS = {
  name: 'PROFILE_NAME_INVALID',
  mobile: 'PROFILE_MOBILE_INVALID',
  phone: 'PROFILE_PHONE_INVALID',
  email: 'PROFILE_EMAIL_INVALID',
} as const;

export const ProfileEmail = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());

export const ChangeEmailBody = z.object({ email: ProfileEmail, currentPassword: z.string().min(1).max(200) }).strict();

export const ConfirmEmailBody = z.object({ token: z.string().min(20).max(200) }).strict();

/** An e-mail change link lasts 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The caller's own profile (GET/PATCH /profile, POST /profile/email). */
export const Profile = z.object({
  name: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  signatureUpdatedAt: z.string().nullable(),
  /** The address an e-mail change waits to confirm, while its link is valid. */
  pendingEmail: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type Profile = z.output<typeof Profile>;
/** The address an e-mail change link confirmed. */
export const EmailConfirmed = z.object({ email: z.string() });
/** When the signature image was saved. */
export const SignatureSaved = z.object({ signatureUpdatedAt: z.string() });
