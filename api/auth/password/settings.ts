/** The password settings of a user's accounts, reduced to the strictest (domain/auth/password-settings.ts). */
import type { Knex } from 'knex';
import { strictestPasswordSettings, type PasswordSettings } from '../../../domain/auth/password-settings';

export async function passwordSettings(knex: Knex, userId: string, fallbackAttempts: number): Promise<PasswordSettings> {
  const rows: { config: Record<string, unknown> | null }[] = await knex('accounts as a')
    .join('user_accounts as ua', 'ua.account_id', 'a.id')
    .where('ua.user_id', userId)
    .select('a.config');
  return strictestPasswordSettings(
    rows.map((r) => r.config),
    fallbackAttempts,
  );
}
