/**
 * Two-factor helpers for the tests: TOTP codes from Debian's `oathtool` (an implementation
 * other than the platform's otplib), and the e-mail code read from the outbox.
 */
import { execFileSync } from 'node:child_process';
import type { Knex } from 'knex';

/** The TOTP code of a base32 secret at `epochSeconds` (now by default), computed by oathtool. */
export function oathtool(secret: string, epochSeconds = Math.floor(Date.now() / 1000)): string {
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${epochSeconds}`, secret], { encoding: 'utf8' }).trim();
}

/** Waits while the current 30 s step is about to end, so a code computed now is checked in its own step. */
export async function awayFromStepEdge(marginSeconds = 4): Promise<void> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 30 - marginSeconds) await new Promise((r) => setTimeout(r, (30 - intoStep + 0.5) * 1000));
}

/** The 6-digit code of the user's newest two-factor e-mail. */
export async function lastEmailCode(knex: Knex, userId: string): Promise<string> {
  const mail = await knex('mail_outbox')
    .where({ to_user_id: userId, kind: 'auth.two-factor-code' })
    .orderBy('created_at', 'desc')
    .first('text_body');
  const code = /\b(\d{6})\b/.exec(String(mail?.text_body ?? ''))?.[1];
  if (!code) throw new Error(`no two-factor e-mail for ${userId}`);
  return code;
}
