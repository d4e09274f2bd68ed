/**
 * The password settings that apply to a user: the account settings of every account they
 * belong to, the strictest winning (fewest login attempts, shortest non-zero expiry, longest
 * history). A user in no account (platform staff) gets the registry's defaults, with
 * LOGIN_MAX_ATTEMPTS for the lockout, the same number names that match no user get.
 */
import type { Knex } from 'knex';
import { accountSetting, ACCOUNT_SETTINGS } from '../../../domain/accounts/settings';

export interface PasswordSettings {
  loginAttempts: number;
  /** 0: the password never expires. */
  expiryDays: number;
  history: number;
}

export async function passwordSettings(knex: Knex, userId: string, fallbackAttempts: number): Promise<PasswordSettings> {
  const rows: { config: Record<string, unknown> | null }[] = await knex('accounts as a')
    .join('user_accounts as ua', 'ua.account_id', 'a.id')
    .where('ua.user_id', userId)
    .select('a.config');
  if (rows.length === 0) {
    return { loginAttempts: fallbackAttempts, expiryDays: ACCOUNT_SETTINGS.PASSWORD_EXPIRY_DAYS.default, history: ACCOUNT_SETTINGS.PASSWORD_HISTORY.default };
  }
  const expiries = rows.map((r) => accountSetting(r.config, 'PASSWORD_EXPIRY_DAYS')).filter((d) => d > 0);
  return {
    loginAttempts: Math.min(...rows.map((r) => accountSetting(r.config, 'LOGIN_ATTEMPTS'))),
    expiryDays: expiries.length ? Math.min(...expiries) : 0,
    history: Math.max(...rows.map((r) => accountSetting(r.config, 'PASSWORD_HISTORY'))),
  };
}

export const isPasswordExpired = (changedAt: Date, expiryDays: number, now = Date.now()): boolean =>
  expiryDays > 0 && changedAt.getTime() + expiryDays * 86_400_000 <= now;
