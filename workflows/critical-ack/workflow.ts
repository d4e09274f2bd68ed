import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import { type CriticalAckActivities, type CriticalAckInput, acknowledgedSignal } from './messages';

const { escalateCommunication } = proxyActivities<CriticalAckActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/**
 * Waits for the acknowledgement of an e-mailed critical finding for the account's window (a
 * durable timer: a restarted worker resumes it); the signal ends it early. The activity checks
 * the row itself, so an acknowledgement whose signal was lost is not escalated either.
 */
export async function criticalAckWorkflow(input: CriticalAckInput): Promise<'acknowledged' | 'escalated' | 'settled'> {
  let acknowledged = false;
  setHandler(acknowledgedSignal, () => {
    acknowledged = true;
  });
  if (await condition(() => acknowledged, input.windowMs)) return 'acknowledged';
  const { escalated } = await escalateCommunication({ communicationId: input.communicationId });
  return escalated ? 'escalated' : 'settled';
}
