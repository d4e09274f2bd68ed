import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError, type Lang } from '../../domain/errors';
import type { LoginBody } from '../../domain/auth/schemas';
import { dummyHash, verifyPassword } from '../../services/auth/passwords';
import { Session, User, UserAccount } from '../../db/models/user';
import { newToken, hashToken } from '../../services/tokens';
import type { ApiDeps } from '../deps';
import type { LoginLimits } from './login-limits';
import { isPasswordExpired } from '../../domain/auth/password-settings';
import { passwordSettings } from './password/settings';
import { recentlyMailed, sendResetLink } from './password/reset-links';

export interface LoginResult {
  userId: string;
  sessionId: string;
  token: string;
  currentAccountId: string | null;
}

type LoginDeps = Pick<ApiDeps, 'knex' | 'config' | 'logger' | 'listeningPort'>;

/** The nil uuid: no user has it (an unknown name's settings query finds no account). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * Checks the credentials and opens a session.
 *
 * No enumeration: whether the name is a user is told only to someone who gives the right
 * password. Every attempt costs one argon2 verification (against a dummy hash for an unknown
 * name) and counts one failure in the database, for a user or for the name typed; after N
 * failures the answer is USER_BLOCKED for both, so a known and an unknown name answer the same
 * code, bytes and time at every attempt. USER_BLOCKED_BY_ADMIN and PASSWORD_EXPIRED need the
 * right password. The per-name rate limit is taken before the hash.
 */
export async function login(
  deps: LoginDeps,
  body: LoginBody,
  opts: { ttlHours: number; idleMinutes?: number; ip?: string; userAgent?: string; lang: Lang; limits?: LoginLimits },
): Promise<LoginResult> {
  const { knex, config } = deps;
  const name = (body.username ?? body.email ?? '').toLowerCase();
  // A deleted user is no one: the same answer as an unknown name.
  const user = await User.query(knex)
    .where((q) => void q.whereRaw('lower(username) = ?', [name]).orWhereRaw('lower(email) = ?', [name]))
    .whereNull('deleted_at')
    .first();

  // A known user counts once whether named by username or e-mail; a name is kept hashed.
  const limitKey = user ? `user:${user.id}` : `name:${hashToken(name)}`;
  await opts.limits?.name(limitKey);

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
  // Both paths run the same statements (settings, count, audit), so neither answers faster.
  // A name in no account, known or not, gets LOGIN_MAX_ATTEMPTS.
  const settings = await passwordSettings(knex, user?.id ?? NO_USER, config.LOGIN_MAX_ATTEMPTS);
  if (!user) {
    const failed = await countUnknownNameFailure(knex, name);
    await audit(knex, null, 'auth.failed', opts.ip);
    throw new AppError(failed >= settings.loginAttempts ? 'USER_BLOCKED' : 'INVALID_CREDENTIALS');
  }
  if (!passwordOk) {
    // One statement: concurrent attempts (and api replicas) each add exactly one, and exactly
    // one of them sees the block begin (was_blocked false), so one lockout mail goes out.
    const { rows } = await knex.raw<{ rows: { failed_logins: number; blocked: boolean; was_blocked: boolean }[] }>(
      `WITH old AS (SELECT id, blocked FROM users WHERE id = ? FOR UPDATE)
       UPDATE users u SET failed_logins = u.failed_logins + 1, blocked = u.blocked OR u.failed_logins + 1 >= ?
       FROM old WHERE u.id = old.id
       RETURNING u.failed_logins, u.blocked, old.blocked AS was_blocked`,
      [user.id, settings.loginAttempts],
    );
    const row = rows[0]!;
    if (row.blocked) {
      if (!row.was_blocked) {
        await audit(knex, user.id, 'auth.blocked', opts.ip, null, { failedLogins: row.failed_logins });
        await sendResetLink(deps, user, 'auth.blocked', { lang: opts.lang });
      } else await audit(knex, user.id, 'auth.failed', opts.ip);
      throw new AppError('USER_BLOCKED');
    }
    await audit(knex, user.id, 'auth.failed', opts.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }

  if (user.blockedByAdmin) throw new AppError('USER_BLOCKED_BY_ADMIN');
  if (user.blocked) throw new AppError('USER_BLOCKED');
  const changed = await knex('users').where({ id: user.id }).first('password_changed_at', 'password_change_required');
  // Expired by the account's PASSWORD_EXPIRY_DAYS, or a change an administrator demanded (issue 14).
  if (changed.password_change_required || isPasswordExpired(new Date(changed.password_changed_at), settings.expiryDays)) {
    // One mail per few minutes however often the expired password is tried.
    if (!(await recentlyMailed(knex, user.id, 'auth.password-expired', 5))) {
      await sendResetLink(deps, user, 'auth.password-expired', { lang: opts.lang });
    }
    await audit(knex, user.id, 'auth.passwordExpired', opts.ip);
    throw new AppError('PASSWORD_EXPIRED');
  }

  await opts.limits?.giveBack(limitKey);
  // Said only after the right password, so it tells nothing to someone guessing (sign-up, issue 13).
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  const accounts = await UserAccount.query(knex).where({ user_id: user.id }).select('account_id');
  const currentAccountId = accounts.length === 1 ? accounts[0]!.accountId : null;
  const token = newToken();
  const session = await inTransaction(knex, async (trx) => {
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

/** A failure for a name that is no user, counted like a user's (one statement, hashed name). */
async function countUnknownNameFailure(knex: Knex, name: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: { failed: number }[] }>(
    `INSERT INTO login_failures (login_hash, failed) VALUES (?, 1)
     ON CONFLICT (login_hash) DO UPDATE SET failed = login_failures.failed + 1, updated_at = now()
     RETURNING failed`,
    [hashToken(name)],
  );
  return rows[0]!.failed;
}

export async function audit(
  knex: Knex,
  /** null: an attempt on a name that is no user (its address is what the log keeps). */
  userId: string | null,
  action: string,
  ip?: string,
  accountId: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await knex('audit_log').insert({ user_id: userId, account_id: accountId, action, ip: ip?.slice(0, 64), detail });
}
