/**
 * Two-factor recovery codes: ten single-use codes shown once at enrolment. Each carries 50
 * random bits, so a plain SHA-256 stored per code is enough (no slow hash needed), and the
 * code is read without caring for case, spaces or the dash.
 */
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O or U, so a code read aloud or typed is not confused.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'K7Q2M-9XW4D': ten symbols in two groups. */
export function newRecoveryCode(): string {
  const symbols = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The form a code is compared in: upper case, without spaces or dashes, O→0 and I/L→1. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** Whether a typed text has a recovery code's shape (not a 6-digit authenticator code). */
export const looksLikeRecoveryCode = (text: string): boolean => normalizeRecoveryCode(text).length === 10;
