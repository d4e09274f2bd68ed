/**
 * The report actions the page sends: where each goes and the title of its error dialog
 * (spec 1 §8, spec 2 §8). Pure.
 */
export type ReportActionKey =
  | 'start'
  | 'restart'
  | 'save'
  | 'finish'
  | 'finishReview'
  | 'requestReview'
  | 'cancelReview'
  | 'startReview'
  | 'startTypedReview'
  | 'startTyping'
  | 'cancelTyping'
  | 'finishTyping'
  | 'reopen'
  | 'reopenReview'
  | 'returnToNotStarted'
  | 'changeDoctor'
  | 'reassign'
  | 'disassociate'
  | 'switchModel'
  | 'requestOpinion'
  | 'giveOpinion'
  | 'acceptOpinion'
  | 'ignoreOpinion'
  | 'cancelOpinion'
  | 'sign'
  | 'finishAndSign';

export interface ActionCall {
  method: 'POST' | 'PUT';
  /** Under /studies/{id}/. */
  path: string;
}

export const ACTION_CALLS: Record<ReportActionKey, ActionCall> = {
  start: { method: 'POST', path: 'reports/start' },
  restart: { method: 'POST', path: 'reports/start' },
  save: { method: 'POST', path: 'reports/save' },
  finish: { method: 'POST', path: 'reports/save' },
  finishReview: { method: 'POST', path: 'reports/review' },
  requestReview: { method: 'POST', path: 'reports/requestReview' },
  cancelReview: { method: 'POST', path: 'reports/cancelReview' },
  startReview: { method: 'POST', path: 'reports/associateReview' },
  startTypedReview: { method: 'POST', path: 'reports/associateTypingReview' },
  startTyping: { method: 'POST', path: 'reports/associateReportTranscription' },
  cancelTyping: { method: 'POST', path: 'reports/cancelReportTranscription' },
  finishTyping: { method: 'POST', path: 'reports/finishReportTranscription' },
  reopen: { method: 'POST', path: 'reports/reopen' },
  reopenReview: { method: 'POST', path: 'reports/reopen' },
  returnToNotStarted: { method: 'POST', path: 'reports/returnReportToNotStarted' },
  changeDoctor: { method: 'POST', path: 'reports/changeDoctor' },
  reassign: { method: 'POST', path: 'reports/reassign' },
  disassociate: { method: 'POST', path: 'reports/disassociateMultipleReports' },
  switchModel: { method: 'POST', path: 'reports/start?change=true' },
  requestOpinion: { method: 'POST', path: 'reports-opinion/request' },
  giveOpinion: { method: 'PUT', path: 'reports-opinion' },
  acceptOpinion: { method: 'POST', path: 'reports-opinion/accept' },
  ignoreOpinion: { method: 'POST', path: 'reports-opinion/refusing' },
  cancelOpinion: { method: 'POST', path: 'reports-opinion/cancelSecondOpinion' },
  sign: { method: 'POST', path: 'reports/sign' },
  // Finishing with the certificate password signs too (spec 1 §7).
  finishAndSign: { method: 'POST', path: 'reports/save' },
};

export type ActionErrorTitleKey =
  | 'editor.errors.startTitle'
  | 'editor.errors.reviewTitle'
  | 'editor.errors.typedReviewTitle'
  | 'editor.errors.typingTitle'
  | 'transcription.finishTitle'
  | 'editor.errors.reopenTitle'
  | 'editor.errors.modelTitle'
  | 'editor.errors.opinionTitle'
  | 'editor.errors.genericTitle'
  | 'documents.errors.signTitle';

/** The dialog title of a failed action (spec 1 §8 titles; 'Ocorreu um erro' otherwise). */
export const ACTION_ERROR_TITLES: Record<ReportActionKey, ActionErrorTitleKey> = {
  start: 'editor.errors.startTitle',
  restart: 'editor.errors.startTitle',
  save: 'editor.errors.genericTitle',
  finish: 'editor.errors.genericTitle',
  finishReview: 'editor.errors.genericTitle',
  requestReview: 'editor.errors.genericTitle',
  cancelReview: 'editor.errors.genericTitle',
  startReview: 'editor.errors.reviewTitle',
  startTypedReview: 'editor.errors.typedReviewTitle',
  startTyping: 'editor.errors.typingTitle',
  cancelTyping: 'editor.errors.genericTitle',
  finishTyping: 'transcription.finishTitle',
  reopen: 'editor.errors.reopenTitle',
  reopenReview: 'editor.errors.reopenTitle',
  returnToNotStarted: 'editor.errors.genericTitle',
  changeDoctor: 'editor.errors.genericTitle',
  reassign: 'editor.errors.genericTitle',
  disassociate: 'editor.errors.genericTitle',
  switchModel: 'editor.errors.modelTitle',
  requestOpinion: 'editor.errors.opinionTitle',
  giveOpinion: 'editor.errors.opinionTitle',
  acceptOpinion: 'editor.errors.opinionTitle',
  ignoreOpinion: 'editor.errors.opinionTitle',
  cancelOpinion: 'editor.errors.opinionTitle',
  sign: 'documents.errors.signTitle',
  finishAndSign: 'documents.errors.signTitle',
};

export type ActionFallbackKey =
  | 'editor.errors.changeDoctorDefault'
  | 'editor.errors.disassociateDefault'
  | 'editor.errors.reopenDefault'
  | 'editor.errors.opinionDefault';

/** The spec's default text when the server sends no description (spec 1 §8). */
export const ACTION_FALLBACKS: Partial<Record<ReportActionKey, ActionFallbackKey>> = {
  changeDoctor: 'editor.errors.changeDoctorDefault',
  reassign: 'editor.errors.changeDoctorDefault',
  disassociate: 'editor.errors.disassociateDefault',
  reopen: 'editor.errors.reopenDefault',
  reopenReview: 'editor.errors.reopenDefault',
  requestOpinion: 'editor.errors.opinionDefault',
  giveOpinion: 'editor.errors.opinionDefault',
  acceptOpinion: 'editor.errors.opinionDefault',
  ignoreOpinion: 'editor.errors.opinionDefault',
  cancelOpinion: 'editor.errors.opinionDefault',
};

export type ActionSuccessKey =
  | 'editor.success.finished'
  | 'editor.success.reviewRequested'
  | 'editor.success.opinionRequested'
  | 'editor.success.opinionSent'
  | 'editor.success.opinionIgnored'
  | 'editor.success.opinionAccepted'
  | 'editor.success.saved'
  | 'editor.success.reassigned'
  | 'transcription.finished'
  | 'documents.success.signed';

/** Success messages (spec 2 §8). */
export const ACTION_SUCCESS: Partial<Record<ReportActionKey, ActionSuccessKey>> = {
  save: 'editor.success.saved',
  finish: 'editor.success.finished',
  sign: 'documents.success.signed',
  finishAndSign: 'documents.success.signed',
  finishReview: 'editor.success.finished',
  finishTyping: 'transcription.finished',
  requestReview: 'editor.success.reviewRequested',
  requestOpinion: 'editor.success.opinionRequested',
  giveOpinion: 'editor.success.opinionSent',
  ignoreOpinion: 'editor.success.opinionIgnored',
  acceptOpinion: 'editor.success.opinionAccepted',
  reassign: 'editor.success.reassigned',
};

/** Opinion conclusions by status (spec 2 §9). */
export const OPINION_CONCLUSIONS = [
  { status: 1, key: 'editor.opinion.agree' },
  { status: 2, key: 'editor.opinion.disagreeImpact' },
  { status: 3, key: 'editor.opinion.disagreeNoImpact' },
] as const;
