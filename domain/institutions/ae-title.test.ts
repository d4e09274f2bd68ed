import { AeTitle, isValidAeTitle } from './ae-title';

test('1 to 16 characters of the DICOM default repertoire, trimmed and upper-cased', () => {
  expect(isValidAeTitle('A')).toBe(true);
  expect(isValidAeTitle('HCENTRAL')).toBe(true);
  expect(isValidAeTitle('ABCDEFGHIJKLMNOP')).toBe(true);
  expect(isValidAeTitle('  ct-01 sala 2  ')).toBe(true);
  expect(AeTitle.parse(' ct_01 ')).toBe('CT_01');
});

test('empty, too long, backslash, control or non-ASCII characters are refused', () => {
  expect(isValidAeTitle('')).toBe(false);
  expect(isValidAeTitle('    ')).toBe(false);
  expect(isValidAeTitle('ABCDEFGHIJKLMNOPQ')).toBe(false);
  expect(isValidAeTitle('AB\\CD')).toBe(false);
  expect(isValidAeTitle('AB\nCD')).toBe(false);
  expect(isValidAeTitle('SÃO')).toBe(false);
});
