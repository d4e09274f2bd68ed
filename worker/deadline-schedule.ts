/**
 * The Temporal Schedule that runs the deadline sweep (ADR 028): created at start by whoever
 * runs the worker, updated if its interval changed, one per task queue. Overlaps are skipped
 * (a long sweep is not doubled) and a missed run is caught up once, not once per interval.
 */
import { type Client, ScheduleAlreadyRunning, type ScheduleOptions } from '@temporalio/client';
import { deadlineScheduleId } from '../workflows/deadline-sweep/messages';

export async function ensureDeadlineSchedule(client: Client, taskQueue: string, everySeconds: number): Promise<void> {
  const scheduleId = deadlineScheduleId(taskQueue);
  const options: ScheduleOptions = {
    scheduleId,
    spec: { intervals: [{ every: `${everySeconds} seconds` }] },
    action: { type: 'startWorkflow', workflowType: 'deadlineSweepWorkflow', taskQueue, args: [] },
    policies: { overlap: 'SKIP', catchupWindow: '10 minutes' },
  };
  try {
    await client.schedule.create(options);
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec: options.spec, action: options.action }));
  }
}
