import { proxyActivities } from '@temporalio/workflow';
import type { DeadlineSweepActivities } from './messages';

const { sweepDeadlines } = proxyActivities<DeadlineSweepActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 5 },
});

/**
 * One sweep, started by the deadline Schedule (ADR 028). The crossing instant is the
 * workflow's clock (its start time in history, skipped time in a time-skipping test), not
 * the activity worker's, so a retried or replayed sweep measures the same instant.
 */
export async function deadlineSweepWorkflow(): Promise<{ raised: number }> {
  const { raised } = await sweepDeadlines({ asOf: new Date().toISOString() });
  return { raised: raised.length };
}
