/**
 * Authenticator-app codes (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps) through otplib.
 * A code is accepted within one step either side of now (clock drift), and never at or
 * before the last step the user already used (replay): the caller stores `step`.
 */
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
/** ±1 step, in seconds (otplib's epochTolerance). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new random secret, base32 (160 bits, as authenticator apps expect). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: { issuer: string; label: string }): string {
  return generateURI({ issuer: account.issuer, label: account.label, secret });
}

/** The code for `epochSeconds` (tests, and the e-mail-free checks of the suite). */
export function totpAt(secret: string, epochSeconds: number): string {
  return generateSync({ secret, epoch: epochSeconds });
}

export interface TotpCheck {
  secret: string;
  token: string;
  /** The last step a code was accepted at for this user (replay guard); null for none. */
  lastStep: number | null;
  epochSeconds?: number;
}

/** The step the code belongs to when it is valid and unused, else null. */
export function verifyTotp(check: TotpCheck): number | null {
  if (!/^\d{6}$/.test(check.token)) return null;
  const result = verifySync({
    secret: check.secret,
    token: check.token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(check.epochSeconds === undefined ? {} : { epoch: check.epochSeconds }),
  });
  // The functional API answers for HOTP or TOTP; a TOTP check carries its time step.
  if (!result.valid || !('timeStep' in result)) return null;
  const step = result.timeStep;
  if (check.lastStep !== null && step <= check.lastStep) return null;
  return step;
}
