/**
 * E-mail addresses (spec 3 §5 'E-mail must have a valid format'): one '@', a local part without
 * spaces, a domain with a dot and no empty label. Stored trimmed and lower-case, as login and the
 * unique index compare them.
 */
import { z } from 'zod';

export const EMAIL_MAX = 254;

export function isValidEmail(text: string): boolean {
  const e = text.trim();
  if (e.length === 0 || e.length > EMAIL_MAX) return false;
  const m = /^([^\s@]{1,64})@([^\s@]+)$/.exec(e);
  if (!m) return false;
  const labels = m[2]!.split('.');
  return (
    labels.length >= 2 &&
    labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l) || /^xn--[A-Za-z0-9-]+$/.test(l)) &&
    /^[A-Za-z]{2,}$|^xn--/.test(labels.at(-1)!) &&
    !m[1]!.startsWith('.') &&
    !m[1]!.endsWith('.') &&
    !m[1]!.includes('..')
  );
}

export const normalizeEmail = (text: string): string => text.trim().toLowerCase();

export const Email = z.string().max(400).refine(isValidEmail, { message: 'EMAIL_INVALID' }).transform(normalizeEmail);
