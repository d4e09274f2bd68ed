/**
 * A mobile as sign-up and registration take it: the rule is phones.ts's (one home for Brazilian
 * numbers); here only the stricter typing (digits, spaces, dashes, parentheses and a leading +)
 * and the zod field that answers MOBILE_INVALID.
 */
import { z } from 'zod';
import { formatPhone, isMobile, phoneDigits } from './phones';

/** '+55 (11) 98765-4321', '11987654321', '(11) 9 8765 4321' → '11987654321'; null when not a mobile. */
export function normalizeMobile(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text.trim())) return null;
  const digits = phoneDigits(text);
  return isMobile(digits) ? digits : null;
}

export const isValidMobile = (text: string): boolean => normalizeMobile(text) !== null;

export const formatMobile = formatPhone;

export const Mobile = z
  .string()
  .max(40)
  .refine(isValidMobile, { message: 'MOBILE_INVALID' })
  .transform((t) => normalizeMobile(t)!);
