/**
 * The share e-mail rule (spec 1 §5 'Share e-mail must be a valid address before send is
 * enabled'): one address, trimmed, at most 254 characters (RFC 5321 path limit). The api's
 * zod schema and the dialog's Send button use this same check.
 */
import { z } from 'zod';

export const EMAIL_MAX_LENGTH = 254;

export const ShareEmail = z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email());

export const ShareRequest = z.object({ email: ShareEmail }).strict();
export type ShareRequest = z.infer<typeof ShareRequest>;

export function isValidEmail(value: string): boolean {
  return ShareEmail.safeParse(value).success;
}
