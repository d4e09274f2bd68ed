/**
 * What a session opened by a password still owes (issue 13): a user with two-factor gives a
 * code; a user without it, in an account that requires it (TWO_FACTOR_REQUIRED), enrols first.
 * Until then the session reaches only the two-factor routes (requireSession's `secondFactor`),
 * the broker refuses it and GET/POST /auth answer the PendingSession shape.
 */
import type { Knex } from 'knex';
import { accountSetting } from '../../../domain/accounts/settings';
import type { PendingSession, SecondFactorStep, TwoFactorStatus, TwoFactorType } from '../../../domain/auth/two-factor';

/** Whether one of the user's accounts makes two-factor mandatory. */
export async function twoFactorRequired(knex: Knex, userId: string): Promise<boolean> {
  const rows: { config: Record<string, unknown> | null }[] = await knex('accounts as a')
    .join('user_accounts as ua', 'ua.account_id', 'a.id')
    .where('ua.user_id', userId)
    .select('a.config');
  return rows.some((r) => accountSetting(r.config, 'TWO_FACTOR_REQUIRED'));
}

/** The session column login writes: 'enrol' when the account requires two-factor of a user without it. */
export async function secondFactorAtLogin(knex: Knex, userId: string): Promise<'enrol' | null> {
  const row = await knex('users').where({ id: userId }).first('two_factor_type');
  if (row?.two_factor_type) return null;
  return (await twoFactorRequired(knex, userId)) ? 'enrol' : null;
}

export async function twoFactorStatus(knex: Knex, userId: string, pending: SecondFactorStep | null): Promise<TwoFactorStatus> {
  const user = await knex('users').where({ id: userId }).first('two_factor_type', 'email_code_sent_at');
  const left = await knex('two_factor_recovery_codes')
    .where({ user_id: userId })
    .whereNull('used_at')
    .count({ count: '*' })
    .first();
  return {
    type: (user.two_factor_type as TwoFactorType | null) ?? null,
    pending,
    required: await twoFactorRequired(knex, userId),
    recoveryCodesLeft: Number(left?.count ?? 0),
    emailCodeSentAt: user.email_code_sent_at ? new Date(user.email_code_sent_at).toISOString() : null,
  };
}

export async function presentPending(
  knex: Knex,
  userId: string,
  accessToken: string,
  pending: SecondFactorStep,
): Promise<PendingSession> {
  return { accessToken, secondFactor: await twoFactorStatus(knex, userId, pending) };
}
