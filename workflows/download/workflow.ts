import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { DownloadActivities, DownloadInput } from './messages';

const { buildDownloadZip } = proxyActivities<DownloadActivities>({
  startToCloseTimeout: '2 hours',
  // Progress heartbeats come at least every few seconds; a dead worker is noticed in 30 s.
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 3 },
});
const { finishDownload, failDownload } = proxyActivities<DownloadActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 5 },
});

/** Builds the zip of the selected studies, then publishes its link (or the failure). */
export async function downloadWorkflow(input: DownloadInput): Promise<{ downloadUrl: string; size: number; entries: number }> {
  let built: Awaited<ReturnType<DownloadActivities['buildDownloadZip']>>;
  try {
    built = await buildDownloadZip(input);
  } catch (err) {
    await failDownload({ accountId: input.accountId, shortKey: input.shortKey, reason: String((err as Error).cause ?? (err as Error).message).slice(0, 300) });
    throw ApplicationFailure.nonRetryable(`download failed: ${(err as Error).message}`);
  }
  const { downloadUrl } = await finishDownload({
    accountId: input.accountId,
    shortKey: input.shortKey,
    objectKey: built.objectKey,
    entries: built.entries,
    bytes: built.bytes,
  });
  return { downloadUrl, size: built.size, entries: built.entries };
}
