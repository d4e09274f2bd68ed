import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('writes DD/MM/YYYY for pt-BR and es', () => {
    expect(formatDate('2024-03-05T15:00:00Z', 'pt-BR')).toBe('05/03/2024');
    expect(formatDate('2024-03-05T15:00:00Z', 'es')).toBe('05/03/2024');
  });

  it('writes MM/DD/YYYY for en', () => {
    expect(formatDate('2024-03-05T15:00:00Z', 'en')).toBe('03/05/2024');
  });

  it('uses the America/Sao_Paulo day, not UTC', () => {
    // 02:30 UTC on 6 March is 23:30 on 5 March in São Paulo (UTC-3).
    expect(formatDate('2024-03-06T02:30:00Z', 'pt-BR')).toBe('05/03/2024');
    expect(formatDate(new Date(Date.UTC(2024, 0, 1, 2, 59, 59)), 'en')).toBe('12/31/2023');
  });

  it('gives an empty string for a missing or invalid date', () => {
    expect(formatDate(null, 'pt-BR')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('', 'es')).toBe('');
    expect(formatDate('not a date', 'pt-BR')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds HH:mm:ss on a 24-hour clock in São Paulo time', () => {
    expect(formatDateTime('2024-03-05T15:04:05Z', 'pt-BR')).toBe('05/03/2024 12:04:05');
    expect(formatDateTime('2024-03-05T03:00:00Z', 'en')).toBe('03/05/2024 00:00:00');
    expect(formatDateTime('2024-07-10T23:59:59.999Z', 'es')).toBe('10/07/2024 20:59:59');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDateTime(Date.UTC(2025, 11, 31, 12, 0, 0), 'pt-BR')).toBe('31/12/2025 09:00:00');
  });
});

describe('formatDateTime in documents (spec 1 §9: exam instants in America/Sao_Paulo)', () => {
  it('writes DD/MM/YYYY HH:mm:ss, MM/DD/YYYY HH:mm:ss in English, midnight as 00', () => {
    // 01:30:07 UTC on the 21st is still the 20th in São Paulo (UTC−3).
    expect(formatDateTime('2026-11-21T01:30:07Z', 'pt-BR')).toBe('20/11/2026 22:30:07');
    expect(formatDateTime('2026-11-21T01:30:07Z', 'es')).toBe('20/11/2026 22:30:07');
    expect(formatDateTime('2026-11-21T01:30:07Z', 'en')).toBe('11/20/2026 22:30:07');
    expect(formatDateTime(new Date('2026-11-21T01:30:07Z'), 'en-US')).toBe('11/20/2026 22:30:07');
    expect(formatDateTime('2026-03-01T03:00:00Z', 'pt-BR')).toBe('01/03/2026 00:00:00');
  });
});
