import { ageAt, saoPauloDateTime, saoPauloDay } from './age';

it.each([
  ['1980-05-17', '2026-11-20', { years: 46, months: 6, days: 3 }],
  ['2000-01-31', '2000-03-01', { years: 0, months: 1, days: 1 }],
  ['2024-02-29', '2025-02-28', { years: 1, months: 0, days: 0 }],
  ['2024-02-29', '2025-02-27', { years: 0, months: 11, days: 29 }],
  ['2026-11-20', '2026-11-20', { years: 0, months: 0, days: 0 }],
  ['2020-12-25', '2021-01-05', { years: 0, months: 0, days: 11 }],
])('age from %s at %s', (birth, at, age) => {
  expect(ageAt(birth, at)).toEqual(age);
});

it('has no age without a birth date or when born after the exam', () => {
  expect(ageAt(null, '2026-01-01')).toBeNull();
  expect(ageAt('2027-01-01', '2026-01-01')).toBeNull();
});

it('reads exam instants in America/Sao_Paulo', () => {
  // 01:30 UTC on the 21st is still the 20th in São Paulo (UTC−3).
  expect(saoPauloDay('2026-11-21T01:30:00Z')).toBe('2026-11-20');
  expect(saoPauloDateTime('2026-11-21T01:30:00Z', 'pt-BR')).toBe('20/11/2026 22:30');
  expect(saoPauloDateTime('2026-11-21T01:30:00Z', 'en')).toBe('11/20/2026 22:30');
});
