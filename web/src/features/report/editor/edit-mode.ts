import type { ReportView } from '../../../../../domain/studies/schemas';

/** States in which the editor is open for writing (spec 1 §4). */
export const EDITING_STATES: readonly number[] = [1, 12, 25];
/** States in which a mask may be loaded (spec 2 §4: change mask only in 1 and 25). */
export const MASK_STATES: readonly number[] = [1, 25];

export type ContentField = 'content' | 'reviewContent';

export interface EditMode {
  /** The text can be typed in. */
  editable: boolean;
  /** Which text the editor holds: the reviewer writes reviewContent in 12. */
  field: ContentField;
  /** Drafts are autosaved (spec 1 §4; never for OIT/SISMAMA). */
  autosave: boolean;
  /** Another user owns the report now ('cannot edit', spec 1 §4). */
  cannotEdit: boolean;
  /** The finishing action offered at the bottom. */
  finishAction: 'finish' | 'finishReview' | null;
  /** A mask may be loaded. */
  canChangeMask: boolean;
}

/**
 * What the editor allows for this user, from the server's allowedActions: editable only in
 * 1 and 25 (executor, `save`) and 12 (reviewer, `finishReview`).
 */
export function editMode(report: ReportView, userId: string): EditMode {
  const allowed = new Set(report.allowedActions);
  const reviewing = report.state === 12;
  const field: ContentField = reviewing ? 'reviewContent' : 'content';
  const inEditingState = EDITING_STATES.includes(report.state);
  const freeText = report.structuredType === '';
  const editable = inEditingState && freeText && (reviewing ? allowed.has('finishReview') : allowed.has('save'));
  const owner = reviewing ? report.responsibleUserId : report.userId;
  const cannotEdit = inEditingState && !editable && owner !== null && owner !== userId;
  let finishAction: EditMode['finishAction'] = null;
  if (reviewing && allowed.has('finishReview')) finishAction = 'finishReview';
  else if (!reviewing && inEditingState && allowed.has('finish')) finishAction = 'finish';
  return {
    editable,
    field,
    autosave: editable && allowed.has('saveDraft'),
    cannotEdit,
    finishAction,
    canChangeMask: editable && MASK_STATES.includes(report.state),
  };
}

/** Leave the editor (to /studies) when a report being edited moves out of 1, 12 and 25 (spec 1 §4). */
export function shouldLeaveEditor(wasEditing: boolean, newState: number): boolean {
  return wasEditing && !EDITING_STATES.includes(newState);
}
