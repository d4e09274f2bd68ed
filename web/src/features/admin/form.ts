/** Field errors of a zod check, by the field's path ('address.cep'), for the dialogs' helper texts. */
import type { ZodError } from 'zod';

export function fieldErrors(error: ZodError): Record<string, true> {
  const out: Record<string, true> = {};
  for (const issue of error.issues) out[issue.path.join('.')] = true;
  return out;
}

/** '' for a missing text, so inputs stay controlled. */
export const text = (v: string | null | undefined): string => v ?? '';
