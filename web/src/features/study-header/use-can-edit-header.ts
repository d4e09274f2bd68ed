import { HEADER_PERMISSIONS } from '../../../../domain/studies/header';
import { useSessionData } from '../auth/session';

/**
 * Whether the user may save the study header: any one of the three header permissions in
 * the study's institution (any institution for an exam without one), or the ROOT role.
 * The server checks the same (HEADER_FORBIDDEN); this only decides what is shown.
 */
export function useCanEditHeader(institutionId: string | null): boolean {
  const session = useSessionData();
  if (session.superRole) return true;
  const account = session.currentAccountId ? session.accounts[session.currentAccountId] : undefined;
  return (account?.institutions ?? []).some(
    (i) =>
      (institutionId === null || i.id === institutionId) &&
      HEADER_PERMISSIONS.some((p) => (i.permissions as readonly string[]).includes(p)),
  );
}
