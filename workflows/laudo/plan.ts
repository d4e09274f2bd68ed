/**
 * What an action does to the workflow's report, or why it is refused. Pure and
 * synchronous: the Update validators and handlers call it, and the API calls it as a
 * pre-check (it imports this file and messages.ts, never the workflow).
 */
import { ApplicationFailure } from '@temporalio/common';
import type { ErrorCode } from '../../domain/errors';
import { type LaudoAction, apply, check } from '../../domain/laudo/transitions';
import type { ActionArgs, LaudoRecord } from './messages';

/** Actions whose own input says what the new text is (the others save it first). */
const CARRIES_CONTENT_INPUT: readonly LaudoAction[] = ['save', 'finishTyping'];

export type Plan =
  { ok: true; record: LaudoRecord } | { ok: false; code: ErrorCode; reason: string; failure: ApplicationFailure };

function refused(action: LaudoAction, code: ErrorCode, reason: string, state: number): Plan {
  const failure = ApplicationFailure.create({
    type: code,
    message: `${action} refused (${reason}) in state ${state}`,
    details: [{ reason, state }],
    nonRetryable: true,
  });
  return { ok: false, code, reason, failure };
}

/**
 * The report after `action`. Text sent with an action other than save is saved first,
 * under the save rules.
 */
export function plan(laudo: LaudoRecord, action: LaudoAction, args: ActionArgs): Plan {
  const { actor, content } = args;
  let current = laudo;
  let input: unknown = args.input;
  if (content) {
    const contentInput = { contentEmpty: content.empty };
    if (CARRIES_CONTENT_INPUT.includes(action)) {
      input = contentInput;
    } else {
      const saving = check(current, 'save', actor, contentInput);
      if (!saving.ok) return refused(action, saving.code, saving.reason, current.state);
      current = apply(current, 'save', actor, contentInput);
    }
    current = content.kind === 'review' ? { ...current, reviewContentId: content.id } : { ...current, contentId: content.id };
  }
  const result = check(current, action, actor, input as never);
  if (!result.ok) return refused(action, result.code, result.reason, current.state);
  const next = apply(current, action, actor, input as never);
  // A reopened version starts from the archived text (immutable, so shared by id); the
  // reviewer's text belongs to the review that ended. Back to not started clears both.
  if (action === 'returnToNotStarted') return { ok: true, record: { ...next, contentId: null, reviewContentId: null } };
  if (next.version !== laudo.version) return { ok: true, record: { ...next, reviewContentId: null } };
  return { ok: true, record: next };
}

/** The refusal a validator throws, or null when the action may go ahead. */
export function refusalOf(laudo: LaudoRecord, action: LaudoAction, args: ActionArgs): ApplicationFailure | null {
  const result = plan(laudo, action, args);
  return result.ok ? null : result.failure;
}
