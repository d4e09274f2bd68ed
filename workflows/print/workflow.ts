import { ApplicationFailure, proxyActivities, sleep } from '@temporalio/workflow';
import { PRINT_JOB_FINISH_MARGIN_MS, PRINT_JOB_TIMEOUT_MS } from '../../domain/print/job-timing';
import type { PrintActivities, PrintInput } from './messages';

const { publishPrintStatus, linkPrintFile, cleanupPrint } = proxyActivities<PrintActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 5 },
});
const { renderPrintStudy } = proxyActivities<PrintActivities>({
  // The job's budget, retries included: the dialog gives up after PRINT_JOB_TIMEOUT_MS.
  scheduleToCloseTimeout: PRINT_JOB_TIMEOUT_MS - PRINT_JOB_FINISH_MARGIN_MS,
  // A render that fails for its data (no image) fails the same way again.
  retry: { maximumAttempts: 2, nonRetryableErrorTypes: ['PrintRenderError'] },
});

/**
 * A print job: started → the PDF rendered, stored and linked → completed (with the link), or
 * error with its message. The PDF and the live document are kept for the retention period,
 * then removed, whether or not anyone is still watching.
 */
export async function printWorkflow(input: PrintInput): Promise<{ objectKey: string; pages: number } | null> {
  const { accountId, key } = input;
  let result: { objectKey: string; pages: number } | null = null;
  let failure: string | null = null;
  await publishPrintStatus({ accountId, key, doc: { status: 'started' } });
  try {
    result = await renderPrintStudy(input);
    const { downloadUrl } = await linkPrintFile({
      accountId,
      objectKey: result.objectKey,
      filename: input.filename,
      ttlMs: input.retentionMs,
    });
    await publishPrintStatus({ accountId, key, doc: { status: 'completed', downloadUrl, pages: result.pages } });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    failure = cause?.message ?? (err instanceof Error ? err.message : String(err));
    await publishPrintStatus({ accountId, key, doc: { status: 'error', errorMessage: failure } });
  }
  await sleep(input.retentionMs);
  // The PDF's key comes from the job's key, so one stored before a later failure goes too.
  await cleanupPrint({ accountId, key });
  if (failure !== null) throw ApplicationFailure.nonRetryable(failure, 'PrintFailed');
  return result;
}
