import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';

test('ten distinct codes in two groups of five', () => {
  const codes = newRecoveryCodes();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
});

test('a code typed loosely hashes as the code shown', () => {
  expect(hashRecoveryCode('k7q2m 9xw4d')).toBe(hashRecoveryCode('K7Q2M-9XW4D'));
  expect(normalizeRecoveryCode('ab0ol-i1xyz')).toBe('AB00111XYZ');
  expect(looksLikeRecoveryCode('K7Q2M-9XW4D')).toBe(true);
  expect(looksLikeRecoveryCode('123456')).toBe(false);
});
