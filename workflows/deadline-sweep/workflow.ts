import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, patched, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { DeadlineSweepActivities } from './messages';

const { sweepDeadlines } = proxyActivities<DeadlineSweepActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 5 },
});

/**
 * One sweep, started by the deadline Schedule (ADR 028). The crossing instant is the
 * workflow's clock (its start time in history, skipped time in a time-skipping test), not
 * the activity worker's, so a retried or replayed sweep measures the same instant.
 *
 * Each minute it also starts the redistribution of studies waiting for the orchestrator
 * (ADR 031: a doctor whose shift began can now take them), unless the last one still runs.
 */
export async function deadlineSweepWorkflow(): Promise<{ raised: number }> {
  const { raised } = await sweepDeadlines({ asOf: new Date().toISOString() });
  if (patched('sweep-redistribute')) {
    const { taskQueue } = workflowInfo();
    try {
      // By type name: the redistribution is the orchestrator's workflow, not this one's.
      await startChild('redistributeWorkflow', {
        workflowId: `redistribute:all:${taskQueue}`,
        args: [{ accountId: null }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  return { raised: raised.length };
}
