/**
 * The report actions of issue 3 (spec 1 §4, spec 2 §4). Each is one row of the
 * transition table in `transitions.ts`; the names are what the API, the workflow updates,
 * `allowedActions` and the web share.
 */
export const LAUDO_ACTIONS = [
  'start',
  'restart',
  'save',
  'saveDraft',
  'finish',
  'requestReview',
  'cancelReview',
  'startReview',
  'finishReview',
  'requestOpinion',
  'cancelOpinion',
  'giveOpinion',
  'acceptOpinion',
  'ignoreOpinion',
  'narrate',
  'startTyping',
  'cancelTyping',
  'finishTyping',
  'startTypedReview',
  'reopen',
  'reopenReview',
  'sign',
  'returnToNotStarted',
  'changeDoctor',
  'associate',
  'disassociate',
  'switchModel',
  'autoConclude',
  'markExternal',
  'assign',
  'reassign',
] as const;

export type LaudoAction = (typeof LAUDO_ACTIONS)[number];

export function isLaudoAction(a: unknown): a is LaudoAction {
  return typeof a === 'string' && (LAUDO_ACTIONS as readonly string[]).includes(a);
}
