import { saoPauloDateTime } from './dates';

it('shows exam instants in America/Sao_Paulo, DD/MM/YYYY HH:mm:ss (MM/DD/YYYY in English)', () => {
  // 01:30:07 UTC on the 21st is still the 20th in São Paulo (UTC−3).
  expect(saoPauloDateTime('2026-11-21T01:30:07Z', 'pt-BR')).toBe('20/11/2026 22:30:07');
  expect(saoPauloDateTime('2026-11-21T01:30:07Z', 'es')).toBe('20/11/2026 22:30:07');
  expect(saoPauloDateTime('2026-11-21T01:30:07Z', 'en')).toBe('11/20/2026 22:30:07');
  expect(saoPauloDateTime(new Date('2026-11-21T01:30:07Z'), 'en-US')).toBe('11/20/2026 22:30:07');
  // Without a language: the default (pt-BR) form; midnight is 00, never 24.
  expect(saoPauloDateTime('2026-03-01T03:00:00Z', undefined)).toBe('01/03/2026 00:00:00');
});
