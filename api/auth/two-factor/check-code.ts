/**
 * One place that decides whether a typed code is the user's second factor: the authenticator's
 * TOTP (±1 step, never a step already used), the e-mail code, or one of the recovery codes
 * (each once). Every acceptance is a conditional UPDATE, so two requests cannot use one code.
 */
import type { Knex } from 'knex';
import { CODE_MIN_LENGTH, type TwoFactorType } from '../../../domain/auth/two-factor';
import { AppError } from '../../../domain/errors';
import type { Config } from '../../../config/config';
import { hashRecoveryCode, looksLikeRecoveryCode } from '../../../services/auth/recovery-codes';
import { verifyTotp } from '../../../services/auth/totp';
import { consumeEmailCode } from './email-code';
import { unsealTotpSecret } from '../../../services/secrets/totp-secret';

export interface TwoFactorUser {
  id: string;
  two_factor_type: TwoFactorType | null;
  totp_secret_sealed: Buffer | null;
  totp_last_step: string | number | null;
}

/** Spec 3 §5: fewer than 6 characters is refused before anything is checked. */
export function requireCodeShape(token: string): string {
  const code = token.replace(/\s/g, '');
  if (code.length < CODE_MIN_LENGTH) throw new AppError('OTP_TOKEN_MALFORMED');
  return code;
}

/** Accepts a TOTP code for `secret` when its step is newer than the last used, recording it. */
export async function consumeTotp(
  knex: Knex,
  userId: string,
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<boolean> {
  const step = verifyTotp({ secret, token: code, lastStep });
  if (step === null) return false;
  const updated = await knex('users')
    .where({ id: userId })
    .whereRaw('(totp_last_step is null or totp_last_step < ?)', [step])
    .update({ totp_last_step: step });
  return updated === 1;
}

export async function consumeRecoveryCode(knex: Knex, userId: string, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await knex('two_factor_recovery_codes')
    .where({ user_id: userId, code_hash: hashRecoveryCode(code) })
    .whereNull('used_at')
    .update({ used_at: knex.fn.now() });
  return used === 1;
}

/** Whether `code` passes as the user's second factor ('recovery' when a recovery code did). */
export async function checkSecondFactor(
  knex: Knex,
  config: Pick<Config, 'CERTIFICATE_KEY' | 'DATA_DIR'>,
  user: TwoFactorUser,
  typed: { token: string; type: TwoFactorType },
): Promise<'code' | 'recovery' | null> {
  const code = requireCodeShape(typed.token);
  if (!user.two_factor_type) return null;
  if (await consumeRecoveryCode(knex, user.id, code)) return 'recovery';
  if (typed.type === 'authenticator' && user.two_factor_type === 'authenticator' && user.totp_secret_sealed) {
    const secret = unsealTotpSecret(config, user.totp_secret_sealed);
    const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
    return (await consumeTotp(knex, user.id, secret, code, last)) ? 'code' : null;
  }
  if (typed.type === 'email' && user.two_factor_type === 'email')
    return (await consumeEmailCode(knex, user.id, code)) ? 'code' : null;
  return null;
}
