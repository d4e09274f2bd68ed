/**
 * The time of the last two-factor verification, kept in this browser (spec 3 §4): written on
 * success, cleared at logout. The server holds the rule (a verification lasts 24 h); the client
 * uses the time to ask the server again when the 24 h run out in an open page.
 */
import { useEffect, useRef } from 'react';
import { TWO_FACTOR_VALIDITY_MS } from '../../../../domain/auth/two-factor';

export const TWO_FACTOR_STORAGE_KEY = 'two_factor_verified_at';

export function markTwoFactorVerified(at = Date.now()): void {
  try {
    window.localStorage.setItem(TWO_FACTOR_STORAGE_KEY, String(at));
  } catch {
    // storage unavailable: the server still decides
  }
}

export function clearTwoFactorVerified(): void {
  try {
    window.localStorage.removeItem(TWO_FACTOR_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

export function twoFactorVerifiedAt(): number | null {
  try {
    const value = Number(window.localStorage.getItem(TWO_FACTOR_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** When the kept verification ends (null: none kept). */
export const twoFactorDueAt = (verifiedAt: number | null): number | null =>
  verifiedAt === null ? null : verifiedAt + TWO_FACTOR_VALIDITY_MS;

/**
 * For a signed-in user with two-factor: when the kept verification reaches 24 h, `recheck` runs
 * (the session revalidates, and the server answers the code screen). Once per kept time.
 */
export function useTwoFactorRecheck(useTwoFactor: boolean, recheck: () => void): void {
  const fired = useRef<number | null>(null);
  useEffect(() => {
    const verifiedAt = twoFactorVerifiedAt();
    const due = twoFactorDueAt(verifiedAt);
    if (!useTwoFactor || due === null || fired.current === verifiedAt) return undefined;
    // setTimeout holds at most ~24.8 days; 24 h fits.
    const timer = window.setTimeout(
      () => {
        fired.current = verifiedAt;
        recheck();
      },
      Math.max(0, due - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [useTwoFactor, recheck]);
}
