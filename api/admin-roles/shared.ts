/** What the roles, schedules, groups and grants endpoints share: coded validation, audit, 409s. */
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { AppError, type ErrorCode, isErrorCode } from '../../domain/errors';
import type { Access } from '../access/access';

/**
 * Parses a body; a failing rule whose message is an error code answers that code (the
 * schedules' 'end after start', 'at least one period'), anything else MALFORMED_REQUEST.
 */
export function codedBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (result.success) return result.data;
  const coded = result.error.issues.map((i) => i.message).find(isErrorCode);
  throw new AppError(coded ?? 'MALFORMED_REQUEST');
}

/** An administrative change, in the append-only audit trail. */
export async function auditAdmin(
  knex: Knex,
  ctx: Context,
  access: Access,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await knex('audit_log').insert({
    account_id: access.accountId,
    user_id: access.userId,
    action,
    detail,
    ip: (ctx.ip ?? '').slice(0, 64),
  });
}

const isPgError = (e: unknown, code: string) => typeof e === 'object' && e !== null && (e as { code?: string }).code === code;

/** Runs a write; a unique violation answers `code` (a repeated name). */
export async function uniqueOr<T>(code: ErrorCode, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isPgError(e, '23505')) throw new AppError(code);
    throw e;
  }
}

/** Runs a delete; a row still referenced (foreign key) answers `code`. */
export async function unreferencedOr<T>(code: ErrorCode, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isPgError(e, '23503')) throw new AppError(code);
    throw e;
  }
}
