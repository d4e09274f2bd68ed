import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ScheduleBody, inShift, isTimeZone, wallClock } from './shifts';

const SP = 'America/Sao_Paulo';
// Sao Paulo has had no DST since 2019: UTC-3 all year.
const at = (iso: string) => new Date(iso);

describe('wallClock', () => {
  it('reads the account zone, not the process zone', () => {
    // 2026-11-25 is a Wednesday; 04:30Z is 01:30 in Sao Paulo, still Wednesday.
    expect(wallClock(at('2026-11-25T04:30:00Z'), SP)).toEqual({ weekday: 3, time: '01:30' });
    // 02:00Z on Wednesday is 23:00 on Tuesday in Sao Paulo.
    expect(wallClock(at('2026-11-25T02:00:00Z'), SP)).toEqual({ weekday: 2, time: '23:00' });
    expect(wallClock(at('2026-11-25T02:00:00Z'), 'Asia/Tokyo')).toEqual({ weekday: 3, time: '11:00' });
  });
  it('midnight reads 00:00, not 24:00', () => {
    expect(wallClock(at('2026-11-25T03:00:00Z'), SP)).toEqual({ weekday: 3, time: '00:00' });
  });
});

describe('inShift', () => {
  const wedNight = [{ weekday: 3, start: '01:30', end: '02:00' }];
  it('a period at 01:30 local matches 04:30Z whatever TZ the process runs in', () => {
    expect(inShift(wedNight, at('2026-11-25T04:30:00Z'), SP)).toBe(true);
    expect(inShift(wedNight, at('2026-11-25T04:30:00Z'), 'UTC')).toBe(false);
    expect(inShift(wedNight, at('2026-11-25T01:30:00Z'), SP)).toBe(false);
  });
  it('gives the same answer whatever zone the process runs in', () => {
    // A process's zone is fixed at start: each is a child process with its own TZ.
    const code = `const { inShift } = require(${JSON.stringify(path.join(__dirname, 'shifts.ts'))});
      const p = [{ weekday: 3, start: '01:30', end: '02:00' }];
      console.log(JSON.stringify([new Date('2026-11-25T04:30:00Z').getHours(),
        inShift(p, new Date('2026-11-25T04:30:00Z'), 'America/Sao_Paulo'), inShift(p, new Date('2026-11-25T05:30:00Z'), 'America/Sao_Paulo')]));`;
    for (const [tz, localHour] of [
      ['Asia/Tokyo', 13],
      ['UTC', 4],
      ['America/Los_Angeles', 20],
    ] as const) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', code], {
        env: { ...process.env, TZ: tz },
        encoding: 'utf8',
      });
      expect(JSON.parse(out)).toEqual([localHour, true, false]);
    }
  });
  it('start is inclusive and end exclusive', () => {
    expect(inShift(wedNight, at('2026-11-25T04:29:59Z'), SP)).toBe(false);
    expect(inShift(wedNight, at('2026-11-25T04:59:59Z'), SP)).toBe(true);
    expect(inShift(wedNight, at('2026-11-25T05:00:00Z'), SP)).toBe(false);
  });
  it('the weekday must match', () => {
    const tuesday = [{ weekday: 2, start: '01:30', end: '02:00' }];
    expect(inShift(tuesday, at('2026-11-25T04:45:00Z'), SP)).toBe(false);
    expect(inShift(tuesday, at('2026-11-24T04:45:00Z'), SP)).toBe(true);
  });
  it('any period counts; none means outside', () => {
    const periods = [
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 3, start: '13:00', end: '23:59' },
    ];
    expect(inShift(periods, at('2026-11-25T16:00:00Z'), SP)).toBe(true);
    expect(inShift(periods, at('2026-11-25T14:00:00Z'), SP)).toBe(false);
    expect(inShift([], at('2026-11-25T16:00:00Z'), SP)).toBe(false);
  });
  it('a whole day ends at 23:59 exclusive', () => {
    const day = [{ weekday: 3, start: '00:00', end: '23:59' }];
    expect(inShift(day, at('2026-11-25T03:00:00Z'), SP)).toBe(true);
    expect(inShift(day, at('2026-11-26T02:58:00Z'), SP)).toBe(true);
    expect(inShift(day, at('2026-11-26T02:59:00Z'), SP)).toBe(false);
  });
});

describe('ScheduleBody', () => {
  const messages = (v: unknown) => {
    const r = ScheduleBody.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('needs at least one period', () => {
    expect(messages({ name: 'Noite', periods: [] })).toEqual(['SHIFT_PERIODS_REQUIRED']);
  });
  it('a period ends after it starts', () => {
    expect(messages({ name: 'N', periods: [{ weekday: 1, start: '10:00', end: '10:00' }] })).toEqual([
      'SHIFT_PERIOD_END_BEFORE_START',
    ]);
    expect(messages({ name: 'N', periods: [{ weekday: 1, start: '10:00', end: '09:00' }] })).toEqual([
      'SHIFT_PERIOD_END_BEFORE_START',
    ]);
  });
  it('times are HH:mm and weekdays 0–6', () => {
    expect(messages({ name: 'N', periods: [{ weekday: 1, start: '7:00', end: '09:00' }] })).toContain('SHIFT_TIME_INVALID');
    expect(messages({ name: 'N', periods: [{ weekday: 7, start: '07:00', end: '09:00' }] }).length).toBe(1);
    expect(messages({ name: 'N', periods: [{ weekday: 0, start: '07:00', end: '09:00' }] })).toEqual([]);
  });
});

describe('isTimeZone', () => {
  it('accepts IANA names and refuses others', () => {
    expect(isTimeZone(SP)).toBe(true);
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
