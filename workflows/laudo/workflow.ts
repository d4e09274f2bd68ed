/**
 * laudoWorkflow: one per report (`laudo:{laudoId}`), the only writer of its state.
 * Each user action is an Update whose synchronous validator runs domain's transition
 * table; an accepted action changes the state at once (so a concurrent update sees it),
 * then writes the projection and publishes the live document through an activity before
 * the update returns.
 */
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Actor } from '../../domain/auth/permissions';
import { type LaudoAction, check, nextState } from '../../domain/laudo/transitions';
import type { LaudoActivities } from '../../activities/types';
import {
  type LaudoRecord,
  type LaudoWorkflowInput,
  LaudoStateKey,
  ResponsibleUserIdKey,
  startUpdate,
  stateQuery,
} from './messages';

// A local activity: the projection and the publish are short writes that run inside the
// same workflow task as the update, with no server round trip to schedule them
// (bench/report-roundtrip.ts measures the difference).
const { commitTransition } = proxyLocalActivities<LaudoActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '5 seconds' },
});

export async function laudoWorkflow(input: LaudoWorkflowInput): Promise<void> {
  const laudo: LaudoRecord = { ...input };
  /** Commits run one at a time, in transition order. */
  let tail: Promise<void> = Promise.resolve();

  const assertAllowed = (action: LaudoAction, actor: Actor): void => {
    const result = check(laudo, action, actor);
    if (!result.ok) {
      throw ApplicationFailure.create({
        type: result.code,
        message: `${action} refused (${result.reason}) in state ${laudo.state}`,
        details: [{ reason: result.reason, state: laudo.state }],
        nonRetryable: true,
      });
    }
  };

  /** Applies an accepted action: state first (synchronously), then its projection. */
  const transition = async (action: LaudoAction, actor: Actor, change: Partial<LaudoRecord>): Promise<LaudoRecord> => {
    // The validator ran against the state of its moment; a handler accepted just before
    // may have moved it, so the rule is checked again before anything changes.
    assertAllowed(action, actor);
    Object.assign(laudo, change, { state: nextState(action), seq: laudo.seq + 1 });
    const snapshot: LaudoRecord = { ...laudo, studyIds: [...laudo.studyIds] };
    upsertSearchAttributes([
      { key: LaudoStateKey, value: snapshot.state },
      { key: ResponsibleUserIdKey, value: snapshot.userId ?? '' },
    ]);
    const committed = tail.then(() =>
      commitTransition({ action, actorUserId: actor.userId, record: snapshot, at: new Date().toISOString() }),
    );
    tail = committed.catch(() => undefined);
    await committed;
    return snapshot;
  };

  setHandler(stateQuery, () => laudo);

  setHandler(
    startUpdate,
    ({ actor, structuredType }) =>
      transition('start', actor, {
        userId: actor.userId,
        doctorName: actor.name,
        version: laudo.version + 1,
        structuredType: structuredType ?? '',
      }),
    { validator: ({ actor }) => assertAllowed('start', actor) },
  );

  await condition(() => workflowInfo().continueAsNewSuggested);
  await condition(allHandlersFinished);
  await continueAsNew<typeof laudoWorkflow>(laudo);
}
