import { ACCOUNT_SETTINGS, accountSetting, parseSettingValue } from './settings';

test('an unset or unreadable setting is its default', () => {
  expect(accountSetting(null, 'LOGIN_ATTEMPTS')).toBe(5);
  expect(accountSetting({ LOGIN_ATTEMPTS: 'many' }, 'LOGIN_ATTEMPTS')).toBe(5);
  expect(accountSetting({ LOGIN_ATTEMPTS: '0' }, 'LOGIN_ATTEMPTS')).toBe(5);
  expect(accountSetting({ TWO_FACTOR_REQUIRED: 'yes' }, 'TWO_FACTOR_REQUIRED')).toBe(false);
});

test('stored strings and native values are read as their type', () => {
  expect(accountSetting({ LOGIN_ATTEMPTS: '3' }, 'LOGIN_ATTEMPTS')).toBe(3);
  expect(accountSetting({ LOGIN_ATTEMPTS: 7 }, 'LOGIN_ATTEMPTS')).toBe(7);
  expect(accountSetting({ TWO_FACTOR_REQUIRED: 'TRUE' }, 'TWO_FACTOR_REQUIRED')).toBe(true);
  expect(accountSetting({ ALLOW_SIGNUP: true }, 'ALLOW_SIGNUP')).toBe(true);
  expect(parseSettingValue('PASSWORD_EXPIRY_DAYS', '3651')).toBeNull();
});

test('every setting has a default within its bounds and a description in each language', () => {
  for (const [key, def] of Object.entries(ACCOUNT_SETTINGS)) {
    expect(parseSettingValue(key as keyof typeof ACCOUNT_SETTINGS, def.default)).toBe(def.default);
    for (const text of Object.values(def.description)) expect(text.length).toBeGreaterThan(10);
  }
});
