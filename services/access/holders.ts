/**
 * Users of the account who hold a permission where a study is, now: the doctors a study may be
 * given to. A role counts in its institution, in every one when applied to all, and only inside
 * its shift schedule's periods (the account's time zone), as loadAccess counts it for the user.
 */
import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';
import { type ShiftPeriod, inShift } from '../../domain/auth/shifts';

export async function permissionHolders(
  knex: Knex,
  opts: {
    accountId: string;
    /** null: a scheduled exam, any of the account's institutions counts. */
    institutionId: string | null;
    permission: Permission;
    /** Only these users (one doctor checked). */
    userIds?: string[];
    exclude?: (string | null)[];
    now?: Date;
  },
): Promise<{ id: string; name: string }[]> {
  const excluded = (opts.exclude ?? []).filter((id): id is string => Boolean(id));
  const rows: { id: string; name: string; periods: ShiftPeriod[] | null }[] = await knex('users as u')
    .join('user_institution_roles as uir', 'uir.user_id', 'u.id')
    .join('roles as r', function () {
      this.on('r.id', '=', 'uir.role_id').andOn('r.account_id', '=', 'uir.account_id');
    })
    .leftJoin('shift_schedules as s', function () {
      this.on('s.id', '=', 'r.schedule_id').andOn('s.account_id', '=', 'r.account_id');
    })
    .where({ 'uir.account_id': opts.accountId, 'u.blocked': false, 'u.blocked_by_admin': false })
    .where((w) => {
      if (opts.institutionId)
        void w.where('uir.institution_id', opts.institutionId).orWhere('r.applies_to_all_institutions', true);
    })
    .whereRaw('? = ANY(r.permissions)', [opts.permission])
    .modify((q) => {
      if (opts.userIds) void q.whereIn('u.id', opts.userIds);
      if (excluded.length) void q.whereNotIn('u.id', excluded);
    })
    .select('u.id', 'u.name', 's.periods')
    .orderBy('u.name')
    .orderBy('u.id');

  let timeZone: string | undefined;
  const now = opts.now ?? new Date();
  const holders = new Map<string, { id: string; name: string }>();
  for (const row of rows) {
    if (holders.has(row.id)) continue;
    if (row.periods) {
      timeZone ??= ((await knex('accounts').where({ id: opts.accountId }).first('time_zone')) as { time_zone: string })
        .time_zone;
      if (!inShift(row.periods, now, timeZone)) continue;
    }
    holders.set(row.id, { id: row.id, name: row.name });
  }
  return [...holders.values()];
}
