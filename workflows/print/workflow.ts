import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { PrintActivities, PrintInput } from './messages';

const { publishPrintStatus } = proxyActivities<PrintActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 5 },
});
const { renderPrintStudy } = proxyActivities<PrintActivities>({
  startToCloseTimeout: '5 minutes',
  // A render that fails for its data (no image) fails the same way again.
  retry: { maximumAttempts: 2, nonRetryableErrorTypes: ['PrintRenderError'] },
});

/** A print job: started → the PDF rendered and stored → completed, or error with its message. */
export async function printWorkflow(input: PrintInput): Promise<{ objectKey: string; pages: number }> {
  const { accountId, key } = input;
  await publishPrintStatus({ accountId, key, doc: { status: 'started' } });
  try {
    const result = await renderPrintStudy(input);
    await publishPrintStatus({ accountId, key, doc: { status: 'completed' } });
    return result;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    const message = cause?.message ?? (err instanceof Error ? err.message : String(err));
    await publishPrintStatus({ accountId, key, doc: { status: 'error', errorMessage: message } });
    throw ApplicationFailure.nonRetryable(message, 'PrintFailed');
  }
}
