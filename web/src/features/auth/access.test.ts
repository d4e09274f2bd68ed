import { describe, expect, it } from '@jest/globals';
import type { AccountAccess } from '../../../../domain/auth/schemas';
import { accountList, currentAccount, decideAccess } from './access';

const account = (id: string, name: string): AccountAccess => ({
  id,
  name,
  isForHuman: true,
  customViewerUrl: null,
  keepviewerConfigInBetween: false,
  isAdmin: false,
  institutions: [{ id: `${id}-1`, name: 'Unidade', permissions: [] }],
  grantedStudies: false,
});
const A = account('a', 'Clínica B');
const B = account('b', 'Clínica A');
const base = { superRole: false, isBillingUser: false, accounts: {}, currentAccountId: null };

describe('decideAccess', () => {
  it('shows the no-access screen to a user with no role and no account', () => {
    expect(decideAccess(base)).toBe('no-access');
  });
  it('shows it to a member of accounts where no institution is reachable yet (new users), not to their administrators', () => {
    const bare = { ...A, institutions: [] };
    expect(decideAccess({ ...base, accounts: { a: bare } })).toBe('no-access');
    expect(decideAccess({ ...base, accounts: { a: bare }, currentAccountId: 'a' })).toBe('no-access');
    expect(decideAccess({ ...base, accounts: { a: { ...bare, isAdmin: true } } })).toBe('auto-select');
    // A provider or referring physician with studies granted one by one reaches the app.
    expect(decideAccess({ ...base, accounts: { a: { ...bare, grantedStudies: true } } })).toBe('auto-select');
    expect(decideAccess({ ...base, accounts: { a: bare, b: B } })).toBe('select-account');
    expect(decideAccess({ ...base, superRole: true, accounts: { a: bare } })).toBe('auto-select');
  });
  it('lets super and billing users in without accounts', () => {
    expect(decideAccess({ ...base, superRole: true })).toBe('ok');
    expect(decideAccess({ ...base, isBillingUser: true })).toBe('ok');
  });
  it('switches automatically to the only account', () => {
    expect(decideAccess({ ...base, accounts: { a: A } })).toBe('auto-select');
  });
  it('asks to choose among several accounts', () => {
    expect(decideAccess({ ...base, accounts: { a: A, b: B } })).toBe('select-account');
    expect(decideAccess({ ...base, superRole: true, accounts: { a: A, b: B } })).toBe('select-account');
  });
  it('is ok once a known account is current', () => {
    expect(decideAccess({ ...base, accounts: { a: A, b: B }, currentAccountId: 'b' })).toBe('ok');
    expect(decideAccess({ ...base, accounts: { a: A, b: B }, currentAccountId: 'gone' })).toBe('select-account');
  });
});

describe('accounts', () => {
  it('lists accounts by name and finds the current one', () => {
    const s = { accounts: { a: A, b: B }, currentAccountId: 'a' };
    expect(accountList(s).map((x) => x.id)).toEqual(['b', 'a']);
    expect(currentAccount(s)?.name).toBe('Clínica B');
    expect(currentAccount({ ...s, currentAccountId: null })).toBeNull();
  });
});
