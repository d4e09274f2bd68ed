import { describe, expect, it } from '@jest/globals';
import { dayBound, parseDay } from './day-filter';

describe('audit day filter', () => {
  it('reads DD/MM/YYYY in pt-BR and es, MM/DD/YYYY in en', () => {
    expect(parseDay('25/11/2026', 'pt-BR')).toEqual({ year: 2026, month: 11, day: 25 });
    expect(parseDay('25/11/2026', 'es')).toEqual({ year: 2026, month: 11, day: 25 });
    expect(parseDay('11/25/2026', 'en')).toEqual({ year: 2026, month: 11, day: 25 });
  });

  it('refuses impossible days and other shapes', () => {
    expect(parseDay('31/02/2026', 'pt-BR')).toBeNull();
    expect(parseDay('2026-11-25', 'pt-BR')).toBeNull();
    expect(parseDay('', 'pt-BR')).toBeNull();
  });

  it('bounds a day in the display time zone, the end exclusive at the next day', () => {
    expect(dayBound('25/11/2026', 'pt-BR', 'from')).toBe('2026-11-25T03:00:00.000Z');
    expect(dayBound('25/11/2026', 'pt-BR', 'to')).toBe('2026-11-26T03:00:00.000Z');
    expect(dayBound('31/12/2026', 'pt-BR', 'to')).toBe('2027-01-01T03:00:00.000Z');
    expect(dayBound('x', 'pt-BR', 'to')).toBeNull();
  });
});
