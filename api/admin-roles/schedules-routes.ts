/**
 * Shift schedules of the current account (spec 3 §5) and the account's time zone their
 * periods are read in. Managed with SCHEDULES_MANAGE; the role editor's picker reads the list
 * (ROLES_MANAGE).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { TimeZoneBody } from '../../domain/auth/roles-schemas';
import { ScheduleBody, type ShiftPeriod, isTimeZone } from '../../domain/auth/shifts';
import { AppError } from '../../domain/errors';
import { type Access, canManage, requireManage } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import { accessChanged } from '../access/access-changed';
import type { ScheduleView } from '../../domain/auth/roles-views';
import type { ApiDeps } from '../deps';
import { KeysetQuery, keysetPage, searchPattern } from '../http/keyset';
import { body, query, uuidParam } from '../http/validate';
import { auditAdmin, codedBody, uniqueOr, unreferencedOr } from './shared';

interface ScheduleRow {
  id: string;
  name: string;
  periods: ShiftPeriod[];
  roles: string | number;
}

const present = (r: ScheduleRow): ScheduleView => ({ id: r.id, name: r.name, periods: r.periods, roles: Number(r.roles) });
const byDayAndTime = (periods: ShiftPeriod[]) =>
  [...periods].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));

export function scheduleRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/schedules', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'SCHEDULES_MANAGE', 'CANNOT_MANAGE_SCHEDULES');
    return access;
  };
  const ownSchedule = async (ctx: Context, access: Access) => {
    const id = uuidParam(ctx, 'id');
    if (!(await knex('shift_schedules').where({ id, account_id: access.accountId }).first('id'))) throw new AppError('NOT_FOUND');
    return id;
  };
  const list = (accountId: string) =>
    knex('shift_schedules as s')
      .where('s.account_id', accountId)
      .select('s.id', 's.name', 's.periods', knex.raw('(SELECT count(*) FROM roles r WHERE r.schedule_id = s.id) AS roles'));

  router.get('/schedules', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    if (!canManage(access, 'SCHEDULES_MANAGE') && !canManage(access, 'ROLES_MANAGE'))
      throw new AppError('CANNOT_MANAGE_SCHEDULES');
    const q = query(ctx, KeysetQuery);
    const like = searchPattern(q.q);
    const qb = list(access.accountId);
    if (like) void qb.whereRaw('lower(s.name) like ?', [like]);
    const [page, account] = await Promise.all([
      keysetPage<ScheduleRow>(knex, qb, { key: 'lower(s.name)', keyType: 'text', id: 's.id', order: 'asc' }, q),
      knex('accounts').where({ id: access.accountId }).first('time_zone') as Promise<{ time_zone: string }>,
    ]);
    ctx.body = { timeZone: account.time_zone, schedules: page.rows.map(present), nextCursor: page.nextCursor };
  });

  router.put('/schedules/timeZone', async (ctx) => {
    const access = await managed(ctx);
    const { timeZone } = body(ctx, TimeZoneBody);
    if (!isTimeZone(timeZone)) throw new AppError('TIME_ZONE_INVALID');
    await knex('accounts').where({ id: access.accountId }).update({ time_zone: timeZone });
    await auditAdmin(knex, ctx, access, 'ACCOUNT_TIME_ZONE_CHANGED', { timeZone });
    await accessChanged(deps, [{ accountId: access.accountId }]); // shifts now read another clock
    ctx.body = { timeZone };
  });

  router.post('/schedules', async (ctx) => {
    const access = await managed(ctx);
    const input = codedBody(ctx, ScheduleBody);
    const [row] = await uniqueOr('NAME_ALREADY_IN_USE', () =>
      knex('shift_schedules')
        .insert({ account_id: access.accountId, name: input.name, periods: JSON.stringify(byDayAndTime(input.periods)) })
        .returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'SCHEDULE_CREATED', { scheduleId: row.id, ...input });
    ctx.status = 201;
    ctx.body = { schedule: present((await list(access.accountId).where('s.id', row.id).first()) as ScheduleRow) };
  });

  router.put('/schedules/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await ownSchedule(ctx, access);
    const input = codedBody(ctx, ScheduleBody);
    await uniqueOr('NAME_ALREADY_IN_USE', () =>
      knex('shift_schedules')
        .where({ id, account_id: access.accountId })
        .update({ name: input.name, periods: JSON.stringify(byDayAndTime(input.periods)), updated_at: knex.fn.now() }),
    );
    await auditAdmin(knex, ctx, access, 'SCHEDULE_UPDATED', { scheduleId: id, ...input });
    await accessChanged(deps, [{ accountId: access.accountId }]);
    ctx.body = { schedule: present((await list(access.accountId).where('s.id', id).first()) as ScheduleRow) };
  });

  router.delete('/schedules/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await ownSchedule(ctx, access);
    await unreferencedOr('SCHEDULE_IN_USE', () => knex('shift_schedules').where({ id, account_id: access.accountId }).delete());
    await auditAdmin(knex, ctx, access, 'SCHEDULE_DELETED', { scheduleId: id });
    ctx.status = 204;
  });

  return router;
}
