import { defineSignal } from '@temporalio/workflow';

/** One ingest workflow per study: `study-ingest:{accountId}:{StudyInstanceUID}`. */
export function studyIngestWorkflowId(accountId: string, studyUid: string): string {
  return `study-ingest:${accountId}:${studyUid}`;
}

export interface StudyIngestInput {
  accountId: string;
  studyId: string;
  /** Quiet time after the last instance before the study counts as stable. */
  stableMs: number;
}

/**
 * Sent (signal-with-start) after instances of the study were stored: at least one signal
 * follows every stored instance (an upload's instances share one; see imaging/coalesce.ts).
 */
export const instanceStored = defineSignal<[{ instances: number }]>('instanceStored');

export interface StudyIngestActivities {
  /** Thumbnails of the series that changed, stable_at, and the study's live document. */
  studyStable(input: { accountId: string; studyId: string }): Promise<{ thumbnails: number }>;
}

/** What the distribution activity did with the study (services/orchestrator/distribute.ts). */
export type DistributionOutcome =
  | { outcome: 'assigned'; userId: string; text: string }
  | { outcome: 'undistributed'; reason: string }
  | { outcome: 'paused' | 'taken' | 'notFound' };

export interface OrchestratorActivities {
  /** The orchestrator's choice for the stable study, given to the doctor by the laudo's 'assign' Update. */
  distributeStudy(input: { accountId: string; studyId: string }): Promise<DistributionOutcome>;
}
