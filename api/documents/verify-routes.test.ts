import { initials } from './verify-routes';
import { VERIFICATION_CODE, newVerificationCode } from './sign-report';

it('shows only initials of the patient on the public page', () => {
  expect(initials('José Antônio da Conceição')).toBe('J. A. D. C.');
  expect(initials('  rex  ')).toBe('R.');
});

it('makes verification codes in the printed format, without ambiguous letters', () => {
  const codes = new Set(Array.from({ length: 200 }, () => newVerificationCode()));
  expect(codes.size).toBe(200);
  for (const c of codes) {
    expect(c).toMatch(VERIFICATION_CODE);
    expect(c).not.toMatch(/[01OIL]/);
  }
});
