/**
 * Spec 3 §6: users can be barred from creating personal filters. The bar is the account's
 * (user_accounts.barred_personal_filters); the study list's saved filters (users/config
 * SAVED_FILTERS) answer PERSONAL_FILTERS_BARRED while the session works in such an account.
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import type { SessionState } from '../auth/session';

export async function refuseBarredFilters(knex: Knex, session: SessionState): Promise<void> {
  if (!session.currentAccountId) return;
  const link = await knex('user_accounts')
    .where({ user_id: session.user.id, account_id: session.currentAccountId })
    .first('barred_personal_filters');
  if (link?.barred_personal_filters) throw new AppError('PERSONAL_FILTERS_BARRED');
}
