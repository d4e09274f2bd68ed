/**
 * E-mail verification of a signed-up user: a single-use link valid 24 hours (only the token's
 * hash is stored), sent through sendUserMail as 'auth.verify-email'. A new link ends the older
 * ones; login is refused with EMAIL_NOT_VERIFIED until one is opened.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError, type Lang } from '../../domain/errors';
import { newToken, hashToken } from '../../services/tokens';
import { publicBaseUrl } from '../documents/sign-report';
import type { ApiDeps } from '../deps';
import { sendUserMail } from '../../services/mail/user-mail';
import { mailTransport } from '../../services/mail/transport';
import { audit } from '../auth/login';
import { verificationMail } from './messages';

export const VERIFICATION_HOURS = 24;
/** At most one new link per user in this many seconds (the resend button cannot flood a mailbox). */
export const RESEND_INTERVAL_SECONDS = 60;

type Deps = Pick<ApiDeps, 'knex' | 'config' | 'logger' | 'listeningPort'>;

export async function sendVerification(deps: Deps, user: { id: string; name: string; email: string }, lang: Lang): Promise<void> {
  const { knex } = deps;
  const token = newToken();
  const expiresAt = new Date(Date.now() + VERIFICATION_HOURS * 3_600_000);
  await inTransaction(knex, async (trx) => {
    await trx('email_verifications')
      .where({ user_id: user.id })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ expires_at: trx.fn.now() });
    await trx('email_verifications').insert({ user_id: user.id, token_hash: hashToken(token), expires_at: expiresAt });
  });
  const url = `${publicBaseUrl(deps)}/signup/verify?token=${encodeURIComponent(token)}`;
  await sendUserMail(deps, mailTransport(deps.config), {
    kind: 'auth.verify-email',
    to: user.email,
    toUserId: user.id,
    ...verificationMail(lang, { name: user.name, url, hours: VERIFICATION_HOURS }),
    link: { url, expiresAt },
  });
}

/** Uses the link once: marks the address verified. Unknown, used and expired links are one answer. */
export async function verifyEmail(knex: Knex, token: string, ip?: string): Promise<{ username: string }> {
  return inTransaction(knex, async (trx) => {
    // One statement claims the link, so two clicks at once cannot both succeed.
    const [claimed] = await trx('email_verifications')
      .where({ token_hash: hashToken(token) })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning('user_id');
    if (!claimed) throw new AppError('VERIFICATION_LINK_INVALID');
    const [user] = await trx('users')
      .where({ id: claimed.user_id })
      .update({ email_verified_at: trx.raw('coalesce(email_verified_at, now())'), updated_at: trx.fn.now() })
      .returning('username');
    await audit(trx, claimed.user_id, 'auth.emailVerified', ip);
    return { username: user.username as string };
  });
}

/**
 * A new link for a user who has not verified yet, named by username or e-mail. The caller answers
 * the same whatever happened here (no enumeration): an unknown, verified or just-mailed user gets
 * nothing.
 */
export async function resendVerification(deps: Deps, login: string, lang: Lang): Promise<void> {
  const { knex } = deps;
  const name = login.trim().toLowerCase();
  const user = await knex('users')
    .whereRaw('(lower(username) = ? or lower(email) = ?)', [name, name])
    .whereNull('email_verified_at')
    .first('id', 'name', 'email');
  if (!user) return;
  const recent = await knex('email_verifications')
    .where({ user_id: user.id })
    .where('created_at', '>', knex.raw(`now() - interval '${RESEND_INTERVAL_SECONDS} seconds'`))
    .first('id');
  if (recent) return;
  await sendVerification(deps, user, lang);
}
