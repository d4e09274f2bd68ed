import { saoPauloDateTime } from './dates';

it('shows exam instants in America/Sao_Paulo, DD/MM/YYYY (MM/DD/YYYY in English)', () => {
  // 01:30 UTC on the 21st is still the 20th in São Paulo (UTC−3).
  expect(saoPauloDateTime('2026-11-21T01:30:00Z', 'pt-BR')).toBe('20/11/2026 22:30');
  expect(saoPauloDateTime('2026-11-21T01:30:00Z', 'en')).toBe('11/20/2026 22:30');
});
