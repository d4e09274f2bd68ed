/**
 * An account administrator's changes to a user of the account (issue 14): roles per
 * institution, seniority, CPF and council, the bar from personal filters, a demanded password
 * change and a two-factor reset. Each runs in the caller's transaction, on a target already
 * found in the account (services/auth/account-users.ts accountUser).
 */
import type { Knex } from 'knex';
import type { AccountUserUpdateBody, RoleAssignment } from '../../domain/account-users/schemas';
import { AppError } from '../../domain/errors';
import { type AccountUserActor, type AccountUserTarget, requireSoleAccount } from '../auth/account-users';

/**
 * Replaces the user's roles in the account with `assignments`; every institution and role must
 * be the account's (ROLE_ASSIGNMENT_INVALID otherwise, nothing changed). Returns the
 * institutions the user no longer reaches through a role.
 */
export async function replaceRoles(
  trx: Knex.Transaction,
  accountId: string,
  target: AccountUserTarget,
  assignments: readonly RoleAssignment[],
): Promise<string[]> {
  const unique = [...new Map(assignments.map((a) => [`${a.institutionId}/${a.roleId}`, a])).values()];
  const institutionIds = [...new Set(unique.map((a) => a.institutionId))];
  const roleIds = [...new Set(unique.map((a) => a.roleId))];
  const [institutions, roles] = await Promise.all([
    institutionIds.length ? trx('institutions').where({ account_id: accountId }).whereIn('id', institutionIds).select('id') : [],
    roleIds.length ? trx('roles').where({ account_id: accountId }).whereIn('id', roleIds).select('id') : [],
  ]);
  if (institutions.length !== institutionIds.length || roles.length !== roleIds.length)
    throw new AppError('ROLE_ASSIGNMENT_INVALID');
  const before: { institution_id: string }[] = await trx('user_institution_roles')
    .where({ user_id: target.id, account_id: accountId })
    .select('institution_id');
  await trx('user_institution_roles').where({ user_id: target.id, account_id: accountId }).delete();
  if (unique.length) {
    await trx('user_institution_roles').insert(
      unique.map((a) => ({ account_id: accountId, user_id: target.id, institution_id: a.institutionId, role_id: a.roleId })),
    );
  }
  const kept = new Set(institutionIds);
  return [...new Set(before.map((b) => b.institution_id))].filter((id) => !kept.has(id));
}

/** Saves the fields given; CPF and council only for a user of this account alone. */
export async function updateAccountUser(
  trx: Knex.Transaction,
  actor: AccountUserActor,
  accountId: string,
  target: AccountUserTarget,
  body: AccountUserUpdateBody,
): Promise<void> {
  const changes: Record<string, unknown> = {};
  if (body.seniority !== undefined) changes.seniority = body.seniority;
  if (body.cpf !== undefined || body.council !== undefined) {
    requireSoleAccount(actor, target);
    if (body.cpf !== undefined) {
      if (body.cpf && (await trx('users').where({ cpf: body.cpf }).whereNot({ id: target.id }).first('id'))) {
        throw new AppError('CPF_IN_USE');
      }
      changes.cpf = body.cpf;
    }
    if (body.council !== undefined) {
      changes.council_type = body.council?.type ?? null;
      changes.council_number = body.council?.number ?? null;
      changes.council_uf = body.council?.uf ?? null;
    }
  }
  if (Object.keys(changes).length) {
    // A CPF taken between the check and the write meets the unique index: said the same way.
    await trx('users')
      .where({ id: target.id })
      .update({ ...changes, updated_at: trx.fn.now() })
      .catch((err: { code?: string; constraint?: string }) => {
        throw err.code === '23505' && err.constraint === 'users_cpf_unique' ? new AppError('CPF_IN_USE') : err;
      });
  }
  if (body.barredFromPersonalFilters !== undefined) {
    await trx('user_accounts')
      .where({ user_id: target.id, account_id: accountId })
      .update({ barred_personal_filters: body.barredFromPersonalFilters, updated_at: trx.fn.now() });
  }
}

/** The next login answers PASSWORD_EXPIRED (with the reset mail) until a new password is set. */
export async function demandPasswordChange(
  trx: Knex.Transaction,
  actor: AccountUserActor,
  target: AccountUserTarget,
): Promise<void> {
  requireSoleAccount(actor, target);
  await trx('users').where({ id: target.id }).update({ password_change_required: true, updated_at: trx.fn.now() });
}

/** Forgets the user's second factor (kind, secrets, pending codes, recovery codes). */
export async function resetTwoFactor(trx: Knex.Transaction, actor: AccountUserActor, target: AccountUserTarget): Promise<void> {
  requireSoleAccount(actor, target);
  await trx('users').where({ id: target.id }).update({
    two_factor_type: null,
    use_two_factor: false,
    totp_secret_sealed: null,
    totp_last_step: null,
    totp_pending_secret_sealed: null,
    email_code_hash: null,
    email_code_expires_at: null,
    email_code_sent_at: null,
    updated_at: trx.fn.now(),
  });
  await trx('two_factor_recovery_codes').where({ user_id: target.id }).delete();
}
