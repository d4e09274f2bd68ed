/**
 * Who hears of a study's deadline crossing (ADR 028): its responsible doctor (the report's
 * responsible user, else the one who took it) and the coordinators of its institution — the
 * account's members whose role grants STUDIES_CHANGE_ROUTINE ('routine assignment') there, the
 * people who can act on a late study by moving or reassigning it. Shifts are not applied: a
 * coordinator off shift still finds the notification on return.
 */
import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';

export const COORDINATOR_PERMISSION: Permission = 'STUDIES_CHANGE_ROUTINE';

export interface AlertRecipient {
  userId: string;
  email: string;
  name: string;
  /** The user's language setting (users.config LANGUAGE), for the mail. */
  lang: string | null;
}

export async function deadlineRecipients(
  trx: Knex | Knex.Transaction,
  study: { accountId: string; institutionId: string; responsibleUserId: string | null },
): Promise<AlertRecipient[]> {
  const coordinators = trx('user_institution_roles as uir')
    .join('roles as r', function joinRole() {
      this.on('r.id', 'uir.role_id').andOn('r.account_id', 'uir.account_id');
    })
    .where('uir.account_id', study.accountId)
    .where((w) => void w.where('uir.institution_id', study.institutionId).orWhere('r.applies_to_all_institutions', true))
    .whereRaw('? = ANY(r.permissions)', [COORDINATOR_PERMISSION])
    .select('uir.user_id');
  const rows: { id: string; email: string; name: string; config: Record<string, unknown> | null }[] = await trx('users as u')
    .join('user_accounts as ua', function member() {
      this.on('ua.user_id', 'u.id').andOnVal('ua.account_id', study.accountId);
    })
    .where((w) => {
      void w.whereIn('u.id', coordinators);
      if (study.responsibleUserId) void w.orWhere('u.id', study.responsibleUserId);
    })
    .where('u.blocked_by_admin', false)
    .orderBy('u.id')
    .select('u.id', 'u.email', 'u.name', 'u.config');
  // The user's own config (not an account setting): the language chosen in My profile.
  return rows.map((user) => ({
    userId: user.id,
    email: user.email,
    name: user.name,
    lang: typeof user.config?.LANGUAGE === 'string' ? user.config.LANGUAGE : null,
  }));
}
