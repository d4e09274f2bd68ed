import { PasswordPair, brokenPasswordRules, isStrongPassword } from './password-policy';

test.each([
  ['', ['length', 'special', 'number', 'uppercase']],
  ['abcdefgh', ['special', 'number', 'uppercase']],
  ['Abcdefg1', ['special']],
  ['Abcdef!1', []],
  ['ÁBCDEF!1', []],
  ['Ab!1', ['length']],
  ['SENHA FORTE 1', ['special']],
])('%j breaks %j', (password, broken) => {
  expect(brokenPasswordRules(password)).toEqual(broken);
  expect(isStrongPassword(password)).toBe(broken.length === 0);
});

test('the confirmation must match', () => {
  expect(PasswordPair.safeParse({ password: 'Laudos@2026', passwordConfirmation: 'Laudos@2026' }).success).toBe(true);
  const r = PasswordPair.safeParse({ password: 'Laudos@2026', passwordConfirmation: 'Laudos@2027' });
  expect(r.success).toBe(false);
  expect(r.error?.issues[0]?.message).toBe('PASSWORDS_DIFFERENT');
});
