/**
 * What the session's user may reach in its current account: the one scoping helper every
 * tenant query goes through (ARCHITECTURE §4.6).
 */
import type { Knex } from 'knex';
import { type Actor, PERMISSIONS, type Permission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';

export interface Access {
  userId: string;
  userName: string;
  accountId: string;
  isAccountAdmin: boolean;
  superRole: boolean;
  /** Institutions reachable in the account, with the permissions held in each. */
  institutions: Map<string, ReadonlySet<Permission>>;
}

export interface SessionUser {
  id: string;
  name: string;
  superRole: boolean;
}

/** Loads the user's access to `accountId`; FORBIDDEN_ACCESS when the user has none. */
export async function loadAccess(knex: Knex, user: SessionUser, accountId: string): Promise<Access> {
  const link = await knex('user_accounts').where({ user_id: user.id, account_id: accountId }).first('is_admin');
  if (!link && !user.superRole) throw new AppError('FORBIDDEN_ACCESS');
  const isAccountAdmin = Boolean(link?.is_admin);

  const grants: { institution_id: string; permissions: string[] }[] = await knex('user_institution_roles as uir')
    .join('roles as r', function () {
      this.on('r.id', '=', 'uir.role_id').andOn('r.account_id', '=', 'uir.account_id');
    })
    .where({ 'uir.user_id': user.id, 'uir.account_id': accountId })
    .select('uir.institution_id', 'r.permissions');

  const institutions = new Map<string, Set<Permission>>();
  if (user.superRole || isAccountAdmin) {
    // Administrators reach every institution of the account, present and future.
    const all: { id: string }[] = await knex('institutions').where({ account_id: accountId }).select('id');
    for (const { id } of all) institutions.set(id, new Set(user.superRole ? PERMISSIONS : []));
  }
  for (const g of grants) {
    const set = institutions.get(g.institution_id) ?? new Set<Permission>();
    for (const p of g.permissions) if ((PERMISSIONS as readonly string[]).includes(p)) set.add(p as Permission);
    institutions.set(g.institution_id, set);
  }
  return { userId: user.id, userName: user.name, accountId, isAccountAdmin, superRole: user.superRole, institutions };
}

/** An account administrator or a super user: reaches every institution and manages the account. */
export const isAdministrator = (access: Access): boolean => access.superRole || access.isAccountAdmin;

/** FORBIDDEN_ACCESS unless the caller administers the account. */
export function requireAdministrator(access: Access): void {
  if (!isAdministrator(access)) throw new AppError('FORBIDDEN_ACCESS');
}

export function institutionIds(access: Access): string[] {
  return [...access.institutions.keys()];
}

/**
 * The actor the report rules see for a study of `institutionId`. An exam without
 * institution (a scheduled exam) is the account's: what the user holds in any of its
 * institutions counts (decision 005).
 */
export function actorFor(access: Access, institutionId: string | null): Actor {
  const permissions =
    institutionId === null
      ? new Set([...access.institutions.values()].flatMap((set) => [...set]))
      : (access.institutions.get(institutionId) ?? new Set<Permission>());
  return {
    userId: access.userId,
    name: access.userName,
    permissions: [...permissions],
    isAccountAdmin: access.isAccountAdmin,
    superRole: access.superRole,
  };
}

/** Restricts a query to the account's exams without institution (any member reaches them). */
export function scopedScheduled<T extends Knex.QueryBuilder>(qb: T, access: Access, alias: string): T {
  return qb.where(`${alias}.account_id`, access.accountId).whereNull(`${alias}.institution_id`) as T;
}

/** Restricts a query on a table with account_id / institution_id columns to the access. */
export function scoped<T extends Knex.QueryBuilder>(qb: T, access: Access, alias: string): T {
  return qb.where(`${alias}.account_id`, access.accountId).whereIn(`${alias}.institution_id`, institutionIds(access)) as T;
}
