/**
 * ISO 2022 code extensions decoded from bytes (PS3.5 Annex H, I and the ISO 8859 G1 sets);
 * a set or escape sequence outside the table is refused by name.
 */
import { UnsupportedCharset, decodeExtended, usesCodeExtensions } from './charset';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s/g, ''), 'hex'));
const esc = (s: string) => Buffer.from(s, 'latin1').toString('hex');

it('tells which SpecificCharacterSet values need it', () => {
  expect(usesCodeExtensions(['ISO_IR 192'])).toBe(false);
  expect(usesCodeExtensions(['ISO_IR 100'])).toBe(false);
  expect(usesCodeExtensions(['', 'ISO 2022 IR 87'])).toBe(true);
  expect(usesCodeExtensions(['ISO 2022 IR 100'])).toBe(true);
});

it('decodes Japanese (IR 87) person names, delimiters returning to ASCII (PS3.5 H.3.1)', () => {
  const pn = `${esc('Yamada^Tarou=')}1b2442 3b33 4544 1b2842 5e 1b2442 4240 4f3a 1b2842 3d 1b2442 2464 245e 2440 1b2842 5e 1b2442 243f 246d 2426 1b2842`;
  expect(decodeExtended(bytes(pn), ['', 'ISO 2022 IR 87'])).toBe('Yamada^Tarou=山田^太郎=やまだ^たろう');
});

it('decodes half-width katakana (IR 13 in G1)', () => {
  expect(decodeExtended(bytes(`${esc('A')}1b2949 d4cf c0de`), ['ISO 2022 IR 13'])).toBe('Aﾔﾏﾀﾞ');
});

it('decodes Korean (IR 149 in G1, PS3.5 I.2)', () => {
  const pn = `${esc('Hong^Gildong=')}1b242943 fbf3 5e 1b242943 d1ce d4d7 3d 1b242943 c8ab 5e 1b242943 b1e6 b5bf`;
  expect(decodeExtended(bytes(pn), ['', 'ISO 2022 IR 149'])).toBe('Hong^Gildong=洪^吉洞=홍^길동');
});

it('decodes a Latin-1 G1 set designated up front or by escape', () => {
  expect(decodeExtended(bytes('c46e656173'), ['ISO 2022 IR 100'])).toBe('Äneas');
  expect(decodeExtended(bytes(`1b2d41 c46e656173`), ['', 'ISO 2022 IR 100'])).toBe('Äneas');
});

it('refuses sets and escapes it cannot decode, naming them', () => {
  expect(() => decodeExtended(bytes('41'), ['', 'ISO 2022 IR 159'])).toThrow(new UnsupportedCharset('ISO 2022 IR 159'));
  expect(() => decodeExtended(bytes('1b242844 3021'), ['', 'ISO 2022 IR 87'])).toThrow(UnsupportedCharset);
  expect(() => decodeExtended(bytes('41 e9'), ['', 'ISO 2022 IR 87'])).toThrow(/no G1 set/);
});
