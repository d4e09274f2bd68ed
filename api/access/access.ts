/**
 * What the session's user may reach in its current account: the one scoping helper every
 * tenant query goes through (ARCHITECTURE §4.6).
 */
import type { Knex } from 'knex';
import { prepared } from '../../db/prepared';
import { type Actor, PERMISSIONS, type Permission, isPermission } from '../../domain/auth/permissions';
import { type ShiftPeriod, inShift } from '../../domain/auth/shifts';
import { AppError, type ErrorCode } from '../../domain/errors';

export interface Access {
  userId: string;
  userName: string;
  accountId: string;
  isAccountAdmin: boolean;
  superRole: boolean;
  /** Institutions reachable in the account, with the permissions held in each. */
  institutions: Map<string, ReadonlySet<Permission>>;
  /**
   * Studies opened to this user one by one (access grants for providers and referring
   * physicians): reachable for reading whatever their institution, with no permission there.
   */
  studyGrants: ReadonlySet<string>;
  /**
   * Some role of the user has a shift schedule: what it grants changes with the clock alone, so
   * holders of live connections are checked again as time passes (api/broker/broker.ts).
   */
  shiftBound: boolean;
}

export interface SessionUser {
  id: string;
  name: string;
  superRole: boolean;
}

interface AccessRow {
  /** The user's link to the account: null when there is none. */
  link_admin: boolean | null;
  roles: { institution_id: string; permissions: string[]; applies_to_all_institutions: boolean; periods: ShiftPeriod[] | null }[];
  time_zone: string;
  /** The account's institutions, read when someone may reach them all (an administrator, a role for all). */
  institution_ids: string[];
  study_grants: string[];
}

/**
 * Everything an access is built from, in one statement: the link, the roles with their schedules,
 * the account's zone, its institutions when some grant reaches them all, and the study grants.
 * In turn these were three to five round trips: 1.65 ms p50 against 0.68 ms as one (issue 20).
 */
function accessRead(knex: Knex, user: SessionUser, accountId: string): Knex.Raw {
  return knex.raw(
    `SELECT
       (SELECT ua.is_admin FROM user_accounts ua WHERE ua.user_id = :user AND ua.account_id = :account) AS link_admin,
       (SELECT coalesce(json_agg(json_build_object(
                 'institution_id', uir.institution_id, 'permissions', r.permissions,
                 'applies_to_all_institutions', r.applies_to_all_institutions, 'periods', s.periods)), '[]')
          FROM user_institution_roles uir
          JOIN roles r ON r.id = uir.role_id AND r.account_id = uir.account_id
          LEFT JOIN shift_schedules s ON s.id = r.schedule_id AND s.account_id = r.account_id
         WHERE uir.user_id = :user AND uir.account_id = :account) AS roles,
       a.time_zone,
       CASE WHEN :super OR EXISTS (SELECT 1 FROM user_accounts ua WHERE ua.user_id = :user AND ua.account_id = :account AND ua.is_admin)
                 OR EXISTS (SELECT 1 FROM user_institution_roles uir JOIN roles r ON r.id = uir.role_id AND r.account_id = uir.account_id
                             WHERE uir.user_id = :user AND uir.account_id = :account AND r.applies_to_all_institutions)
            THEN (SELECT coalesce(array_agg(i.id), '{}') FROM institutions i WHERE i.account_id = :account)
            ELSE '{}' END AS institution_ids,
       (SELECT coalesce(array_agg(g.study_id), '{}') FROM study_access_grants g
         WHERE g.account_id = :account AND g.user_id = :user) AS study_grants
     FROM (SELECT CAST(:account AS uuid) AS id) k LEFT JOIN accounts a ON a.id = k.id`,
    { user: user.id, account: accountId, super: user.superRole },
  );
}

/**
 * Loads the user's access to `accountId`; FORBIDDEN_ACCESS when the user has none.
 * A role marked 'apply to all institutions' grants its permissions in every institution of the
 * account, including ones created after it; a role with a shift schedule grants nothing outside
 * its periods (wall clock of the account's time zone). A revoked role or an ended shift takes
 * effect on the next call: requests keep an access only for the account's access version, and
 * never one with a schedule (kept-access.ts, ADR 041 and 052). It is read in one statement (accessRead).
 */
