import type { Knex } from 'knex';
import type { AccountAccess, SessionData } from '../../domain/auth/schemas';
import { loadAccess } from '../access/access';

/** The `data` of login, revalidation and account switch (spec 3 §7). */
export async function presentSession(
  knex: Knex,
  userId: string,
  accessToken: string,
  currentAccountId: string | null,
): Promise<SessionData> {
  const user = await knex('users').where({ id: userId }).first();
  const accountRows: {
    id: string;
    name: string;
    is_for_human: boolean | null;
    custom_viewer_url: string | null;
    keep_viewer_config_in_between: boolean;
  }[] = user.super_role
    ? await knex('accounts').select('*').orderBy('name')
    : await knex('accounts as a')
        .join('user_accounts as ua', 'ua.account_id', 'a.id')
        .where('ua.user_id', userId)
        .select('a.*')
        .orderBy('a.name');

  const accounts: Record<string, AccountAccess> = {};
  for (const a of accountRows) {
    const access = await loadAccess(knex, { id: user.id, name: user.name, superRole: user.super_role }, a.id);
    const names: { id: string; name: string; active: boolean }[] = await knex('institutions')
      .whereIn('id', [...access.institutions.keys()])
      .select('id', 'name', 'active')
      .orderBy('name');
    accounts[a.id] = {
      id: a.id,
      name: a.name,
      isForHuman: a.is_for_human,
      customViewerUrl: a.custom_viewer_url,
      keepviewerConfigInBetween: a.keep_viewer_config_in_between,
      isAdmin: access.isAccountAdmin,
      institutions: names.map((i) => ({ ...i, permissions: [...(access.institutions.get(i.id) ?? [])] })),
      grantedStudies: access.studyGrants.size > 0,
    };
  }

  const config = (user.config ?? {}) as Record<string, string>;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    accessToken,
    firebaseToken: accessToken,
    superRole: user.super_role,
    isBillingUser: user.is_billing_user,
    useTwoFactor: user.use_two_factor,
    personalKeyId: user.personal_key_id ?? null,
    userConfig: Object.entries(config).map(([key, value]) => ({ key, value: String(value) })),
    accounts,
    currentAccountId: currentAccountId && accounts[currentAccountId] ? currentAccountId : null,
  };
}
