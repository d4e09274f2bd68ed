import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';

/** Who the caller is for the Administration area: super role, and administrator of the current account. */
export function useAdminCaller() {
  const data = useSessionData();
  const account = currentAccount(data);
  return {
    superRole: data.superRole,
    isAdmin: data.superRole || Boolean(account?.isAdmin),
    accountId: data.currentAccountId,
    accountName: account?.name ?? null,
  };
}
