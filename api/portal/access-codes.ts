/**
 * Access codes of the results portal (issue 18): one active per study, stored as its SHA-256; a
 * new one revokes the old in the same transaction (the partial unique index makes two
 * concurrent creations end with one active code, the other answering RESULT_ACCESS_EXISTS).
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { accessCodeFrom } from '../../domain/portal/results-portal';
import { hashToken } from '../../services/tokens';

export interface ActiveCode {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
}

export async function activeCode(knex: Knex, studyId: string): Promise<ActiveCode | undefined> {
  return knex('result_access_codes')
    .where({ study_id: studyId })
    .whereNull('revoked_at')
    .first('id', 'created_at', 'last_used_at');
}

/** A new code for the study; `replace` revokes an active one, else RESULT_ACCESS_EXISTS. */
export async function createAccessCode(
  knex: Knex,
  s: { accountId: string; studyId: string; userId: string },
  replace: boolean,
): Promise<{ code: string; createdAt: Date }> {
  const code = accessCodeFrom(randomBytes(16));
  try {
    return await inTransaction(knex, async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`result-access:${s.studyId}`]);
      if (replace)
        await trx('result_access_codes')
          .where({ study_id: s.studyId })
          .whereNull('revoked_at')
          .update({ revoked_at: trx.fn.now() });
      const [row] = await trx('result_access_codes')
        .insert({ account_id: s.accountId, study_id: s.studyId, code_hash: hashToken(code), created_by: s.userId })
        .returning('created_at');
      return { code, createdAt: new Date(row.created_at) };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('RESULT_ACCESS_EXISTS');
    throw err;
  }
}

/**
 * A code to send: written inactive first and made the study's active code only once the message
 * went out (`activateAccessCode`), so a refused or failed send leaves the printed code working.
 */
export async function prepareAccessCode(
  knex: Knex,
  s: { accountId: string; studyId: string; userId: string },
): Promise<{ id: string; code: string }> {
  const code = accessCodeFrom(randomBytes(16));
  const [row] = await knex('result_access_codes')
    .insert({
      account_id: s.accountId,
      study_id: s.studyId,
      code_hash: hashToken(code),
      created_by: s.userId,
      revoked_at: knex.fn.now(),
    })
    .returning('id');
  return { id: row.id, code };
}

export async function activateAccessCode(knex: Knex, studyId: string, id: string): Promise<Date> {
  return inTransaction(knex, async (trx) => {
    // Sends at once on one study take turns: each revokes the code the previous one made active.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`result-access:${studyId}`]);
    await trx('result_access_codes').where({ study_id: studyId }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
    const [row] = await trx('result_access_codes')
      .where({ id, study_id: studyId })
      .update({ revoked_at: null, created_at: trx.fn.now() })
      .returning('created_at');
    return new Date(row.created_at);
  });
}
