import { maskCpf } from '../../documents/signing/a1-certificate';
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

it('masks the CPF of an ICP-Brasil subject on the public page', () => {
  expect(maskCpf('C=BR, O=ICP-Brasil, CN=Dr. João Silva:12345678900')).toBe('C=BR, O=ICP-Brasil, CN=Dr. João Silva:*********00');
  expect(maskCpf('CN=AC Raiz, serial 123')).toBe('CN=AC Raiz, serial 123');
});
