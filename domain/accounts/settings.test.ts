import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_SETTINGS, accountSetting, accountSettings, checkSettingInput, parseSettingValue } from './settings';

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
    if (def.type !== 'object') expect(parseSettingValue(key as keyof typeof ACCOUNT_SETTINGS, def.default)).toEqual(def.default);
    for (const text of Object.values(def.description)) expect(text.length).toBeGreaterThan(10);
  }
});

test('a key is registered once, even ignoring case (the API is a map of them)', () => {
  const source = readFileSync(path.join(__dirname, 'settings.ts'), 'utf8');
  const body = source.slice(source.indexOf('export const ACCOUNT_SETTINGS'), source.indexOf('} as const satisfies'));
  const keys = [...body.matchAll(/^ {2}(\w+): \{$/gm)].map((m) => m[1]!.toUpperCase());
  expect(keys.length).toBe(Object.keys(ACCOUNT_SETTINGS).length);
  expect(new Set(keys).size).toBe(keys.length);
});

test('values sent to the API are checked strictly per type and bounds', () => {
  expect(checkSettingInput('LOGIN_ATTEMPTS', 3)).toBe(3);
  expect(checkSettingInput('LOGIN_ATTEMPTS', '3')).toBeNull();
  expect(checkSettingInput('LOGIN_ATTEMPTS', 0)).toBeNull();
  expect(checkSettingInput('LOGIN_ATTEMPTS', 2.5)).toBeNull();
  expect(checkSettingInput('TWO_FACTOR_REQUIRED', 'true')).toBeNull();
  expect(checkSettingInput('TWO_FACTOR_REQUIRED', true)).toBe(true);
  expect(checkSettingInput('PRINT_CUSTOM_HEADER', 'x'.repeat(501))).toBeNull();
  expect(checkSettingInput('PRINT_CUSTOM_HEADER', 'Clínica')).toBe('Clínica');
  expect(checkSettingInput('INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT', [' ALL ', 'ALL'])).toEqual(['ALL']);
  expect(checkSettingInput('INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT', 'ALL')).toBeNull();
  expect(checkSettingInput('PRINT_CONFIG', { layouts: [] })).toBeNull();
});

test('older stored forms still read: a comma list, string numbers and booleans', () => {
  expect(accountSetting({ INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT: 'a, b,,a' }, 'INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT')).toEqual(['a', 'b']);
  expect(accountSettings({ maxAdjacentImages: '20', bogus: 1 }).customized).toEqual(['maxAdjacentImages']);
  expect(accountSettings(null).values.ALLOW_PRINT_ON_DEMAND).toBe(true);
});
