/**
 * Deadline crossings (issue 18, ADR 028): a study with a routine has a deadline (arrival +
 * duration) and an alert point (deadline − alert time). Pure: the sweep, the overdue list and
 * the tests share it.
 */
import { LaudoState } from '../laudo/states';

export type DeadlineCrossing = 'alert' | 'overdue';

/** Report states after which a study is done: no deadline alert, not on the overdue list. */
export const FINISHED_LAUDO_STATES: readonly number[] = [
  LaudoState.SIGNED,
  LaudoState.AUTO_CONCLUDED,
  LaudoState.EXTERNAL_REPORT,
];

const MINUTE = 60_000;

export interface DeadlinePoints {
  deadline: Date;
  alertAt: Date;
}

export function deadlinePoints(arrival: Date | string, durationMinutes: number, alertMinutes: number): DeadlinePoints {
  const deadline = new Date(new Date(arrival).getTime() + durationMinutes * MINUTE);
  return { deadline, alertAt: new Date(deadline.getTime() - alertMinutes * MINUTE) };
}

/**
 * The crossing a sweep at `asOf` raises: the deadline once passed, else the alert point once
 * reached, else none. A study first seen already overdue raises only 'overdue' (the alert
 * point's warning would come too late to mean anything).
 */
export function dueCrossing(points: DeadlinePoints, asOf: Date): DeadlineCrossing | null {
  if (asOf.getTime() >= points.deadline.getTime()) return 'overdue';
  if (asOf.getTime() >= points.alertAt.getTime()) return 'alert';
  return null;
}

/** Whole minutes past the deadline (0 before it). */
export function minutesLate(deadline: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(deadline).getTime()) / MINUTE));
}
