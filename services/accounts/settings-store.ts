/**
 * Writes of account settings (accounts.config): one key at a time, so concurrent saves of
 * different keys never overwrite each other. Keys and values are the registry's
 * (domain/accounts/settings.ts); callers check the value first.
 */
import type { Knex } from 'knex';
import type { AccountSettingKey } from '../../domain/accounts/settings';

export async function setAccountSetting(knex: Knex, accountId: string, key: AccountSettingKey, value: unknown): Promise<number> {
  return knex('accounts')
    .where({ id: accountId })
    .update({
      config: knex.raw(`coalesce(config, '{}'::jsonb) || jsonb_build_object(?::text, ?::jsonb)`, [key, JSON.stringify(value)]),
      updated_at: knex.fn.now(),
    });
}

/** Back to the registry's default: the key leaves the account's config. */
export async function clearAccountSetting(knex: Knex, accountId: string, key: AccountSettingKey): Promise<number> {
  return knex('accounts')
    .where({ id: accountId })
    .update({ config: knex.raw('coalesce(config, ?::jsonb) - ?::text', ['{}', key]), updated_at: knex.fn.now() });
}
