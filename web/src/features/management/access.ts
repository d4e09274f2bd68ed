import type { AccountAccess } from '../../../../domain/auth/schemas';

/** Who opens the management reports: the super role, account administrators, holders of the permission anywhere. */
export function mayReadManagement(account: AccountAccess, superRole: boolean): boolean {
  return superRole || account.isAdmin || account.institutions.some((i) => i.permissions.includes('MANAGEMENT_REPORTS_READ'));
}
