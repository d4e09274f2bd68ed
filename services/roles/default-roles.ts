import type { Knex } from 'knex';
import { DEFAULT_ROLES } from '../../domain/auth/default-roles';

/**
 * Creates the default roles (domain/auth/default-roles.ts) in an account; a role of the same
 * name already there is kept as the administrator left it. Call it when an account is created.
 */
export async function seedDefaultRoles(trx: Knex | Knex.Transaction, accountId: string): Promise<void> {
  await trx('roles')
    .insert(
      Object.entries(DEFAULT_ROLES).map(([name, permissions]) => ({
        account_id: accountId,
        name,
        permissions: [...permissions],
        predefined: name,
      })),
    )
    .onConflict(['account_id', 'name'])
    .ignore();
}
