/**
 * Runs a report action as an Update on the laudo's workflow, creating the workflow on the
 * first action (update-with-start, USE_EXISTING). A refusal from the validator comes back
 * as the domain error code it carried.
 *
 * An Update the workflow never processed is sent again with the same id: the server rejects
 * as 'UnprocessedUpdate' an Update it handed to a worker that completed the task without
 * answering it (the worker dropped the task, see docs/decisions/010). Nothing of it entered
 * history, so sending it again cannot apply it twice, and the same id keeps a concurrent
 * copy (the client's own retries after a continue-as-new) deduplicated by the server. Any
 * other failure of the Update itself (or throttling the client's retries did not outlast)
 * leaves as LaudoUpdateNotApplied, for the caller to answer with the action's refusal.
 */
import {
  type Client,
  WithStartWorkflowOperation,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  isGrpcServiceError,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { AppError, isErrorCode } from '../../domain/errors';
import type { LaudoAction } from '../../domain/laudo/transitions';
import {
  AccountIdKey,
  type LaudoRecord,
  LaudoStateKey,
  LaudoStateSinceKey,
  ResponsibleUserIdKey,
  StudyIdsKey,
  type LaudoWorkflowInput,
  laudoWorkflowId,
} from '../../workflows/laudo/messages';
import type { CommitNotices, CommitWait } from './commit-notices';

/** The workflow's start signature (services see its messages module, not the workflow file). */
type LaudoWorkflowStart = (input: LaudoWorkflowInput) => Promise<void>;

/** How long an Update the workflow never processed is sent again before the API gives up. */
const RESEND_FOR_MS = 15_000;
/** Server failures that say the workflow never processed the Update (nothing in history). */
const NOT_PROCESSED = new Set(['UnprocessedUpdate']);

/** The Update was not applied (or throttled past the client's retries): the action's refusal answers. */
export class LaudoUpdateNotApplied extends Error {
  constructor(
    readonly action: LaudoAction,
    cause: unknown,
  ) {
    super(`${action} not applied: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'LaudoUpdateNotApplied';
  }
}

/** The failure type an Update failed with (a domain code, or the server's own), if any. */
function failureType(err: unknown): string | undefined {
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) return err.cause.type ?? undefined;
  return undefined;
}

/** gRPC RESOURCE_EXHAUSTED: more than 10 Updates in flight on the run (the client retried it already). */
const RESOURCE_EXHAUSTED = 8;
function isThrottled(err: unknown): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause)
    if (isGrpcServiceError(e) && e.code === RESOURCE_EXHAUSTED) return true;
  return false;
}

/** gRPC DEADLINE_EXCEEDED, UNAVAILABLE: the bound passed, or the Temporal server is down. */
const GAVE_UP = new Set([4, 14]);
/** gRPC FAILED_PRECONDITION */
const FAILED_PRECONDITION = 9;
/**
 * Whether the Update was not applied for a passing reason: the bound passed, Temporal is down,
 * or the workflow's task is failing for now (a worker lost mid-task, an activity it waits on
 * failing while Redis or the database is down) — the server refuses Updates until it succeeds.
 */
function isUnavailable(err: unknown): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
    if (isGrpcServiceError(e) && GAVE_UP.has(e.code)) return true;
    if (isGrpcServiceError(e) && e.code === FAILED_PRECONDITION && /Workflow Task in failed state/i.test(e.details ?? e.message))
      return true;
    if (e instanceof Error && /Workflow Task in failed state/i.test(e.message)) return true;
  }
  return false;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ignore = () => undefined;

export interface LaudoUpdateOptions {
  /**
   * Answer with the projected record once its commit is heard (ADR 042), before the workflow
   * task that completes the Update; without it, the Update's own answer.
   */
  notices?: CommitNotices;
  /**
   * Told, when the answer came from the commit notice, of the Update's outcome still on its way
   * (settles, never rejects): a caller counting Updates in flight per workflow holds its turn.
   */
  onSettled?: (outcome: Promise<void>) => void;
}

export async function runLaudoUpdate<Args extends [unknown, ...unknown[]]>(
  temporal: Client,
  taskQueue: string,
  record: LaudoRecord,
  update: UpdateDefinition<LaudoRecord, Args>,
  args: Args,
  updateId: string,
  /** When the report entered its state (the projection's last change), for a new workflow. */
  stateSince: Date = new Date(),
  /**
   * How long the whole action may wait (no worker takes it, Temporal down): past it,
   * REPORT_SERVICE_UNAVAILABLE. The Update may still be applied later, once; the same id
   * (Idempotency-Key) then answers its outcome.
   */
  timeoutMs: number = RESEND_FOR_MS,
  opts: LaudoUpdateOptions = {},
): Promise<LaudoRecord> {
  // Waiting starts before the Update is sent, so a commit heard before its acceptance counts.
  const wait = opts.notices?.waitFor(updateId);
  try {
    const onSettled = (outcome: Promise<void>) => {
      opts.notices?.track(outcome);
      opts.onSettled?.(outcome);
    };
    return await sendLaudoUpdate({ temporal, taskQueue, record, update, args, updateId, stateSince, timeoutMs }, wait, onSettled);
  } finally {
    wait?.cancel();
  }
}

/** runLaudoUpdate's arguments, for the loop that sends the Update. */
interface LaudoUpdateCall<Args extends [unknown, ...unknown[]]> {
  temporal: Client;
  taskQueue: string;
  record: LaudoRecord;
  update: UpdateDefinition<LaudoRecord, Args>;
  args: Args;
  updateId: string;
  stateSince: Date;
  timeoutMs: number;
}

async function sendLaudoUpdate<Args extends [unknown, ...unknown[]]>(
  call: LaudoUpdateCall<Args>,
  wait: CommitWait | undefined,
  onSettled: (outcome: Promise<void>) => void,
): Promise<LaudoRecord> {
  const { temporal, taskQueue, record, update, args, updateId, stateSince, timeoutMs } = call;
  const bound = Date.now() + timeoutMs;
  const deadline = Math.min(bound, Date.now() + RESEND_FOR_MS);
  // A report with a committed transition has its workflow: a plain Update reaches it with less of
  // the server's work than update-with-start (1.2 ms p50 here). Were it gone (terminated, a
  // server that lost its state), the Update finds no workflow and is sent again with the start.
  let running = record.seq > 0;
  for (let attempt = 1; ; attempt++) {
    // An operation runs once: each attempt gets its own.
    const startWorkflowOperation = new WithStartWorkflowOperation<LaudoWorkflowStart>('laudoWorkflow', {
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
        { key: LaudoStateSinceKey, value: stateSince },
      ],
    });
    try {
      const workflow = temporal.workflow.getHandle(laudoWorkflowId(record.laudoId));
      // One call that the server answers with the outcome: asking to hear the acceptance first,
      // then polling, cost a response and a second call just as the commit activity set off.
      const outcome = temporal.withDeadline(bound, () =>
        running
          ? workflow.executeUpdate(update, { args, updateId })
          : temporal.workflow.executeUpdateWithStart(update, { args, updateId, startWorkflowOperation }),
      );
      if (!wait) return await outcome;
      // The commit notice answers first when it comes (a refusal or an unavailable server never
      // sends one: the outcome answers).
      const settled = outcome.then(ignore, ignore);
      const answer = await Promise.race([outcome, wait.committed]);
      onSettled(settled);
      return answer;
    } catch (err) {
      if (running && err instanceof WorkflowNotFoundError) {
        running = false;
        continue;
      }
      const type = failureType(err);
      if (isErrorCode(type)) throw new AppError(type);
      if (isUnavailable(err)) throw new AppError('REPORT_SERVICE_UNAVAILABLE');
      if (type && NOT_PROCESSED.has(type) && Date.now() < deadline) {
        await pause(Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random()));
        continue;
      }
      // Failed or aborted before it was applied (a run that closed without a successor), or throttled.
      if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowNotFoundError || isThrottled(err)) {
        throw new LaudoUpdateNotApplied(update.name as LaudoAction, err);
      }
      throw err;
    }
  }
}
