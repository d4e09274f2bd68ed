/**
 * A DICOM Application Entity title (PS3.5 §6.2, VR AE): 1 to 16 characters of the default
 * character repertoire without backslash or control characters; leading and trailing spaces
 * are not significant, and a title of only spaces is none. Stored trimmed and upper-case, as
 * peers compare them case-insensitively in practice.
 */
import { z } from 'zod';

export const AE_TITLE_MAX = 16;

export function isValidAeTitle(text: string): boolean {
  const t = text.trim();
  return t.length >= 1 && t.length <= AE_TITLE_MAX && /^[\x20-\x7e]+$/.test(t) && !t.includes('\\');
}

export const normalizeAeTitle = (text: string): string => text.trim().toUpperCase();

export const AeTitle = z.string().max(64).refine(isValidAeTitle, 'invalid AE Title').transform(normalizeAeTitle);
