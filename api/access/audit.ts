/** The append-only audit trail (ARCHITECTURE §4.10): who did what to which study, from where. */
import type { Knex } from 'knex';
import type { Access } from './access';

export async function audit(
  knex: Knex,
  access: Access,
  action: string,
  studyId: string,
  ip: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await knex('audit_log').insert({
    account_id: access.accountId,
    user_id: access.userId,
    action,
    study_id: studyId,
    detail,
    ip: ip.slice(0, 64),
  });
}
