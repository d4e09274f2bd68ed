/**
 * Medical groups and specialties of the current account (the orchestrator's filters use them)
 * and the users who belong to them. The two are the same shape: one factory, two tables.
 * Managed with MEDICAL_GROUPS_MANAGE; a user's memberships also by USERS_MANAGE (user screen).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { inTransaction } from '../../db/transaction';
import { MembershipBody, NamedBody } from '../../domain/auth/roles-schemas';
import { AppError } from '../../domain/errors';
import { type Access, canManage } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { KeysetQuery, keysetPage, searchPattern } from '../http/keyset';
import { body, query, uuidParam } from '../http/validate';
import { auditAdmin, uniqueOr } from './shared';

interface Kind {
  route: string;
  table: string;
  members: string;
  key: string;
  /** The user route's last segment: /accounts/:accountId/users/:userId/<segment>. */
  segment: string;
  audit: string;
}

const KINDS: Kind[] = [
  {
    route: '/medicalGroups',
    table: 'medical_groups',
    members: 'user_medical_groups',
    key: 'group_id',
    segment: 'groups',
    audit: 'MEDICAL_GROUP',
  },
  {
    route: '/specialties',
    table: 'specialties',
    members: 'user_specialties',
    key: 'specialty_id',
    segment: 'specialties',
    audit: 'SPECIALTY',
  },
];

export function groupRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(['/medicalGroups', '/specialties', '/accounts'], requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    if (!canManage(access, 'MEDICAL_GROUPS_MANAGE')) throw new AppError('CANNOT_MANAGE_MEDICAL_GROUPS');
    return access;
  };
  /** The route's user, when it is a member of the caller's current account; else 404. */
  const memberOfAccount = async (ctx: Context): Promise<{ access: Access; userId: string }> => {
    const access = await currentAccess(ctx, knex);
    if (uuidParam(ctx, 'accountId') !== access.accountId) throw new AppError('NOT_FOUND');
    if (!canManage(access, 'MEDICAL_GROUPS_MANAGE') && !canManage(access, 'USERS_MANAGE')) {
      throw new AppError('CANNOT_MANAGE_MEDICAL_GROUPS');
    }
    const userId = uuidParam(ctx, 'userId');
    if (!(await knex('user_accounts').where({ user_id: userId, account_id: access.accountId }).first('id'))) {
      throw new AppError('NOT_FOUND');
    }
    return { access, userId };
  };

  for (const kind of KINDS) {
    const list = (accountId: string) =>
      knex(`${kind.table} as g`)
        .where('g.account_id', accountId)
        .select(
          'g.id',
          'g.name',
          knex.raw(`(SELECT count(*)::int FROM ${kind.members} m WHERE m.${kind.key} = g.id) AS members`),
        );
    const own = async (ctx: Context, access: Access) => {
      const id = uuidParam(ctx, 'id');
      if (!(await knex(kind.table).where({ id, account_id: access.accountId }).first('id'))) throw new AppError('NOT_FOUND');
      return id;
    };

    router.get(kind.route, async (ctx) => {
      const access = await currentAccess(ctx, knex);
      if (!canManage(access, 'MEDICAL_GROUPS_MANAGE') && !canManage(access, 'USERS_MANAGE')) {
        throw new AppError('CANNOT_MANAGE_MEDICAL_GROUPS');
      }
      const q = query(ctx, KeysetQuery);
      const like = searchPattern(q.q);
      const qb = list(access.accountId);
      if (like) void qb.whereRaw('lower(g.name) like ?', [like]);
      const page = await keysetPage<{ id: string }>(
        knex,
        qb,
        { key: 'lower(g.name)', keyType: 'text', id: 'g.id', order: 'asc' },
        q,
      );
      ctx.body = { items: page.rows, nextCursor: page.nextCursor };
    });

    router.post(kind.route, async (ctx) => {
      const access = await managed(ctx);
      const { name } = body(ctx, NamedBody);
      const [row] = await uniqueOr('NAME_ALREADY_IN_USE', () =>
        knex(kind.table).insert({ account_id: access.accountId, name }).returning('id'),
      );
      await auditAdmin(knex, ctx, access, `${kind.audit}_CREATED`, { id: row.id, name });
      ctx.status = 201;
      ctx.body = { item: await list(access.accountId).where('g.id', row.id).first() };
    });

    router.put(`${kind.route}/:id`, async (ctx) => {
      const access = await managed(ctx);
      const id = await own(ctx, access);
      const { name } = body(ctx, NamedBody);
      await uniqueOr('NAME_ALREADY_IN_USE', () =>
        knex(kind.table).where({ id, account_id: access.accountId }).update({ name, updated_at: knex.fn.now() }),
      );
      await auditAdmin(knex, ctx, access, `${kind.audit}_UPDATED`, { id, name });
      ctx.body = { item: await list(access.accountId).where('g.id', id).first() };
    });

    router.delete(`${kind.route}/:id`, async (ctx) => {
      const access = await managed(ctx);
      const id = await own(ctx, access);
      await knex(kind.table).where({ id, account_id: access.accountId }).delete();
      await auditAdmin(knex, ctx, access, `${kind.audit}_DELETED`, { id });
      ctx.status = 204;
    });

    router.get(`/accounts/:accountId/users/:userId/${kind.segment}`, async (ctx) => {
      const { access, userId } = await memberOfAccount(ctx);
      const rows: { id: string }[] = await knex(kind.members)
        .where({ user_id: userId, account_id: access.accountId })
        .select(`${kind.key} as id`);
      ctx.body = { ids: rows.map((r) => r.id) };
    });

    /** Replaces the user's memberships of this kind in the account with `ids`. */
    router.put(`/accounts/:accountId/users/:userId/${kind.segment}`, async (ctx) => {
      const { access, userId } = await memberOfAccount(ctx);
      const ids = [...new Set(body(ctx, MembershipBody).ids)];
      const found = ids.length
        ? await knex(kind.table).where({ account_id: access.accountId }).whereIn('id', ids).count({ n: '*' })
        : [{ n: 0 }];
      if (Number(found[0]?.n) !== ids.length) throw new AppError('NOT_FOUND');
      await inTransaction(knex, async (trx) => {
        await trx(kind.members).where({ user_id: userId, account_id: access.accountId }).delete();
        if (ids.length)
          await trx(kind.members).insert(ids.map((id) => ({ account_id: access.accountId, user_id: userId, [kind.key]: id })));
      });
      await auditAdmin(knex, ctx, access, `USER_${kind.audit}S_SET`, { userId, ids });
      ctx.body = { ids };
    });
  }

  return router;
}
