/** Small helpers the administration routes share: who the caller is, and a body checked with field names. */
import type { Context } from 'koa';
import type { z } from 'zod';
import { AppError, type ErrorCode } from '../../domain/errors';
import { sessionOf } from '../auth/session';

/** Parses the body; a mismatch answers `code` with the offending fields listed. */
export function adminBody<S extends z.ZodType>(ctx: Context, schema: S, code: ErrorCode): z.infer<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((i) => i.path.join('.') || '(body)'))];
    throw new AppError(code, undefined, fields);
  }
  return result.data;
}

export function requireSuper(ctx: Context): void {
  if (!sessionOf(ctx).user.superRole) throw new AppError('ACCOUNTS_CANNOT_MANAGE');
}

/** A unique violation of the named constraint or index (PostgreSQL 23505). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}
