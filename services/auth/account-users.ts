/**
 * An account administrator's actions on a user of the account (issue 13): block, unblock,
 * revoke the access to the account, delete. Each runs in the caller's transaction; ending the
 * user's sessions goes with it (api/auth/end-sessions.ts), so both commit or neither.
 *
 * Blocking is the user's sign-in as a whole (USER_BLOCKED_BY_ADMIN at login), so an account's
 * administrator may block only a user no other account holds; a user shared with other accounts
 * is revoked from this one instead (USER_IN_OTHER_ACCOUNTS). Deleting removes the user from the
 * account and, when no other account holds them, marks them deleted (kept for the reports and
 * the audit trail they left; their name signs in as no one).
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';

export interface AccountUserActor {
  userId: string;
  superRole: boolean;
}

export interface AccountUserTarget {
  id: string;
  superRole: boolean;
  /** Other accounts holding the user. */
  otherAccounts: number;
}

/** The user as a member of the account; NOT_FOUND when the account does not hold them. */
export async function accountUser(
  trx: Knex.Transaction,
  actor: AccountUserActor,
  accountId: string,
  userId: string,
): Promise<AccountUserTarget> {
  const row = await trx('user_accounts as ua')
    .join('users as u', 'u.id', 'ua.user_id')
    .where({ 'ua.account_id': accountId, 'ua.user_id': userId })
    .whereNull('u.deleted_at')
    .forUpdate()
    .first('u.id', 'u.super_role as superRole');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.id === actor.userId) throw new AppError('USER_CANNOT_MANAGE_SELF');
  // An account's administrator manages the account's people, not the platform's super users.
  if (row.superRole && !actor.superRole) throw new AppError('FORBIDDEN_ACCESS');
  const others = await trx('user_accounts').where({ user_id: userId }).whereNot({ account_id: accountId }).count({ count: '*' });
  return { id: row.id, superRole: row.superRole, otherAccounts: Number(others[0]?.count ?? 0) };
}

/**
 * What acts on the user's sign-in as a whole (block, password, two-factor, CPF and council,
 * signature) is for an administrator of their only account; a user shared with other accounts
 * answers USER_IN_OTHER_ACCOUNTS (a super user may).
 */
export function requireSoleAccount(actor: AccountUserActor, target: AccountUserTarget): void {
  if (target.otherAccounts > 0 && !actor.superRole) throw new AppError('USER_IN_OTHER_ACCOUNTS');
}

export async function setBlockedByAdmin(
  trx: Knex.Transaction,
  actor: AccountUserActor,
  target: AccountUserTarget,
  blocked: boolean,
): Promise<void> {
  requireSoleAccount(actor, target);
  // Unblocking also clears a lockout by wrong passwords (the user starts afresh).
  await trx('users')
    .where({ id: target.id })
    .update({ blocked_by_admin: blocked, ...(blocked ? {} : { failed_logins: 0, blocked: false }), updated_at: trx.fn.now() });
}

/** Removes the user's link to the account and their roles in its institutions. */
export async function revokeAccountAccess(trx: Knex.Transaction, accountId: string, target: AccountUserTarget): Promise<void> {
  await trx('user_institution_roles').where({ user_id: target.id, account_id: accountId }).delete();
  await trx('user_accounts').where({ user_id: target.id, account_id: accountId }).delete();
}

/** Revokes the access and, when no other account holds the user, marks them deleted. Returns whether they were. */
export async function deleteAccountUser(trx: Knex.Transaction, accountId: string, target: AccountUserTarget): Promise<boolean> {
  await revokeAccountAccess(trx, accountId, target);
  if (target.otherAccounts > 0) return false;
  await trx('users').where({ id: target.id }).update({ deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
  return true;
}
