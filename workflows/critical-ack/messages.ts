import { defineSignal } from '@temporalio/workflow';

/**
 * The durable timer of an e-mailed critical finding (issue 18): one run per communication,
 * ended early by the acknowledgement's signal, else escalating once when the window ends.
 */
export const criticalAckWorkflowId = (communicationId: string) => `critical-ack:${communicationId}`;

/** The receiver acknowledged through the link (sent after the row is updated). */
export const acknowledgedSignal = defineSignal('acknowledged');

export interface CriticalAckInput {
  communicationId: string;
  /** The account's CRITICAL_FINDING_ACK_MINUTES when the mail was sent, in milliseconds. */
  windowMs: number;
}

export interface CriticalAckActivities {
  /**
   * Sets escalated_at and notifies the study's coordinators and responsible doctor, only when the
   * communication is still unacknowledged and not escalated: a retried attempt does nothing twice.
   */
  escalateCommunication(input: { communicationId: string }): Promise<{ escalated: boolean; recipients: number }>;
}
