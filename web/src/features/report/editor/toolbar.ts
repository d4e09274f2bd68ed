/**
 * The editor toolbar of spec 1 §2, in the spec's order, each button from allowedActions
 * (edit data and image header from the user's header permissions: it is not a report action).
 */
export type ToolbarButton =
  | 'criticalFinding'
  | 'switchModel'
  | 'masksMenu'
  | 'editHeader'
  | 'requestReview'
  | 'reopenReview'
  | 'reopen'
  | 'secondOpinion'
  | 'changeDoctor'
  | 'narrate'
  | 'returnToNotStarted'
  | 'disassociate'
  | 'save';

export const TOOLBAR_ORDER: readonly ToolbarButton[] = [
  'criticalFinding',
  'switchModel',
  'masksMenu',
  'editHeader',
  'requestReview',
  'reopenReview',
  'reopen',
  'secondOpinion',
  'changeDoctor',
  'narrate',
  'returnToNotStarted',
  'disassociate',
  'save',
];

/** The opinion actions behind the one 'second opinion' button. */
export const OPINION_ACTIONS = ['requestOpinion', 'cancelOpinion', 'giveOpinion', 'acceptOpinion', 'ignoreOpinion'] as const;
export type OpinionAction = (typeof OPINION_ACTIONS)[number];

export interface ToolbarContext {
  allowedActions: readonly string[];
  /** The editor is writable (phrases and masks go into the text). */
  editable: boolean;
  /** The user may create standard phrases (PHRASES_CREATE_PHRASES_BY_ACCOUNT). */
  canCreatePhrase: boolean;
  /** The user holds STUDIES_CREATE_HEADER, STUDIES_UPDATE_HEADER or STUDIES_EDIT_HEADER for the study. */
  canEditHeader?: boolean;
}

/** Buttons shown, in order: a button appears only when its action is allowed now. */
export function toolbarButtons(ctx: ToolbarContext): ToolbarButton[] {
  const allowed = new Set(ctx.allowedActions);
  const show: Record<ToolbarButton, boolean> = {
    // Anyone who reaches the study may see its finding; the dialog says who may change it.
    criticalFinding: true,
    switchModel: allowed.has('switchModel'),
    masksMenu: ctx.editable || ctx.canCreatePhrase,
    editHeader: ctx.canEditHeader === true,
    requestReview: allowed.has('requestReview'),
    reopenReview: allowed.has('reopenReview'),
    reopen: allowed.has('reopen'),
    secondOpinion: OPINION_ACTIONS.some((a) => allowed.has(a)),
    changeDoctor: allowed.has('changeDoctor'),
    narrate: allowed.has('narrate'),
    returnToNotStarted: allowed.has('returnToNotStarted'),
    disassociate: allowed.has('disassociate'),
    save: allowed.has('save') && ctx.editable,
  };
  return TOOLBAR_ORDER.filter((b) => show[b]);
}

/** Which opinion dialog the button opens: answer (5/17) first, then give, request, cancel. */
export function opinionMode(allowedActions: readonly string[]): 'decide' | 'give' | 'request' | 'cancel' | null {
  const allowed = new Set(allowedActions);
  if (allowed.has('acceptOpinion') || allowed.has('ignoreOpinion')) return 'decide';
  if (allowed.has('giveOpinion')) return 'give';
  if (allowed.has('requestOpinion')) return 'request';
  if (allowed.has('cancelOpinion')) return 'cancel';
  return null;
}

/** The state buttons of the header (start, restart, start review, …), allowed ones only. */
export const HEADER_ACTIONS = ['start', 'restart', 'startReview', 'cancelReview', 'startTypedReview', 'startTyping'] as const;
export type HeaderAction = (typeof HEADER_ACTIONS)[number];

export function headerActions(allowedActions: readonly string[]): HeaderAction[] {
  return HEADER_ACTIONS.filter((a) => allowedActions.includes(a));
}
