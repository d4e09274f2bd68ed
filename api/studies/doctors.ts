import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';

/**
 * Doctors of the account who hold `permission` where the study is (its institution, or any
 * of the account's for a scheduled exam), without the users named in `exclude`: the
 * performing-physician list leaves out the current doctor, the opinion list the requester.
 */
export async function listDoctors(
  knex: Knex,
  opts: { accountId: string; institutionId: string | null; permission: Permission; exclude: (string | null)[] },
): Promise<{ id: string; name: string }[]> {
  const excluded = opts.exclude.filter((id): id is string => Boolean(id));
  return (
    knex('users as u')
      .join('user_institution_roles as uir', 'uir.user_id', 'u.id')
      .join('roles as r', 'r.id', 'uir.role_id')
      .where({ 'uir.account_id': opts.accountId, 'u.blocked': false, 'u.blocked_by_admin': false })
      // A role applied to all institutions counts in every one of them (issue 14).
      .where((w) => {
        if (opts.institutionId)
          void w.where('uir.institution_id', opts.institutionId).orWhere('r.applies_to_all_institutions', true);
      })
      .whereRaw('? = ANY(r.permissions)', [opts.permission])
      .whereNotIn('u.id', excluded.length ? excluded : ['00000000-0000-0000-0000-000000000000'])
      .distinct('u.id', 'u.name')
      .orderBy('u.name')
  );
}
