import type { Client } from '@temporalio/client';
import { instanceStored, studyIngestWorkflowId } from '../workflows/study-ingest/messages';

/** Starts the study's ingest workflow or signals the running one (one per StudyInstanceUID). */
export async function signalInstanceStored(
  temporal: Client,
  taskQueue: string,
  stableMs: number,
  s: { accountId: string; studyId: string; studyUid: string; instances: number },
): Promise<void> {
  await temporal.workflow.signalWithStart('studyIngestWorkflow', {
    workflowId: studyIngestWorkflowId(s.accountId, s.studyUid),
    taskQueue,
    args: [{ accountId: s.accountId, studyId: s.studyId, stableMs }],
    signal: instanceStored,
    signalArgs: [{ instances: s.instances }],
  });
}
