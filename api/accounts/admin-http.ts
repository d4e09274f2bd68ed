/** Small helpers the administration routes share: who the caller is, and a body checked with field names. */
import type { Context } from 'koa';
import type { Knex } from 'knex';
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

/**
 * The super role, for one account's id: a caller outside that account is told it does not exist
 * (404, the id is not confirmed); a member without the super role that they cannot manage it.
 */
export async function requireSuperFor(ctx: Context, knex: Knex, accountId: string): Promise<void> {
  const { user } = sessionOf(ctx);
  if (user.superRole) return;
  const member = await knex('user_accounts').where({ user_id: user.id, account_id: accountId }).first('account_id');
  throw new AppError(member ? 'ACCOUNTS_CANNOT_MANAGE' : 'NOT_FOUND');
}

/** A unique violation of the named constraint or index (PostgreSQL 23505). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}
