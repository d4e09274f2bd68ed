import type { z } from 'zod';
import { AppError, isErrorCode } from '../errors';

/**
 * Parses `data` with a schema whose issue messages are error codes (domain/errors.ts) and
 * throws the first one as an AppError, so the API answers the spec's exact message. An
 * issue without a code (wrong type, unknown key) is MALFORMED_REQUEST.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const code = result.error.issues.map((issue) => issue.message).find(isErrorCode);
  throw new AppError(code ?? 'MALFORMED_REQUEST');
}
