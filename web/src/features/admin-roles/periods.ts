/** The periods editor's checks, before the server's (spec 3 §5). Pure. */
import type { Period } from './api';

export type PeriodProblem = 'required' | 'endBeforeStart' | 'time';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The problem of each period (null when fine), and whether the list as a whole is empty. */
export function checkPeriods(periods: Period[]): { empty: boolean; each: (PeriodProblem | null)[] } {
  return {
    empty: periods.length === 0,
    each: periods.map((p) => (!HHMM.test(p.start) || !HHMM.test(p.end) ? 'time' : p.end <= p.start ? 'endBeforeStart' : null)),
  };
}
