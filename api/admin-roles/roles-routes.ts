/**
 * Roles of the current account (spec 3 §6): a permission list from the catalogue, 'apply to
 * all institutions' (future ones included, honoured by loadAccess) and an optional shift
 * schedule. Managed with ROLES_MANAGE; the user screen also reads the list (USERS_MANAGE).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';
import { RoleBody } from '../../domain/auth/roles-schemas';
import type { RoleView } from '../../domain/auth/roles-views';
import { AppError } from '../../domain/errors';
import { type Access, canManage, isAdministrator, requireManage } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import { accessChanged } from '../access/access-changed';
import type { ApiDeps } from '../deps';
import { KeysetQuery, keysetPage, searchPattern } from '../http/keyset';
import { query, uuidParam } from '../http/validate';
import { auditAdmin, codedBody, uniqueOr } from './shared';

interface RoleRow {
  id: string;
  name: string;
  permissions: Permission[];
  applies_to_all_institutions: boolean;
  schedule_id: string | null;
  schedule_name: string | null;
  predefined: string | null;
  holders: string | number;
}

const present = (r: RoleRow): RoleView => ({
  id: r.id,
  name: r.name,
  permissions: r.permissions,
  appliesToAllInstitutions: r.applies_to_all_institutions,
  scheduleId: r.schedule_id,
  scheduleName: r.schedule_name,
  predefined: r.predefined,
  holders: Number(r.holders),
});

const BY_NAME = { key: 'lower(r.name)', keyType: 'text', id: 'r.id', order: 'asc' } as const;

function rolesQuery(knex: Knex, accountId: string) {
  return knex('roles as r')
    .leftJoin('shift_schedules as s', function () {
      this.on('s.id', '=', 'r.schedule_id').andOn('s.account_id', '=', 'r.account_id');
    })
    .where('r.account_id', accountId)
    .select(
      'r.id',
      'r.name',
      'r.permissions',
      'r.applies_to_all_institutions',
      'r.schedule_id',
      's.name as schedule_name',
      'r.predefined',
      knex.raw('(SELECT count(DISTINCT uir.user_id) FROM user_institution_roles uir WHERE uir.role_id = r.id) AS holders'),
    );
}

/**
 * The body checked against the account: the schedule must be the account's, and who is not an
 * administrator may only hand out permissions it holds itself (no escalation through a role).
 */
async function checkedRole(ctx: Context, knex: Knex, access: Access): Promise<RoleBody> {
  const input = codedBody(ctx, RoleBody);
  if (input.scheduleId) {
    const schedule = await knex('shift_schedules').where({ id: input.scheduleId, account_id: access.accountId }).first('id');
    if (!schedule) throw new AppError('NOT_FOUND');
  }
  if (!isAdministrator(access)) {
    const held = new Set([...access.institutions.values()].flatMap((set) => [...set]));
    if (input.permissions.some((p) => !held.has(p))) throw new AppError('CANNOT_MANAGE_ROLES');
  }
  return input;
}

export function roleRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/roles', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'ROLES_MANAGE', 'CANNOT_MANAGE_ROLES');
    return access;
  };
  const ownRole = async (ctx: Context, access: Access): Promise<string> => {
    const id = uuidParam(ctx, 'id');
    const row = await knex('roles').where({ id, account_id: access.accountId }).first('id');
    if (!row) throw new AppError('NOT_FOUND');
    return id;
  };
  const one = async (accountId: string, id: string) =>
    present((await rolesQuery(knex, accountId).where('r.id', id).first()) as RoleRow);

  router.get('/roles', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    if (!canManage(access, 'ROLES_MANAGE') && !canManage(access, 'USERS_MANAGE')) throw new AppError('CANNOT_MANAGE_ROLES');
    const q = query(ctx, KeysetQuery);
    const like = searchPattern(q.q);
    const qb = rolesQuery(knex, access.accountId);
    if (like) void qb.whereRaw('lower(r.name) like ?', [like]);
    const page = await keysetPage<RoleRow>(knex, qb, BY_NAME, q);
    ctx.body = { roles: page.rows.map(present), nextCursor: page.nextCursor };
  });

  router.post('/roles', async (ctx) => {
    const access = await managed(ctx);
    const input = await checkedRole(ctx, knex, access);
    const [row] = await uniqueOr('NAME_ALREADY_IN_USE', () =>
      knex('roles')
        .insert({
          account_id: access.accountId,
          name: input.name,
          permissions: input.permissions,
          applies_to_all_institutions: input.appliesToAllInstitutions,
          schedule_id: input.scheduleId,
        })
        .returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'ROLE_CREATED', { roleId: row.id, ...input });
    ctx.status = 201;
    ctx.body = { role: await one(access.accountId, row.id as string) };
  });

  router.put('/roles/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await ownRole(ctx, access);
    const input = await checkedRole(ctx, knex, access);
    await uniqueOr('NAME_ALREADY_IN_USE', () =>
      knex('roles').where({ id, account_id: access.accountId }).update({
        name: input.name,
        permissions: input.permissions,
        applies_to_all_institutions: input.appliesToAllInstitutions,
        schedule_id: input.scheduleId,
        updated_at: knex.fn.now(),
      }),
    );
    await auditAdmin(knex, ctx, access, 'ROLE_UPDATED', { roleId: id, ...input });
    await accessChanged(deps, [{ accountId: access.accountId }]);
    ctx.body = { role: await one(access.accountId, id) };
  });

  router.delete('/roles/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await ownRole(ctx, access);
    // The role's grants go with it (user_institution_roles cascades).
    await knex('roles').where({ id, account_id: access.accountId }).delete();
    await auditAdmin(knex, ctx, access, 'ROLE_DELETED', { roleId: id });
    await accessChanged(deps, [{ accountId: access.accountId }]);
    ctx.status = 204;
  });

  return router;
}
