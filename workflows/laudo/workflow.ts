/**
 * laudoWorkflow: one per report (`laudo:{laudoId}`), the only writer of its state.
 * Each user action is an Update (one per action, named as it) whose synchronous validator
 * runs domain's transition table; an accepted action changes the report at once (so a
 * concurrent update sees it), then commits the projection and the live document through an
 * activity before the Update returns. A new version starts a new run (continueAsNew).
 *
 * The commit is scheduled by the workflow task that accepts the Update, so it runs only once
 * that task is recorded: a task that is lost (timed out, or dropped by the worker when the
 * server hands it a second task for the run) is tried again with its Updates in another
 * order, and a commit made inside it would project a transition the workflow never kept
 * (docs/decisions/010).
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  currentUpdateInfo,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import { LAUDO_ACTIONS, type LaudoAction } from '../../domain/laudo/transitions';
import type { LaudoActivities } from '../../activities/types';
import {
  type ActionArgs,
  type LaudoRecord,
  type LaudoWorkflowInput,
  LaudoStateKey,
  LaudoStateSinceKey,
  ResponsibleUserIdKey,
  StudyIdsKey,
  laudoUpdates,
  stateQuery,
} from './messages';
import { plan, refusalOf } from './plan';

/**
 * patched() ids of the changes made after the first histories were recorded; the histories
 * recorded before them (test/fixtures/histories) still replay.
 */
export const PATCHES = {
  /** Commit only after the task that accepted the Update was recorded (ADR 010). */
  commitAfterAccept: 'laudo-commit-after-accept',
  /**
   * For operations staff: the LaudoStateSince search attribute (at start and on every
   * transition), and the responsible user's name carried to the next run for the details line.
   */
  operations: 'laudo-operations',
} as const;

/** The details line of the Temporal UI: the state, since when, and who holds the report by name. */
export function currentDetails(laudo: LaudoRecord, since: Date | undefined, responsibleName: string | null): string {
  const who = laudo.responsibleUserId ? `${responsibleName ?? 'unknown name'} (${laudo.responsibleUserId})` : 'nobody';
  return `state ${laudo.state}, version ${laudo.version}${since ? ` since ${since.toISOString()}` : ''}; responsible: ${who}`;
}

/** The name of whoever holds the report after a transition, from what the workflow knows. */
function responsibleNameAfter(
  before: LaudoRecord,
  beforeName: string | null,
  next: LaudoRecord,
  args: ActionArgs,
): string | null {
  const id = next.responsibleUserId;
  if (!id) return null;
  if (args.responsible?.userId === id) return args.responsible.name;
  if (args.actor.userId === id) return args.actor.name;
  if (next.userId === id) return next.doctorName;
  return before.responsibleUserId === id ? beforeName : null;
}

// The commit is an activity scheduled once the Update is accepted, so it runs after the
// workflow task that accepted it was recorded (docs/decisions/010): the projection never
// shows a transition the workflow did not keep. The server hands it straight back to this
// worker with the task's completion when eager dispatch is on.
const { commitTransition } = proxyActivities<LaudoActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '5 seconds' },
});
// Runs recorded before that change committed through a local activity inside the accepting
// task (docs/decisions/002); kept so their histories replay.
const local = proxyLocalActivities<LaudoActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '5 seconds' },
});

/** What a run hands to the next one besides the report (continueAsNew's second argument). */
export interface CarriedToNextRun {
  /** The responsible user's name, for the details line (the workflow reads no users). */
  responsibleName?: string | null;
}

export async function laudoWorkflow(input: LaudoWorkflowInput, carried: CarriedToNextRun = {}): Promise<void> {
  let laudo: LaudoRecord = { ...input };
  const runVersion = laudo.version;
  /** Commits run one at a time, in transition order. */
  let tail: Promise<void> = Promise.resolve();
  let responsibleName =
    carried.responsibleName ?? (laudo.responsibleUserId && laudo.responsibleUserId === laudo.userId ? laudo.doctorName : null);
  /** When the report entered its state: kept by the search attribute across runs. */
  let stateSince: Date | undefined;
  if (patched(PATCHES.operations)) {
    // The API sets it when it creates the workflow; a run continued as new inherits it.
    stateSince = workflowInfo().typedSearchAttributes.get(LaudoStateSinceKey) ?? workflowInfo().runStartTime;
    upsertSearchAttributes([{ key: LaudoStateSinceKey, value: stateSince }]);
  }
  setCurrentDetails(currentDetails(laudo, stateSince, responsibleName));

  const transition = async (action: LaudoAction, args: ActionArgs): Promise<LaudoRecord> => {
    const before = laudo;
    // The validator saw the report of its moment; an update accepted just before may have
    // moved it, so the plan is made again before anything changes.
    const planned = plan(before, action, args);
    if (!planned.ok) throw planned.failure;
    const next = { ...planned.record, seq: before.seq + 1 };
    laudo = next;
    const updateId = currentUpdateInfo()?.id ?? null;
    const at = new Date().toISOString();
    const detached = before.studyIds
      .filter((id) => !next.studyIds.includes(id))
      .map((studyId) => ({ studyId, laudoId: uuid4() }));
    const withSince = patched(PATCHES.operations);
    if (withSince && (next.state !== before.state || !stateSince)) stateSince = new Date(at);
    upsertSearchAttributes([
      { key: LaudoStateKey, value: next.state },
      { key: ResponsibleUserIdKey, value: next.responsibleUserId ?? '' },
      { key: StudyIdsKey, value: next.studyIds },
      ...(withSince && stateSince ? [{ key: LaudoStateSinceKey, value: stateSince }] : []),
    ]);
    responsibleName = responsibleNameAfter(before, responsibleName, next, args);
    setCurrentDetails(currentDetails(next, stateSince, responsibleName));
    const commit = patched(PATCHES.commitAfterAccept) ? commitTransition : local.commitTransition;
    const committed = tail.then(() =>
      commit({
        action,
        updateId,
        actorUserId: args.actor.userId,
        before: { version: before.version, state: before.state, studyIds: before.studyIds },
        record: next,
        detached,
        note: args.note ?? {},
        at,
      }),
    );
    tail = committed.catch(() => undefined);
    await committed;
    return next;
  };

  setHandler(stateQuery, () => laudo);
  for (const action of LAUDO_ACTIONS) {
    setHandler(laudoUpdates[action] as (typeof laudoUpdates)['start'], (args: ActionArgs) => transition(action, args), {
      validator: (args: ActionArgs) => {
        const refusal = refusalOf(laudo, action, args);
        if (refusal) throw refusal;
      },
    });
  }

  // A new version after the first (reopen, restart) starts a new run, so a report's history
  // stays as short as one version's; so does a run the server finds long.
  await condition(
    () =>
      (runVersion > 0 && laudo.version !== runVersion) ||
      laudo.hasOldVersion !== input.hasOldVersion ||
      workflowInfo().continueAsNewSuggested,
  );
  await condition(allHandlersFinished);
  if (patched(PATCHES.operations)) await continueAsNew<typeof laudoWorkflow>(laudo, { responsibleName });
  else await continueAsNew<typeof laudoWorkflow>(laudo);
}
