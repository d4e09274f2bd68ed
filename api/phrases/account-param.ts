import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import type { Access } from '../access/access';
import { uuidParam } from '../http/validate';

/** The `:accountId` of an account-scoped path: only the session's current account exists (else 404). */
export function accountParam(ctx: Context, access: Access): string {
  const accountId = uuidParam(ctx, 'accountId');
  if (accountId !== access.accountId) throw new AppError('NOT_FOUND');
  return accountId;
}
