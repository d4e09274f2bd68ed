/**
 * The password settings that apply to a user, from the settings of every account they belong
 * to: the strictest wins (fewest login attempts, shortest non-zero expiry, longest history). A
 * user in no account (platform staff) gets the registry's defaults, with `fallbackAttempts`
 * (LOGIN_MAX_ATTEMPTS) for the lockout, the count names that match no user get too.
 */
import { accountSetting, ACCOUNT_SETTINGS } from '../accounts/settings';

export interface PasswordSettings {
  loginAttempts: number;
  /** 0: the password never expires. */
  expiryDays: number;
  history: number;
}

export function strictestPasswordSettings(
  accountConfigs: readonly (Record<string, unknown> | null | undefined)[],
  fallbackAttempts: number,
): PasswordSettings {
  if (accountConfigs.length === 0) {
    return {
      loginAttempts: fallbackAttempts,
      expiryDays: ACCOUNT_SETTINGS.PASSWORD_EXPIRY_DAYS.default,
      history: ACCOUNT_SETTINGS.PASSWORD_HISTORY.default,
    };
  }
  const expiries = accountConfigs.map((c) => accountSetting(c, 'PASSWORD_EXPIRY_DAYS')).filter((d) => d > 0);
  return {
    loginAttempts: Math.min(...accountConfigs.map((c) => accountSetting(c, 'LOGIN_ATTEMPTS'))),
    expiryDays: expiries.length ? Math.min(...expiries) : 0,
    history: Math.max(...accountConfigs.map((c) => accountSetting(c, 'PASSWORD_HISTORY'))),
  };
}

/** Whether a password set at `changedAt` has expired after `expiryDays` (0: never). */
export const isPasswordExpired = (changedAt: Date, expiryDays: number, now = Date.now()): boolean =>
  expiryDays > 0 && changedAt.getTime() + expiryDays * 86_400_000 <= now;