export async function loadAccess(knex: Knex, user: SessionUser, accountId: string, now: Date = new Date()): Promise<Access> {
  const row = (await prepared(accessRead(knex, user, accountId), 'access')).rows[0] as AccessRow;
  if (row.link_admin === null && !user.superRole) throw new AppError('FORBIDDEN_ACCESS');
  const isAccountAdmin = Boolean(row.link_admin);
  const active = row.roles.filter((g) => !g.periods || inShift(g.periods, now, row.time_zone));
  const institutions = new Map<string, Set<Permission>>();
  // The account's institutions, which the statement reads whenever some grant may reach them all.
  const all = row.institution_ids;
  if (user.superRole || isAccountAdmin) {
    // Administrators reach every institution of the account, present and future.
    for (const id of all) institutions.set(id, new Set(user.superRole ? PERMISSIONS : []));
  }
  const add = (institutionId: string, permissions: string[]) => {
    const set = institutions.get(institutionId) ?? new Set<Permission>();
    for (const p of permissions) if (isPermission(p)) set.add(p);
    institutions.set(institutionId, set);
  };
  for (const g of active) {
    if (g.applies_to_all_institutions) for (const id of all) add(id, g.permissions);
    else add(g.institution_id, g.permissions);
  }
  const studyGrants = new Set(row.study_grants);
  return {
    userId: user.id,
    userName: user.name,
    accountId,
    isAccountAdmin,
    superRole: user.superRole,
    institutions,
    studyGrants,
    shiftBound: row.roles.some((g) => g.periods !== null),
  };
}

/**
 * The caller's access to an account named in the path (`/accounts/:accountId/…`): an account the
 * caller is not in answers NOT_FOUND, as another tenant's ids do everywhere (issue 14's matrix),
 * rather than confirming that it exists.
 */
export async function loadAccountAccess(knex: Knex, user: SessionUser, accountId: string): Promise<Access> {
  try {
    return await loadAccess(knex, user, accountId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN_ACCESS') throw new AppError('NOT_FOUND');
    throw err;
  }
}

/** An account administrator or a super user: reaches every institution and manages the account. */
export const isAdministrator = (access: Access): boolean => access.superRole || access.isAccountAdmin;

/** FORBIDDEN_ACCESS unless the caller administers the account. */
export function requireAdministrator(access: Access): void {
  if (!isAdministrator(access)) throw new AppError('FORBIDDEN_ACCESS');
}

/**
 * An account-wide administrative permission (ADMIN_PERMISSIONS): administrators pass; anyone
 * else needs it from an active role in some institution of the account.
 */
export function canManage(access: Access, permission: Permission): boolean {
  return isAdministrator(access) || [...access.institutions.values()].some((set) => set.has(permission));
}

/** `code` (the area's 'cannot manage …' answer) unless the caller may manage the area. */
export function requireManage(access: Access, permission: Permission, code: ErrorCode): void {
  if (!canManage(access, permission)) throw new AppError(code);
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

/** Restricts a query on studies to the access: its institutions, and the studies granted to it. */
export function scopedStudies<T extends Knex.QueryBuilder>(qb: T, access: Access, alias: string): T {
  const institutions = institutionIds(access);
  const granted = [...access.studyGrants];
  // Invalidated studies and studies merged into another are out of every list and action
  // (issue 16): only their own screens (invalidated, divergent) reach them, with `scoped`.
  void qb.whereNull(`${alias}.invalidated_at`).whereNull(`${alias}.merged_into_id`);
  if (granted.length === 0) return scoped(qb, access, alias);
  return qb.where(`${alias}.account_id`, access.accountId).where((w) => {
    void w.whereIn(`${alias}.institution_id`, institutions).orWhereIn(`${alias}.id`, granted);
  }) as T;
}

/** Restricts a query on a table with account_id / institution_id columns to the access. */
export function scoped<T extends Knex.QueryBuilder>(qb: T, access: Access, alias: string): T {
  return qb.where(`${alias}.account_id`, access.accountId).whereIn(`${alias}.institution_id`, institutionIds(access)) as T;
}
