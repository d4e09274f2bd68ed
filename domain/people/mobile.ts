/**
 * Brazilian mobile numbers (spec 3 §5 'mobile… checked for validity'): an area code (DDD) in use
 * by Anatel, then 9 and eight digits, with or without +55, spaces, dashes and parentheses.
 * Stored as its 11 digits, area code first ('11987654321': users.phone_mobile), so one number has
 * one spelling.
 */
import { z } from 'zod';

/** Area codes (DDD) in use in Brazil. */
export const DDDS: ReadonlySet<number> = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53,
  54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96,
  97, 98, 99,
]);

/** '+55 (11) 98765-4321', '11987654321', '(11) 9 8765 4321' → '11987654321'; null when not a mobile. */
export function normalizeMobile(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || digits.length === 13) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  }
  if (!/^\d{2}9\d{8}$/.test(digits) || !DDDS.has(Number(digits.slice(0, 2)))) return null;
  return digits;
}

export const isValidMobile = (text: string): boolean => normalizeMobile(text) !== null;

/** '11987654321' → '(11) 98765-4321' */
export function formatMobile(digits: string): string {
  const m = /^(\d{2})(\d{5})(\d{4})$/.exec(digits);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : digits;
}

export const Mobile = z
  .string()
  .max(40)
  .refine(isValidMobile, { message: 'MOBILE_INVALID' })
  .transform((t) => normalizeMobile(t)!);
