import type { AccountAccess, SessionData } from '../../../../domain/auth/schemas';

/**
 * Where an authenticated user may go (spec 3 §4, "Routing after authentication"). Pure.
 * - no-access: no super role, no billing role and no accounts (none where the user reaches an
 *   institution or administers: a new member before an administrator grants a role);
 * - auto-select: no current account but exactly one account (the client switches to it);
 * - select-account: no current account and several accounts;
 * - ok: otherwise.
 */
export type AccessDecision = 'no-access' | 'auto-select' | 'select-account' | 'ok';

type SessionAccess = Pick<SessionData, 'superRole' | 'isBillingUser' | 'accounts' | 'currentAccountId'>;

export function accountList(session: Pick<SessionData, 'accounts'>): AccountAccess[] {
  return Object.values(session.accounts).sort((a, b) => a.name.localeCompare(b.name));
}

export function currentAccount(session: Pick<SessionData, 'accounts' | 'currentAccountId'>): AccountAccess | null {
  if (!session.currentAccountId) return null;
  return session.accounts[session.currentAccountId] ?? null;
}

export function decideAccess(session: SessionAccess): AccessDecision {
  const accounts = Object.values(session.accounts);
  // An account where the user reaches no institution and does not administer is no access yet
  // (a signed-up or invited user before an administrator grants a role): the screen says so.
  // A provider or referring physician with studies granted one by one does reach something.
  const usable = accounts.filter((a) => a.isAdmin || a.institutions.length > 0 || a.grantedStudies);
  if (!session.superRole && !session.isBillingUser && usable.length === 0) return 'no-access';
  if (currentAccount(session)) return 'ok';
  if (accounts.length === 1) return 'auto-select';
  if (accounts.length > 1) return 'select-account';
  return 'ok';
}
