/**
 * Shift schedules (spec 3 §5): periods of weekday (0 = Sunday … 6), start and end 'HH:mm' in
 * the account's time zone; a period ends after it starts and a schedule has at least one.
 * A role with a schedule grants nothing outside its periods.
 */
import { z } from 'zod';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ShiftPeriod = z
  .object({
    weekday: z.number().int().min(0).max(6),
    start: z.string().regex(HHMM, 'SHIFT_TIME_INVALID'),
    end: z.string().regex(HHMM, 'SHIFT_TIME_INVALID'),
  })
  .refine((p) => p.end > p.start, { message: 'SHIFT_PERIOD_END_BEFORE_START', path: ['end'] });
export type ShiftPeriod = z.infer<typeof ShiftPeriod>;

export const ScheduleBody = z.object({
  name: z.string().trim().min(1).max(100),
  periods: z.array(ShiftPeriod).min(1, 'SHIFT_PERIODS_REQUIRED').max(100),
});
export type ScheduleBody = z.infer<typeof ScheduleBody>;

/** The IANA zones the runtime knows; an unknown name makes Intl throw. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const clocks = new Map<string, Intl.DateTimeFormat>();

/** Weekday and 'HH:mm' the wall clock of `timeZone` reads at `now`, whatever the process zone. */
export function wallClock(now: Date, timeZone: string): { weekday: number; time: string } {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return { weekday: WEEKDAYS.indexOf(parts.weekday ?? ''), time: `${hour}:${parts.minute}` };
}

/** Whether `now` falls in one of the periods: start inclusive, end exclusive (minute precision). */
export function inShift(periods: readonly ShiftPeriod[], now: Date, timeZone: string): boolean {
  const { weekday, time } = wallClock(now, timeZone);
  return periods.some((p) => p.weekday === weekday && p.start <= time && time < p.end);
}
