import { proxyActivities, setHandler } from '@temporalio/workflow';
import { type RedistributeActivities, type RedistributeInput, redistributeAgain } from './messages';

const { redistributeWaiting } = proxyActivities<RedistributeActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/**
 * Goes over the studies waiting for the orchestrator; a signal received meanwhile (the filters
 * changed again) makes it go over them once more, so no change is missed and runs never pile up.
 */
export async function redistributeWorkflow(input: RedistributeInput): Promise<{ assigned: number; rounds: number }> {
  let again = true; // the first round
  setHandler(redistributeAgain, () => {
    again = true;
  });
  let assigned = 0;
  let rounds = 0;
  while (again) {
    again = false;
    rounds++;
    assigned += (await redistributeWaiting(input)).assigned;
  }
  return { assigned, rounds };
}
