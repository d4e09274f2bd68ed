/**
 * laudoWorkflow: one per report (`laudo:{laudoId}`), the only writer of its state.
 * Each user action is an Update (one per action, named as it) whose synchronous validator
 * runs domain's transition table; an accepted action changes the report at once (so a
 * concurrent update sees it), then commits the projection and the live document through a
 * local activity before the Update returns. A new version starts a new run (continueAsNew).
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  currentUpdateInfo,
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
  ResponsibleUserIdKey,
  StudyIdsKey,
  laudoUpdates,
  stateQuery,
} from './messages';
import { plan, refusalOf } from './plan';

// A local activity: the projection and the publish are short writes that run inside the
// same workflow task as the update, with no server round trip to schedule them
// (docs/decisions/002; bench/report-roundtrip.ts measures it).
const { commitTransition } = proxyLocalActivities<LaudoActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '5 seconds' },
});

export async function laudoWorkflow(input: LaudoWorkflowInput): Promise<void> {
  let laudo: LaudoRecord = { ...input };
  const runVersion = laudo.version;
  /** Commits run one at a time, in transition order. */
  let tail: Promise<void> = Promise.resolve();

  const transition = async (action: LaudoAction, args: ActionArgs): Promise<LaudoRecord> => {
    const before = laudo;
    // The validator saw the report of its moment; an update accepted just before may have
    // moved it, so the plan is made again before anything changes.
    const planned = plan(before, action, args);
    if (!planned.ok) throw planned.failure;
    const next = { ...planned.record, seq: before.seq + 1 };
    laudo = next;
    const detached = before.studyIds
      .filter((id) => !next.studyIds.includes(id))
      .map((studyId) => ({ studyId, laudoId: uuid4() }));
    upsertSearchAttributes([
      { key: LaudoStateKey, value: next.state },
      { key: ResponsibleUserIdKey, value: next.responsibleUserId ?? '' },
      { key: StudyIdsKey, value: next.studyIds },
    ]);
    setCurrentDetails(`state ${next.state} since ${new Date().toISOString()} — responsible ${next.responsibleUserId ?? 'none'}`);
    const committed = tail.then(() =>
      commitTransition({
        action,
        updateId: currentUpdateInfo()?.id ?? null,
        actorUserId: args.actor.userId,
        before: { version: before.version, state: before.state, studyIds: before.studyIds },
        record: next,
        detached,
        note: args.note ?? {},
        at: new Date().toISOString(),
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
  await continueAsNew<typeof laudoWorkflow>(laudo);
}
