import type { DeadlineCrossing } from '../../domain/notifications/deadlines';

/** The Schedule that starts a sweep every interval, one per task queue (ADR 028). */
export const deadlineScheduleId = (taskQueue: string) => `deadline-sweep:${taskQueue}`;

export interface DeadlineSweepActivities {
  /** Raises every crossing due at `asOf` not raised yet; each crossing is raised once, ever. */
  sweepDeadlines(input: { asOf: string }): Promise<{ raised: { studyId: string; kind: DeadlineCrossing; recipients: number }[] }>;
}
