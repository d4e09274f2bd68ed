import type { Context } from 'koa';
import { hasNul, refuseNul } from './validate';

const ctxWith = (b: unknown, q: Record<string, unknown> = {}) => ({ request: { body: b }, query: q }) as unknown as Context;

it('finds a NUL character in strings, keys and nested values', () => {
  expect(hasNul('a\u0000b')).toBe(true);
  expect(hasNul({ a: ['x', { b: '\u0000' }] })).toBe(true);
  expect(hasNul({ 'k\u0000': 1 })).toBe(true);
  expect(hasNul({ a: ['x', { b: 'é\u0001' }], n: 1, z: null })).toBe(false);
});

it('refuses a body or query carrying a NUL as MALFORMED_REQUEST (PostgreSQL would fail on it), whatever parses it next', async () => {
  const next = jest.fn(async () => undefined);
  await expect(refuseNul(ctxWith({ seriesIds: ['\u0000'] }), next)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  await expect(refuseNul(ctxWith(undefined, { action: 'a\u0000' }), next)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  expect(next).not.toHaveBeenCalled();
  await refuseNul(ctxWith({ seriesIds: ['1.2.3'] }, { action: 'study.' }), next);
  expect(next).toHaveBeenCalledTimes(1);
});
