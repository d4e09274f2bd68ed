import { Cnpj, formatCnpj, isValidCnpj } from './cnpj';

test('a CNPJ with right check digits is valid, masked or not', () => {
  expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  expect(isValidCnpj('11222333000181')).toBe(true);
  expect(isValidCnpj('04.252.011/0001-10')).toBe(true);
  expect(Cnpj.parse(' 11.222.333/0001-81 ')).toBe('11222333000181');
  expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
});

test('wrong check digits, wrong length and repeated digits are refused', () => {
  expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
  expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
  expect(isValidCnpj('1122233300018')).toBe(false);
  expect(isValidCnpj('112223330001811')).toBe(false);
  expect(isValidCnpj('00000000000000')).toBe(false);
  expect(isValidCnpj('11a22333000181')).toBe(false);
  expect(Cnpj.safeParse('11.222.333/0001-80').success).toBe(false);
});
