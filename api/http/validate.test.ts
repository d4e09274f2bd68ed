import type { Context } from 'koa';
import { z } from 'zod';
import { body, hasNul, query } from './validate';

const ctxWith = (b: unknown, q: Record<string, unknown> = {}) => ({ request: { body: b }, query: q }) as unknown as Context;
const Any = z.object({}).passthrough();

it('finds a NUL character in strings, keys and nested values', () => {
  expect(hasNul('a\u0000b')).toBe(true);
  expect(hasNul({ a: ['x', { b: '\u0000' }] })).toBe(true);
  expect(hasNul({ 'k\u0000': 1 })).toBe(true);
  expect(hasNul({ a: ['x', { b: 'é\u0001' }], n: 1, z: null })).toBe(false);
});

it('refuses a body or query carrying a NUL as MALFORMED_REQUEST (PostgreSQL would fail on it)', () => {
  expect(() => body(ctxWith({ seriesIds: ['\u0000'] }), Any)).toThrow(expect.objectContaining({ code: 'MALFORMED_REQUEST' }));
  expect(() => query(ctxWith({}, { action: 'a\u0000' }), Any)).toThrow(expect.objectContaining({ code: 'MALFORMED_REQUEST' }));
  expect(body(ctxWith({ seriesIds: ['1.2.3'] }), Any)).toEqual({ seriesIds: ['1.2.3'] });
  expect(query(ctxWith({}, { action: 'study.' }), Any)).toEqual({ action: 'study.' });
});
