/**
 * Usernames (spec 3 §5): 3 to 30 characters, only letters A-Z, digits, dots and underscores.
 * Login compares usernames lower-case and the unique index is on lower(username), so a username
 * is stored lower-case: 'Dr.Silva' and 'dr.silva' are one name, shown as it is stored.
 */
import { z } from 'zod';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/** What is wrong with a typed username, for the live hints of the forms (the server says USERNAME_INVALID). */
export type UsernameProblem = 'length' | 'characters' | 'looksLikeEmail';

export function usernameProblem(text: string): UsernameProblem | null {
  const name = text.trim();
  // An '@' means the user typed their e-mail where the username goes: say so, not just 'invalid'.
  if (name.includes('@')) return 'looksLikeEmail';
  if (!/^[A-Za-z0-9._]*$/.test(name)) return 'characters';
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return 'length';
  return null;
}

export const normalizeUsername = (text: string): string => text.trim().toLowerCase();

export const Username = z
  .string()
  .max(200)
  .refine((t) => usernameProblem(t) === null, { message: 'USERNAME_INVALID' })
  .transform(normalizeUsername);
