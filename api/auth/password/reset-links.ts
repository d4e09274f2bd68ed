/**
 * Single-use links to /resetPassword (forgot password, lockout, expired password): a random
 * token, only its hash stored, valid RESET_LINK_MINUTES, sent with sendUserMail. The link's
 * address is the client's callback URL only when it lies under the platform's public address
 * (PUBLIC_URL): anything else is refused, so a reset mail never points elsewhere.
 */
import type { Knex } from 'knex';
import { passwordMail, RESET_LINK_MINUTES, type PasswordMailReason } from '../../../domain/auth/password-mail';
import { AppError, type Lang } from '../../../domain/errors';
import { newToken, hashToken } from '../../../services/tokens';
import type { ApiDeps } from '../../deps';
import { publicBaseUrl } from '../../documents/sign-report';
import { sendUserMail } from '../../../services/mail/user-mail';
import { mailTransport } from '../../../services/mail/transport';

export const RESET_PATH = '/resetPassword';

/** The reset page's address: the callback when it is the platform's own /resetPassword, else refused. */
export function resetPageUrl(deps: Pick<ApiDeps, 'config' | 'listeningPort'>, callbackUrl?: string): string {
  const base = new URL(`${publicBaseUrl(deps)}/`);
  const own = new URL(RESET_PATH.slice(1), base);
  if (callbackUrl === undefined || callbackUrl === '') return own.toString();
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    throw new AppError('CALLBACK_URL_NOT_ALLOWED');
  }
  // Same scheme, host and port, and the reset page itself: no open redirect, no other page.
  if (url.origin !== base.origin || url.pathname !== own.pathname || url.username || url.password) {
    throw new AppError('CALLBACK_URL_NOT_ALLOWED');
  }
  url.hash = '';
  url.searchParams.delete('token');
  return url.toString();
}

/** Creates a token and mails its link to the user. */
export async function sendResetLink(
  deps: Pick<ApiDeps, 'knex' | 'config' | 'logger' | 'listeningPort'>,
  user: { id: string; name: string; email: string },
  reason: PasswordMailReason,
  opts: { lang: Lang; pageUrl?: string },
): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
  await deps
    .knex('password_reset_tokens')
    .insert({ user_id: user.id, token_hash: hashToken(token), reason, expires_at: expiresAt });
  const url = new URL(opts.pageUrl ?? resetPageUrl(deps));
  url.searchParams.set('token', token);
  const mail = passwordMail(reason, opts.lang, user.name, url.toString());
  await sendUserMail(deps, mailTransport(deps.config), {
    kind: reason,
    to: user.email,
    toUserId: user.id,
    ...mail,
    link: { url: url.toString(), expiresAt },
  });
}

/** Whether a mail of this kind went to the user in the last `minutes` (no mail per attempt). */
export async function recentlyMailed(knex: Knex, userId: string, kind: PasswordMailReason, minutes: number): Promise<boolean> {
  const row = await knex('mail_outbox')
    .where({ to_user_id: userId, kind })
    .where('created_at', '>', new Date(Date.now() - minutes * 60_000))
    .first('id');
  return Boolean(row);
}

/**
 * Uses up a token inside the caller's transaction (one UPDATE: of two concurrent resets only one
 * wins): its user, or RESET_TOKEN_INVALID when unknown, used or past its hour. A rollback (the new
 * password refused) leaves it usable. The user's other links are used up with it.
 */
export async function consumeResetToken(trx: Knex.Transaction, token: string): Promise<string> {
  const rows: { user_id: string }[] = await trx('password_reset_tokens')
    .where({ token_hash: hashToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', trx.fn.now())
    .update({ used_at: trx.fn.now() })
    .returning('user_id');
  const userId = rows[0]?.user_id;
  if (!userId) throw new AppError('RESET_TOKEN_INVALID');
  await trx('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
  return userId;
}
