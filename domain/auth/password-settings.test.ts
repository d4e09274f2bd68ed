import { isPasswordExpired, strictestPasswordSettings } from './password-settings';

test('a user in no account gets the defaults and the platform lockout count', () => {
  expect(strictestPasswordSettings([], 7)).toEqual({ loginAttempts: 7, expiryDays: 0, history: 5 });
});

test('one account: its settings, stored as strings or numbers; unreadable ones fall back to the default', () => {
  expect(strictestPasswordSettings([{ LOGIN_ATTEMPTS: '3', PASSWORD_EXPIRY_DAYS: 90, PASSWORD_HISTORY: '0' }], 7)).toEqual({
    loginAttempts: 3,
    expiryDays: 90,
    history: 0,
  });
  expect(strictestPasswordSettings([{ LOGIN_ATTEMPTS: 'many', PASSWORD_HISTORY: '99' }], 7)).toEqual({
    loginAttempts: 5,
    expiryDays: 0,
    history: 5,
  });
  expect(strictestPasswordSettings([null], 7)).toEqual({ loginAttempts: 5, expiryDays: 0, history: 5 });
});

test('several accounts: the strictest of each (0 days is "never", not the shortest)', () => {
  const s = strictestPasswordSettings(
    [
      { LOGIN_ATTEMPTS: '10', PASSWORD_EXPIRY_DAYS: '0', PASSWORD_HISTORY: '2' },
      { LOGIN_ATTEMPTS: '4', PASSWORD_EXPIRY_DAYS: '180', PASSWORD_HISTORY: '12' },
      { PASSWORD_EXPIRY_DAYS: '60' },
    ],
    7,
  );
  expect(s).toEqual({ loginAttempts: 4, expiryDays: 60, history: 12 });
});

test('expiry counts whole days from the change; 0 never expires', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const daysAgo = (d: number) => new Date(now - d * 86_400_000);
  expect(isPasswordExpired(daysAgo(29.9), 30, now)).toBe(false);
  expect(isPasswordExpired(daysAgo(30), 30, now)).toBe(true);
  expect(isPasswordExpired(daysAgo(5000), 0, now)).toBe(false);
});
