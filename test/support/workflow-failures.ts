/**
 * What went wrong in a workflow, read from its history on the shared test Temporal server:
 * every failed or timed-out activity attempt and the workflow's own failure, one line each.
 * For a test's failure message, when a product-facing status ('Erro ao gerar download')
 * hides the cause a full CI run needs to see.
 */
import { Client, Connection } from '@temporalio/client';
import { testEnv } from '../setup/env';

export async function workflowFailures(workflowId: string): Promise<string> {
  const connection = await Connection.connect({ address: testEnv('temporalAddress') });
  try {
    const history = await new Client({ connection }).workflow.getHandle(workflowId).fetchHistory();
    const lines: string[] = [];
    for (const e of history.events ?? []) {
      const failure =
        e.activityTaskFailedEventAttributes?.failure ?? e.workflowExecutionFailedEventAttributes?.failure;
      if (failure) lines.push(`${failure.message ?? ''}${failure.cause?.message ? ` ← ${failure.cause.message}` : ''}${failure.stackTrace ? `\n${failure.stackTrace}` : ''}`);
      const timedOut = e.activityTaskTimedOutEventAttributes;
      if (timedOut) lines.push(`activity timed out: ${timedOut.failure?.message ?? ''} ${timedOut.failure?.timeoutFailureInfo?.timeoutType ?? ''}`);
    }
    return lines.join('\n') || '(no failure in the history)';
  } catch (err) {
    return `(history unavailable: ${(err as Error).message})`;
  } finally {
    await connection.close();
  }
}
