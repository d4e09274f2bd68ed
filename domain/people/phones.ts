/**
 * Brazilian phone numbers (spec 3 §5 'mobile … checked for validity'): a mobile is a DDD
 * (area code) and nine digits starting with 9; another phone may also be a landline, a DDD and
 * eight digits starting with 2 to 5. Typed with or without punctuation or the +55 country code;
 * kept as digits only and shown as (11) 91234-5678 / (11) 3123-4567.
 */
import { z } from 'zod';

/** The area codes in use (Anatel). */
export const DDDS: readonly string[] = [
  ...['11', '12', '13', '14', '15', '16', '17', '18', '19'],
  ...['21', '22', '24', '27', '28'],
  ...['31', '32', '33', '34', '35', '37', '38'],
  ...['41', '42', '43', '44', '45', '46', '47', '48', '49'],
  ...['51', '53', '54', '55'],
  ...['61', '62', '63', '64', '65', '66', '67', '68', '69'],
  ...['71', '73', '74', '75', '77', '79'],
  ...['81', '82', '83', '84', '85', '86', '87', '88', '89'],
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'],
];

/** The national digits of a typed number: punctuation and a leading +55 removed. */
export function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
}

export function isMobile(digits: string): boolean {
  return /^\d{2}9\d{8}$/.test(digits) && DDDS.includes(digits.slice(0, 2));
}

export function isLandline(digits: string): boolean {
  return /^\d{2}[2-5]\d{7}$/.test(digits) && DDDS.includes(digits.slice(0, 2));
}

/** (11) 91234-5678 or (11) 3123-4567; anything else as it is. */
export function formatPhone(digits: string): string {
  const m = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : digits;
}

/** A mobile number, stored as its 11 digits. */
export const MobilePhone = z.string().max(30).transform(phoneDigits).refine(isMobile, { message: 'invalid mobile' });

/** Any Brazilian phone (mobile or landline), stored as its 10 or 11 digits. */
export const AnyPhone = z
  .string()
  .max(30)
  .transform(phoneDigits)
  .refine((d) => isMobile(d) || isLandline(d), { message: 'invalid phone' });
