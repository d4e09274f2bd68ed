/**
 * Writing a user's password: spec 3 §5's policy, then no reuse of the last N (PASSWORD_HISTORY,
 * kept as argon2id hashes), then the new hash, its date (expiry counts from it) and the lockout
 * cleared. Every password write goes through here.
 */
import type { Knex } from 'knex';
import { ACCOUNT_SETTINGS } from '../../../domain/accounts/settings';
import { passwordPairProblem } from '../../../domain/auth/password-policy';
import { AppError } from '../../../domain/errors';
import { hashPassword, verifyPassword } from '../../../services/auth/passwords';

/** Hashes kept per user: the largest history an account may ask for, so raising it later works. */
const KEPT = ACCOUNT_SETTINGS.PASSWORD_HISTORY.max;

/** The policy's refusal (PASSWORD_WEAK, PASSWORDS_DIFFERENT) before any database work. */
export function checkPasswordPair(pair: { password: string; passwordConfirmation: string }): void {
  const problem = passwordPairProblem(pair);
  if (problem) throw new AppError(problem);
}

/** Whether `password` is one of the user's last `history` passwords (the current one included). */
export async function isRecentPassword(knex: Knex, userId: string, password: string, history: number): Promise<boolean> {
  if (history <= 0) return false;
  const user = await knex('users').where({ id: userId }).first('password_hash');
  const past: { password_hash: string }[] = await knex('password_history')
    .where({ user_id: userId })
    .orderBy('created_at', 'desc')
    .limit(history)
    .select('password_hash');
  // Users from before the history (seeded, imported) have only their current hash.
  const hashes = [...new Set([user.password_hash as string, ...past.map((p) => p.password_hash)])].slice(0, history);
  for (const h of hashes) if (await verifyPassword(h, password)) return true;
  return false;
}

/**
 * Sets the password (the pair already checked by checkPasswordPair): PASSWORD_REUSED when it is
 * recent; otherwise stores it, records it in the history and clears the lockout (a reset or a
 * change is proof of the owner). Run in the caller's transaction.
 */
export async function setPassword(trx: Knex, userId: string, password: string, history: number): Promise<void> {
  if (await isRecentPassword(trx, userId, password, history)) throw new AppError('PASSWORD_REUSED');
  const passwordHash = await hashPassword(password);
  await recordPassword(trx, userId, passwordHash);
  await trx('users')
    .where({ id: userId })
    .update({
      password_hash: passwordHash,
      password_changed_at: trx.fn.now(),
      password_change_required: false,
      failed_logins: 0,
      blocked: false,
      updated_at: trx.fn.now(),
    });
}

/** Adds a hash to the user's history, keeping the newest KEPT (also for a user's first password). */
export async function recordPassword(trx: Knex, userId: string, passwordHash: string): Promise<void> {
  await trx('password_history').insert({ user_id: userId, password_hash: passwordHash });
  await trx('password_history')
    .where({ user_id: userId })
    .whereNotIn('id', trx('password_history').where({ user_id: userId }).orderBy('created_at', 'desc').limit(KEPT).select('id'))
    .delete();
}
