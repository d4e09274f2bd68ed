import { condition, continueAsNew, patched, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { type OrchestratorActivities, type StudyIngestActivities, type StudyIngestInput, instanceStored } from './messages';

const { studyStable } = proxyActivities<StudyIngestActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});
const { distributeStudy } = proxyActivities<OrchestratorActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** Issue 18: the orchestrator distributes the study after its stable point. */
export const INGEST_PATCHES = { orchestrator: 'study-ingest-orchestrator' } as const;

/**
 * A study being received: every stored instance resets a 'stable' timer; when the study has
 * been quiet for `stableMs`, its series thumbnails are made and the list is notified, and the
 * orchestrator gives it to a doctor. More instances later start the wait again; the workflow
 * ends once a stable point stays quiet.
 */
export async function studyIngestWorkflow(input: StudyIngestInput): Promise<{ stablePoints: number }> {
  let received = 0;
  setHandler(instanceStored, () => {
    received++;
  });
  let stablePoints = 0;
  for (;;) {
    let seen: number;
    do {
      seen = received;
    } while (await condition(() => received !== seen, input.stableMs));
    await studyStable({ accountId: input.accountId, studyId: input.studyId });
    // At the first stable point of a run; a run continued as new finds the decision already made.
    if (stablePoints === 0 && patched(INGEST_PATCHES.orchestrator))
      await distributeStudy({ accountId: input.accountId, studyId: input.studyId });
    stablePoints++;
    if (received === seen) return { stablePoints };
    // Instances came while the thumbnails were made: wait for quiet again (a long study
    // starts a fresh history rather than growing one without end).
    if (workflowInfo().continueAsNewSuggested) await continueAsNew<typeof studyIngestWorkflow>(input);
  }
}
