import { describe, expect, it } from '@jest/globals';
import { checkPeriods } from './periods';

describe('checkPeriods', () => {
  it('needs one period, times HH:mm and an end after the start', () => {
    expect(checkPeriods([]).empty).toBe(true);
    expect(
      checkPeriods([
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '12:00' },
        { weekday: 2, start: '18:00', end: '06:00' },
        { weekday: 2, start: '', end: '06:00' },
      ]),
    ).toEqual({ empty: false, each: [null, 'endBeforeStart', 'endBeforeStart', 'time'] });
  });
});
