/**
 * Changing a user's e-mail (issue 13): the new address gets a single-use link valid 24 hours
 * (only its hash is stored); the address changes when the link is opened, and only if nobody
 * took the address meanwhile. A new request replaces the user's pending ones.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { EMAIL_CHANGE_TTL_MS } from '../../domain/profile/schemas';
import { hashToken, newToken } from '../tokens';

/** Whether another user already has this address (case-insensitive, like the unique index). */
export async function emailTaken(knex: Knex, email: string, exceptUserId: string): Promise<boolean> {
  const row = await knex('users').whereRaw('lower(email) = lower(?)', [email]).whereNot({ id: exceptUserId }).first('id');
  return Boolean(row);
}

export async function createEmailChange(
  knex: Knex,
  userId: string,
  email: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
  await inTransaction(knex, async (trx) => {
    await trx('email_change_requests').where({ user_id: userId }).whereNull('used_at').delete();
    await trx('email_change_requests').insert({
      user_id: userId,
      new_email: email,
      token_hash: hashToken(token),
      expires_at: expiresAt,
    });
  });
  return { token, expiresAt };
}

/**
 * Applies the change a link stands for and spends the link. Unknown, used or expired links
 * are EMAIL_CHANGE_LINK_INVALID; an address taken since the request is PROFILE_EMAIL_IN_USE.
 */
export async function confirmEmailChange(
  knex: Knex,
  token: string,
): Promise<{ userId: string; email: string; previousEmail: string; name: string }> {
  return inTransaction(knex, async (trx) => {
    // Spending the link first, in one statement, makes two simultaneous openings use it once.
    const [request] = await trx('email_change_requests')
      .where({ token_hash: hashToken(token) })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning(['user_id', 'new_email']);
    if (!request) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    if (await emailTaken(trx, request.new_email, request.user_id)) throw new AppError('PROFILE_EMAIL_IN_USE');
    const user = await trx('users').where({ id: request.user_id }).forUpdate().first('email', 'name');
    await trx('users').where({ id: request.user_id }).update({ email: request.new_email, updated_at: trx.fn.now() });
    return {
      userId: request.user_id as string,
      email: request.new_email as string,
      previousEmail: user.email as string,
      name: user.name as string,
    };
  });
}
