import { expect, it } from '@jest/globals';
import { isoDay, lastWeek, typedDay } from './period';

it('reads and writes days as each language types them', () => {
  expect(isoDay('05/11/2026', 'pt-BR')).toBe('2026-11-05');
  expect(isoDay('11/05/2026', 'en')).toBe('2026-11-05');
  expect(isoDay('31/02/2026', 'es')).toBeNull();
  expect(typedDay('2026-11-05', 'pt-BR')).toBe('05/11/2026');
  expect(typedDay('2026-11-05', 'en')).toBe('11/05/2026');
});

it("the default week ends on today's day in São Paulo, not UTC's", () => {
  // 01:30 UTC on the 10th is still the 9th in São Paulo.
  expect(lastWeek(new Date('2026-11-10T01:30:00Z'))).toEqual({ from: '2026-11-03', to: '2026-11-09' });
});
