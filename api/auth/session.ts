import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { type Access, type SessionUser, loadAccess } from '../access/access';
import { hashToken } from '../../services/tokens';

export interface SessionState {
  sessionId: string;
  user: SessionUser;
  currentAccountId: string | null;
}

/** Resolves an access token to its live session, or null (unknown, expired or revoked). */
export async function findSession(knex: Knex, token: string): Promise<SessionState | null> {
  if (!token || token.length > 200) return null;
  const row = await knex('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.token_hash', hashToken(token))
    .whereNull('s.revoked_at')
    .where('s.expires_at', '>', knex.fn.now())
    .where('u.blocked', false)
    .where('u.blocked_by_admin', false)
    .first(
      's.id as sessionId',
      's.current_account_id as currentAccountId',
      'u.id as userId',
      'u.name',
      'u.super_role as superRole',
    );
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    currentAccountId: row.currentAccountId,
    user: { id: row.userId, name: row.name, superRole: row.superRole },
  };
}

/** Requires a valid `access_token` header; sets ctx.state.session. */
export const requireSession =
  (knex: Knex): Middleware =>
  async (ctx, next) => {
    const session = await findSession(knex, ctx.get('access_token'));
    if (!session) throw new AppError('INVALID_SESSION');
    ctx.state.session = session;
    await next();
  };

export function sessionOf(ctx: Context): SessionState {
  return ctx.state.session as SessionState;
}

/** The caller's access to its current account (FORBIDDEN_ACCESS without one). */
export async function currentAccess(ctx: Context, knex: Knex): Promise<Access> {
  const session = sessionOf(ctx);
  if (!session.currentAccountId) throw new AppError('FORBIDDEN_ACCESS');
  ctx.state.access ??= await loadAccess(knex, session.user, session.currentAccountId);
  return ctx.state.access as Access;
}
