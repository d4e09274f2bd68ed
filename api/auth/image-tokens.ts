/**
 * Image tokens (issue 12). An <img> or the viewer frame's address cannot carry a header, and
 * a session token in a URL ends up in history, logs and Referer headers. What goes into a
 * URL is this instead: short-lived (IMAGE_TOKEN_MINUTES), single-purpose (GET on DICOMweb and
 * the viewer's reads only), bound to one session and its current account, stored hashed, and
 * dead as soon as the session ends, expires or changes account. The page renews it before
 * it ends (web/src/lib/image-token.ts).
 */
import type { Knex } from 'knex';
import { accessVersionSql } from '../../db/list-version';
import { hashToken, newToken } from '../../services/tokens';
import { pendingSecondFactorSql } from './two-factor/pending';
import type { SessionState } from './session';
import { SESSION_EXPIRED_SQL } from './session-expiry';

/** Told apart from session tokens at a glance (and in a log line). */
export const IMAGE_TOKEN_PREFIX = 'img_';

export function isImageToken(token: string): boolean {
  return token.startsWith(IMAGE_TOKEN_PREFIX) && token.length <= 200;
}

export async function issueImageToken(
  knex: Knex,
  session: SessionState,
  accountId: string,
  minutes: number,
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = `${IMAGE_TOKEN_PREFIX}${newToken()}`;
  const ttlMs = Math.round(minutes * 60_000);
  // The session's tokens that ended are of no further use: cleared as new ones are made.
  await knex('image_tokens').where({ session_id: session.sessionId }).where('expires_at', '<', knex.fn.now()).delete();
  await knex('image_tokens').insert({
    token_hash: hashToken(token),
    session_id: session.sessionId,
    account_id: accountId,
    expires_at: knex.raw(`now() + make_interval(secs => ?)`, [ttlMs / 1000]),
  });
  return { token, expiresInSeconds: ttlMs / 1000 };
}

/** The live session behind a live image token, or null. */
export async function findImageTokenSession(knex: Knex, token: string): Promise<SessionState | null> {
  if (!isImageToken(token)) return null;
  const row = await knex('image_tokens as t')
    .join('sessions as s', 's.id', 't.session_id')
    .join('users as u', 'u.id', 's.user_id')
    .where('t.token_hash', hashToken(token))
    .where('t.expires_at', '>', knex.fn.now())
    .whereNull('s.revoked_at')
    .whereRaw(`not ${SESSION_EXPIRED_SQL}`)
    .whereNull('u.deleted_at')
    .whereRaw('s.current_account_id = t.account_id')
    .where('u.blocked_by_admin', false)
    // A session whose second factor came due again (24 h) reads no images either.
    .whereRaw('(?) is null', [pendingSecondFactorSql(knex)])
    .first(
      's.id as sessionId',
      't.account_id as accountId',
      'u.id as userId',
      'u.name',
      'u.super_role as superRole',
      // A viewer reads many frames a second: its access is kept as a session's is (kept-access.ts).
      knex.raw(`${accessVersionSql('t.account_id')} as "accessVersion"`),
    );
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    currentAccountId: row.accountId,
    user: { id: row.userId, name: row.name, superRole: row.superRole },
    viaImageToken: true,
    accessVersion: row.accessVersion ?? null,
  };
}
