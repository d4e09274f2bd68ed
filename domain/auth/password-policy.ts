/**
 * The password rules of spec 3 §5, shared by the server (zod) and every password form (the
 * live checklist): at least 8 characters, with a special character, a number and an
 * uppercase letter; the confirmation must match. Reuse of earlier passwords is checked by
 * the server against the user's history (account setting PASSWORD_HISTORY).
 */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: argon2 hashes any length, but a bound keeps a request cheap. */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordRule = 'length' | 'special' | 'number' | 'uppercase';
export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'special', 'number', 'uppercase'];

const TESTS: Record<PasswordRule, (p: string) => boolean> = {
  length: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  special: (p) => /[^\p{L}\p{N}\s]/u.test(p),
  number: (p) => /\p{Nd}/u.test(p),
  uppercase: (p) => /\p{Lu}/u.test(p),
};

/** Which rules the password breaks, in the order the forms list them. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !TESTS[rule](password));
}

export const isStrongPassword = (password: string): boolean => brokenPasswordRules(password).length === 0;

/** A new password as the server takes it. */
export const NewPassword = z.string().max(PASSWORD_MAX_LENGTH).refine(isStrongPassword, { message: 'PASSWORD_WEAK' });

/** Password and its confirmation (spec 3 §5: 'Senhas diferentes'). */
export const PasswordPair = z
  .object({ password: NewPassword, passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((b) => b.password === b.passwordConfirmation, { message: 'PASSWORDS_DIFFERENT', path: ['passwordConfirmation'] });

/** The pair's refusal as the server answers it (PasswordPair's own messages), or null. */
export function passwordPairProblem(pair: {
  password: string;
  passwordConfirmation: string;
}): 'PASSWORD_WEAK' | 'PASSWORDS_DIFFERENT' | null {
  const result = PasswordPair.safeParse(pair);
  if (result.success) return null;
  return result.error.issues.some((i) => i.path[0] === 'password') ? 'PASSWORD_WEAK' : 'PASSWORDS_DIFFERENT';
}
