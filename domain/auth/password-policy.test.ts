import { PasswordPair, brokenPasswordRules, isStrongPassword, passwordPairProblem } from './password-policy';

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

test('the server answers the first problem of a pair as its code', () => {
  expect(passwordPairProblem({ password: 'Laudos@2026', passwordConfirmation: 'Laudos@2026' })).toBeNull();
  expect(passwordPairProblem({ password: 'laudos2026', passwordConfirmation: 'laudos2026' })).toBe('PASSWORD_WEAK');
  expect(passwordPairProblem({ password: 'weak', passwordConfirmation: 'other' })).toBe('PASSWORD_WEAK');
  expect(passwordPairProblem({ password: 'Laudos@2026', passwordConfirmation: 'Laudos@2027' })).toBe('PASSWORDS_DIFFERENT');
  expect(passwordPairProblem({ password: `A1!${'a'.repeat(300)}`, passwordConfirmation: `A1!${'a'.repeat(300)}` })).toBe(
    'PASSWORD_WEAK',
  );
});
