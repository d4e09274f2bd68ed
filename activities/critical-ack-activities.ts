/** The critical-ack workflow's I/O (issue 18): the service does the work; this binds it to the worker's deps. */
import { type EscalationDeps, escalateCommunication } from '../services/critical-findings/escalate';
import type { CriticalAckActivities } from '../workflows/critical-ack/messages';

export function createCriticalAckActivities(deps: EscalationDeps): CriticalAckActivities {
  return {
    async escalateCommunication({ communicationId }) {
      return escalateCommunication(deps, communicationId);
    },
  };
}
