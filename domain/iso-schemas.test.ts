import { IsoDay, IsoInstant } from './iso-schemas';

it('IsoInstant takes any valid offset and gives the instant in UTC (PostgreSQL stops at ±15:59)', () => {
  expect(IsoInstant.parse('8511-02-24T14:11:34.537697-16:05')).toBe('8511-02-25T06:16:34.537Z');
  expect(IsoInstant.parse('2026-11-29T05:00:00Z')).toBe('2026-11-29T05:00:00.000Z');
  expect(IsoInstant.safeParse('2026-11-29').success).toBe(false);
});

it('IsoDay refuses days that do not exist', () => {
  expect(IsoDay.safeParse('5662-16-08').success).toBe(false);
  expect(IsoDay.safeParse('2026-02-30').success).toBe(false);
  expect(IsoDay.safeParse('2024-02-29').success).toBe(true);
});
