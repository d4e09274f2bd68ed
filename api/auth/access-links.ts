/**
 * Access links (spec 3 §4 step 2: "an ?access= token in the URL is used"). A signed-in user asks
 * for one (`POST /auth/accessLink`) to open the platform in another browser or device without
 * typing the password; the link carries a random token, stored hashed, valid ACCESS_LINK_SECONDS,
 * used once: `POST /auth/access` exchanges it for a new session of the same user and account,
 * and the page then removes it from the address bar. A blocked, deleted or signed-out issuer's
 * link opens nothing.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { Session } from '../../db/models/user';
import { hashToken, newToken } from '../../services/tokens';
import type { SessionState } from './session';
import { SESSION_EXPIRED_SQL } from './session-expiry';

export async function issueAccessLink(
  knex: Knex,
  session: SessionState,
  seconds: number,
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = newToken();
  await knex('access_links').insert({
    token_hash: hashToken(token),
    user_id: session.user.id,
    session_id: session.sessionId,
    account_id: session.currentAccountId,
    expires_at: knex.raw('now() + make_interval(secs => ?)', [seconds]),
  });
  return { token, expiresInSeconds: seconds };
}

/**
 * Uses the link once (the update is the claim: of two racing requests only one gets the row)
 * and opens a session; ACCESS_LINK_INVALID for an unknown, used or expired link, or one whose
 * issuing session or user is no longer valid.
 */
export async function exchangeAccessLink(
  knex: Knex,
  token: string,
  opts: { ttlHours: number; idleMinutes: number; ip?: string; userAgent?: string },
): Promise<{ userId: string; sessionId: string; token: string; currentAccountId: string | null }> {
  return inTransaction(knex, async (trx) => {
    const [link]: { user_id: string; session_id: string; account_id: string | null }[] = await trx('access_links')
      .where({ token_hash: hashToken(token) })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning(['user_id', 'session_id', 'account_id']);
    if (!link) throw new AppError('ACCESS_LINK_INVALID');
    const issuer = await trx('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.id', link.session_id)
      .whereNull('s.revoked_at')
      .whereRaw(`not ${SESSION_EXPIRED_SQL}`)
      .whereNull('u.deleted_at')
      .where({ 'u.blocked': false, 'u.blocked_by_admin': false })
      .first('s.id');
    if (!issuer) throw new AppError('ACCESS_LINK_INVALID');
    // The account only while the user still reaches it (access may have been revoked since).
    const linked = link.account_id
      ? await trx('user_accounts').where({ user_id: link.user_id, account_id: link.account_id }).first('id')
      : null;
    const sessionToken = newToken();
    const session = await Session.query(trx).insert({
      userId: link.user_id,
      tokenHash: hashToken(sessionToken),
      currentAccountId: linked ? link.account_id : null,
      expiresAt: new Date(Date.now() + opts.ttlHours * 3_600_000),
      idleMinutes: opts.idleMinutes || null,
      ip: opts.ip?.slice(0, 64) ?? null,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
    });
    return { userId: link.user_id, sessionId: session.id, token: sessionToken, currentAccountId: session.currentAccountId };
  });
}
