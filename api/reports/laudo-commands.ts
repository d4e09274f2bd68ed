/**
 * Runs a report action as an Update on the laudo's workflow, creating the workflow on the
 * first action (update-with-start, USE_EXISTING). A refusal from the validator comes back
 * as the domain error code it carried.
 */
import { type Client, WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { AppError, isErrorCode } from '../../domain/errors';
import {
  AccountIdKey,
  type LaudoRecord,
  LaudoStateKey,
  ResponsibleUserIdKey,
  StudyIdsKey,
  laudoWorkflowId,
} from '../../workflows/laudo/messages';
import type { laudoWorkflow } from '../../workflows/laudo/workflow';

export async function runLaudoUpdate<Args extends unknown[]>(
  temporal: Client,
  taskQueue: string,
  record: LaudoRecord,
  update: UpdateDefinition<LaudoRecord, Args>,
  args: Args,
  updateId: string,
): Promise<LaudoRecord> {
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
    workflowId: laudoWorkflowId(record.laudoId),
    taskQueue,
    args: [record],
    workflowIdConflictPolicy: 'USE_EXISTING',
    // A worker lost mid-task is noticed in 3 s instead of the default 10 (continueAsNew keeps it).
    workflowTaskTimeout: '3 seconds',
    typedSearchAttributes: [
      { key: LaudoStateKey, value: record.state },
      { key: AccountIdKey, value: record.accountId },
      { key: StudyIdsKey, value: record.studyIds },
      { key: ResponsibleUserIdKey, value: record.userId ?? '' },
    ],
  });
  try {
    return await temporal.workflow.executeUpdateWithStart(update, { args, updateId, startWorkflowOperation });
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && isErrorCode(err.cause.type)) {
      throw new AppError(err.cause.type);
    }
    throw err;
  }
}
