import { plainAddress } from './forwarded';

it('reads the address forms proxies write into X-Forwarded-For', () => {
  expect(plainAddress(' 198.51.100.7 ')).toBe('198.51.100.7');
  expect(plainAddress('198.51.100.7:54321')).toBe('198.51.100.7');
  expect(plainAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
  expect(plainAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
  expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
});
