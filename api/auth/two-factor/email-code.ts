/**
 * The e-mail code (issue 13): six digits, valid 10 minutes, stored hashed with the user, sent
 * through sendUserMail (SMTP when configured, else the outbox). While a code is live a new one may
 * go out only 90 s after it (spec 3 §9): the slot is claimed in one UPDATE, so parallel requests
 * send one.
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS } from '../../../domain/auth/two-factor';
import type { Lang } from '../../../domain/errors';
import { hashToken } from '../../../services/tokens';
import type { ApiDeps } from '../../deps';
import { sendUserMail } from '../../../services/mail/user-mail';
import { mailTransport } from '../../../services/mail/transport';

/** Bound to the user, so one user's code hash says nothing of another's. */
export const emailCodeHash = (userId: string, code: string): string => hashToken(`two-factor:${userId}:${code}`);

const MESSAGE: Record<Lang, { subject: string; body: (code: string) => string }> = {
  'pt-BR': {
    subject: 'Seu código de verificação',
    body: (code) => `Seu código de verificação é ${code}. Ele vale por 10 minutos. Se você não tentou entrar, troque sua senha.`,
  },
  en: {
    subject: 'Your verification code',
    body: (code) =>
      `Your verification code is ${code}. It is valid for 10 minutes. If you did not try to sign in, change your password.`,
  },
  es: {
    subject: 'Su código de verificación',
    body: (code) =>
      `Su código de verificación es ${code}. Es válido por 10 minutos. Si no intentó iniciar sesión, cambie su contraseña.`,
  },
};

export interface SentCode {
  sentAt: Date;
  expiresAt: Date;
}

/**
 * Sends a new code to the user, or answers null when the last one went out less than 90 s ago
 * (that one is still valid; the caller decides whether to say so).
 */
export async function sendEmailCode(
  deps: Pick<ApiDeps, 'knex' | 'config' | 'logger'>,
  user: { id: string; email: string },
  lang: Lang,
): Promise<SentCode | null> {
  const { knex } = deps;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [claimed] = await knex('users')
    .where({ id: user.id })
    // The wait guards a live code; once it is used or expired a new one may go out at once.
    .whereRaw(
      `(email_code_sent_at is null or email_code_sent_at <= now() - ? * interval '1 millisecond'
        or email_code_hash is null or email_code_expires_at <= now())`,
      [EMAIL_CODE_RESEND_MS],
    )
    .update({
      email_code_hash: emailCodeHash(user.id, code),
      email_code_sent_at: knex.fn.now(),
      email_code_expires_at: knex.raw(`now() + ? * interval '1 millisecond'`, [EMAIL_CODE_TTL_MS]),
    })
    .returning(['email_code_sent_at', 'email_code_expires_at']);
  if (!claimed) return null;
  const text = MESSAGE[lang].body(code);
  await sendUserMail(deps, mailTransport(deps.config), {
    kind: 'auth.two-factor-code',
    to: user.email,
    toUserId: user.id,
    subject: MESSAGE[lang].subject,
    text,
    html: `<p>${text.replace(code, `<strong style="font-size:20px;letter-spacing:4px">${code}</strong>`)}</p>`,
  });
  return { sentAt: claimed.email_code_sent_at, expiresAt: claimed.email_code_expires_at };
}

/** Uses the user's current e-mail code when `code` is it and still valid (once: it is cleared). */
export async function consumeEmailCode(knex: Knex, userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const used = await knex('users')
    .where({ id: userId, email_code_hash: emailCodeHash(userId, code) })
    .where('email_code_expires_at', '>', knex.fn.now())
    .update({ email_code_hash: null, email_code_expires_at: null });
  return used === 1;
}
