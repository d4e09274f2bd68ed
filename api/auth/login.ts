import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import type { LoginBody } from '../../domain/auth/schemas';
import { dummyHash, verifyPassword } from '../../services/auth/passwords';
import { Session, User, UserAccount } from '../../db/models/user';
import { newToken, hashToken } from '../../services/tokens';
import type { WindowCounter } from '../http/rate-limit';

export interface LoginResult {
  userId: string;
  sessionId: string;
  token: string;
  currentAccountId: string | null;
}

/**
 * Checks the credentials and opens a session. Consecutive failures past the limit block
 * the user (USER_BLOCKED) until an administrator or the e-mail flow unblocks them.
 * `failures` counts failed logins per username per window (RATE_LIMITED past it), whatever
 * address they come from: it is taken before the password is hashed and given back on success.
 */
export async function login(
  knex: Knex,
  body: LoginBody,
  opts: {
    ttlHours: number;
    idleMinutes?: number;
    maxAttempts: number;
    ip?: string;
    userAgent?: string;
    failures?: WindowCounter;
  },
): Promise<LoginResult> {
  const login = (body.username ?? body.email ?? '').toLowerCase();
  // A deleted user is no one: the same answer as an unknown name.
  const user = await User.query(knex)
    .where((q) => void q.whereRaw('lower(username) = ?', [login]).orWhereRaw('lower(email) = ?', [login]))
    .whereNull('deleted_at')
    .first();
  if (user?.blockedByAdmin) throw new AppError('USER_BLOCKED_BY_ADMIN');
  if (user?.blocked) throw new AppError('USER_BLOCKED');

  // A known user counts once whether named by username or e-mail.
  const limitKey = user ? `user:${user.id}` : `login:${login}`;
  if (opts.failures && !opts.failures.take(limitKey)) throw new AppError('RATE_LIMITED');

  if (!user) {
    await verifyPassword(await dummyHash(), body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }

  if (!(await verifyPassword(user.passwordHash, body.password))) {
    // Counted in the database, so concurrent attempts and api replicas add up.
    const [{ failed_logins: failed }] = await knex('users')
      .where({ id: user.id })
      .increment('failed_logins', 1)
      .returning('failed_logins');
    if (failed >= opts.maxAttempts) {
      await User.query(knex).patch({ blocked: true }).where({ id: user.id });
      await audit(knex, user.id, 'auth.blocked', opts.ip);
      throw new AppError('USER_BLOCKED');
    }
    await audit(knex, user.id, 'auth.failed', opts.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }

  opts.failures?.giveBack(limitKey);
  const accounts = await UserAccount.query(knex).where({ user_id: user.id }).select('account_id');
  const currentAccountId = accounts.length === 1 ? accounts[0]!.accountId : null;
  const token = newToken();
  const session = await knex.transaction(async (trx) => {
    await User.query(trx).patch({ failedLogins: 0 }).where({ id: user.id });
    return Session.query(trx).insert({
      userId: user.id,
      tokenHash: hashToken(token),
      currentAccountId,
      expiresAt: new Date(Date.now() + opts.ttlHours * 3_600_000),
      idleMinutes: opts.idleMinutes || null,
      ip: opts.ip?.slice(0, 64) ?? null,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
    });
  });
  await audit(knex, user.id, 'auth.login', opts.ip, currentAccountId);
  return { userId: user.id, sessionId: session.id, token, currentAccountId };
}

export async function audit(
  knex: Knex,
  userId: string,
  action: string,
  ip?: string,
  accountId: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await knex('audit_log').insert({ user_id: userId, account_id: accountId, action, ip: ip?.slice(0, 64), detail });
}
