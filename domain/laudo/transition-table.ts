/**
 * The report lifecycle as one table (spec 1 §4–§6, spec 2 §4–§6): for every action the states
 * it leaves from, where it leads, the permission, the party, the rules and what it changes.
 * Evaluated by transitions.ts.
 */
import type { ErrorCode } from '../errors';
import type { Actor, Permission } from '../auth/permissions';
import type { LaudoAction } from './actions';
import type { ParsedInputs } from './inputs';
import type { LaudoSnapshot } from './snapshot';
import { LaudoState } from './states';
import {
  type Party,
  type Refusal,
  type Rule,
  isEmptyReport,
  notEmpty,
  oitPermission,
  isStructuredType,
  modelRefusal,
} from './transition-parties';

const S = LaudoState;

// ---------------------------------------------------------------------------------------
// The table.

/** Where an action leads: a state, no change, back to `resumeState`, or per institution. */
export type Target = LaudoState | 'same' | 'resume' | { institution: LaudoState; noInstitution: LaudoState };

export interface ActionRule<A extends LaudoAction> {
  from: readonly LaudoState[];
  /** For an exam without institution, when its states differ (the opinion states 13/16/17). */
  fromNoInstitution?: readonly LaudoState[];
  to: Target;
  /** Needed permission (null: none); `inReview` replaces it in state 12, `inTyping` in 23, `noInstitution` without institution. */
  permission: Permission | null;
  permissionInReview?: Permission;
  permissionInTyping?: Permission;
  permissionNoInstitution?: Permission;
  /** An account admin passes the permission check (spec 1 §6: change doctor, disassociate, save). */
  adminGrants?: boolean;
  by: Party;
  /** Answer for a wrong state or a wrong party: the spec's dialog title where it has one. */
  refusal: ErrorCode;
  rules?: readonly Rule[];
  /** Rules that need the parsed input. */
  inputRule?(l: LaudoSnapshot, a: Actor, input: ParsedInputs[A]): Refusal | null;
  /** What changes besides the state. */
  effect?(l: LaudoSnapshot, a: Actor, input: ParsedInputs[A]): Partial<LaudoSnapshot>;
}

/** Nothing of the previous version's side flows survives into a new (or emptied) version. */
export const FRESH_VERSION = {
  reviewUserId: null,
  resumeState: null,
  opinionUserId: null,
  opinionRequesterId: null,
  opinionVersion: null,
  opinionStatus: null,
  opinionConclusion: null,
  hasOpinionSignature: false,
  transcriptionistUserId: null,
  audioKey: null,
  isDigitallySigned: false,
} satisfies Partial<LaudoSnapshot>;

export const NO_OPINION = {
  opinionUserId: null,
  opinionRequesterId: null,
  opinionVersion: null,
  opinionStatus: null,
  opinionConclusion: null,
  resumeState: null,
} satisfies Partial<LaudoSnapshot>;

/** The executor's editing states (spec 2 §4: draft 1, typed-review draft 25). */
export const EDITING = [S.IN_PROGRESS, S.REVIEWING_TYPED] as const;
/** Opinion requested and pending: 4 with institution, 13 and 16 without (decision 004). */
export const OPINION_PENDING = [S.OPINION_REQUESTED] as const;
export const OPINION_PENDING_NO_INSTITUTION = [S.NO_INSTITUTION_OPINION_REQUESTED, S.NO_INSTITUTION_OPINION_PENDING] as const;

export const TRANSITIONS: { [A in LaudoAction]: ActionRule<A> } = {
  /** 0 → 1: the first start; ties the report to the user (spec 1 §6). */
  start: {
    from: [S.NOT_STARTED],
    to: S.IN_PROGRESS,
    permission: 'STUDIES_SAVE_REPORTS',
    by: 'anyone',
    refusal: 'REPORT_CANNOT_START',
    rules: [{ refuses: (l) => l.hasOldVersion, code: 'REPORT_CANNOT_START' }],
    inputRule: (l, a, input) => modelRefusal(l, a, input?.structuredType),
    // A version returned to not started was never archived: it starts again as itself.
    effect: (l, a, input) => ({
      ...FRESH_VERSION,
      version: Math.max(l.version, 1),
      userId: a.userId,
      doctorName: a.name,
      responsibleUserId: a.userId,
      structuredType: input?.structuredType ?? '',
    }),
  },
  /** 0 with archived versions → 1 in a new version ('restart', spec 1 §4). */
  restart: {
    from: [S.NOT_STARTED],
    to: S.IN_PROGRESS,
    permission: 'STUDIES_SAVE_REPORTS',
    by: 'anyone',
    refusal: 'REPORT_CANNOT_START',
    rules: [{ refuses: (l) => !l.hasOldVersion, code: 'REPORT_CANNOT_START' }],
    inputRule: (l, a, input) => modelRefusal(l, a, input?.structuredType),
    effect: (l, a, input) => ({
      ...FRESH_VERSION,
      version: l.version + 1,
      userId: a.userId,
      doctorName: a.name,
      responsibleUserId: a.userId,
      structuredType: input?.structuredType ?? '',
    }),
  },
  /** Content save: the executor (or an admin) in 1/25, the responsible reviewer in 12. */
  save: {
    from: [S.IN_PROGRESS, S.REVIEWING, S.REVIEWING_TYPED],
    to: 'same',
    permission: 'STUDIES_SAVE_REPORTS',
    permissionInReview: 'REPORTS_REVIEW',
    adminGrants: true,
    by: 'editorOrAdmin',
    refusal: 'REPORT_NOT_UPDATABLE',
    rules: [oitPermission],
    effect: (_l, _a, input) => ({ contentEmpty: input.contentEmpty }),
  },
  /**
   * Draft autosave (spec 1 §4): as save, but no admin and never for OIT/SISMAMA. No change.
   * Also the typist's text while typing (23): a long transcription is not kept only in one
   * browser (decision 023).
   */
  saveDraft: {
    from: [S.IN_PROGRESS, S.REVIEWING, S.TYPING, S.REVIEWING_TYPED],
    to: 'same',
    permission: 'STUDIES_SAVE_REPORTS',
    permissionInReview: 'REPORTS_REVIEW',
    permissionInTyping: 'STUDIES_TRANSCRIBE_REPORTS',
    by: 'editor',
    refusal: 'REPORT_NOT_UPDATABLE',
    rules: [{ refuses: (l) => l.structuredType !== '', code: 'REPORT_ACTION_NOT_ALLOWED' }],
  },
  /** 1/25 → 2 by the executor or an admin; 12 → 2 by the responsible reviewer. */
  finish: {
    from: [S.IN_PROGRESS, S.REVIEWING, S.REVIEWING_TYPED],
    to: S.CONCLUDED,
    permission: 'STUDIES_SAVE_REPORTS',
    permissionInReview: 'REPORTS_REVIEW',
    adminGrants: true,
    by: 'editorOrAdmin',
    refusal: 'REPORT_NOT_UPDATABLE',
    rules: [notEmpty, oitPermission],
  },
  /** 1/25 → 11. */
  requestReview: {
    from: EDITING,
    to: S.AWAITING_REVIEW,
    permission: 'STUDIES_SAVE_REPORTS',
    by: 'executor',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: (l) => ({ resumeState: l.state }),
  },
  /** 11 → the state the request came from; author only (spec 1 §6). */
  cancelReview: {
    from: [S.AWAITING_REVIEW],
    to: 'resume',
    permission: null,
    by: 'executor',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: () => ({ resumeState: null }),
  },
  /** 11 → 12 by a reviewer other than the author, who becomes responsible. */
  startReview: {
    from: [S.AWAITING_REVIEW],
    to: S.REVIEWING,
    permission: 'REPORTS_REVIEW',
    by: 'notExecutor',
    refusal: 'REVIEW_CANNOT_START',
    effect: (_l, a) => ({ reviewUserId: a.userId, responsibleUserId: a.userId, resumeState: null }),
  },
  /** 12 → 2, the current responsible reviewer only (spec 2 §6). */
  finishReview: {
    from: [S.REVIEWING],
    to: S.CONCLUDED,
    permission: 'REPORTS_REVIEW',
    by: 'responsibleReviewer',
    refusal: 'REPORT_NOT_UPDATABLE',
    rules: [notEmpty],
  },
  /** Spec 2 §4–§6: by the responsible user, one per version, not on an empty report, not to oneself. */
  requestOpinion: {
    from: [...EDITING, ...OPINION_PENDING],
    fromNoInstitution: [...EDITING, ...OPINION_PENDING_NO_INSTITUTION],
    to: { institution: S.OPINION_REQUESTED, noInstitution: S.NO_INSTITUTION_OPINION_REQUESTED },
    permission: 'STUDIES_CREATE_LAUDO_OPINION',
    by: 'responsible',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    rules: [{ refuses: (l) => l.opinionVersion === l.version, code: 'OPINION_ALREADY_REQUESTED' }, notEmpty],
    inputRule: (_l, a, input) =>
      input.opinionUserId === a.userId ? { code: 'OPINION_SELF_NOT_ALLOWED', reason: 'input' } : null,
    effect: (l, a, input) => ({
      opinionUserId: input.opinionUserId,
      opinionRequesterId: a.userId,
      opinionVersion: l.version,
      opinionStatus: 0,
      opinionConclusion: null,
      hasOpinionSignature: false,
      resumeState: l.state,
    }),
  },
  /** 4/13/16 → back; by the requester (the author). The request is withdrawn: a new one may follow. */
  cancelOpinion: {
    from: OPINION_PENDING,
    fromNoInstitution: OPINION_PENDING_NO_INSTITUTION,
    to: 'resume',
    permission: null,
    by: 'opinionRequester',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: () => NO_OPINION,
  },
  /** 4 → 5 (13/16 → 17 without institution), only the assigned doctor. */
  giveOpinion: {
    from: OPINION_PENDING,
    fromNoInstitution: OPINION_PENDING_NO_INSTITUTION,
    to: { institution: S.OPINION_DONE, noInstitution: S.NO_INSTITUTION_OPINION_DONE },
    permission: 'STUDIES_INSERT_LAUDO_OPINION',
    permissionNoInstitution: 'WORKLIST_INSERT_LAUDO_OPINION',
    adminGrants: true,
    by: 'opinionDoctor',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    // Agreeing with an empty report is blocked (spec 2 §5).
    inputRule: (l, _a, input) => (input.status === 1 && isEmptyReport(l) ? { code: 'REPORT_EMPTY', reason: 'rule' } : null),
    effect: (_l, _a, input) => ({ opinionStatus: input.status, opinionConclusion: input.conclusion ?? null }),
  },
  /** 5/17 → back: the opinion goes into the report, which carries both signatures. */
  acceptOpinion: {
    from: [S.OPINION_DONE],
    fromNoInstitution: [S.NO_INSTITUTION_OPINION_DONE],
    to: 'resume',
    permission: null,
    by: 'responsible',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: () => ({ hasOpinionSignature: true, resumeState: null }),
  },
  /** 5/17 → back: the report keeps only its own signature. */
  ignoreOpinion: {
    from: [S.OPINION_DONE],
    fromNoInstitution: [S.NO_INSTITUTION_OPINION_DONE],
    to: 'resume',
    permission: null,
    by: 'responsible',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: () => ({ hasOpinionSignature: false, resumeState: null }),
  },
  /** 1/25 → 22: the executor sends the narrated audio (audio is recorded where the mask can change). */
  narrate: {
    from: EDITING,
    to: S.NARRATED,
    permission: 'STUDIES_SAVE_NARRATED_REPORTS',
    by: 'executor',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: (_l, _a, input) => ({ audioKey: input.audioKey, transcriptionistUserId: null }),
  },
  /** 22 → 23: a typist takes the audio and holds the report while typing. */
  startTyping: {
    from: [S.NARRATED],
    to: S.TYPING,
    permission: 'STUDIES_TRANSCRIBE_REPORTS',
    by: 'anyone',
    refusal: 'TRANSCRIPTION_CANNOT_START',
    effect: (_l, a) => ({ transcriptionistUserId: a.userId, responsibleUserId: a.userId }),
  },
  /** 23 → 22 (spec 1 §7 cancelReportTranscription): that typist gives the audio back. */
  cancelTyping: {
    from: [S.TYPING],
    to: S.NARRATED,
    permission: 'STUDIES_TRANSCRIBE_REPORTS',
    by: 'typist',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: (l) => ({ transcriptionistUserId: null, responsibleUserId: l.userId }),
  },
  /** 23 → 24: only that typist; the report goes back to the narrating doctor. */
  finishTyping: {
    from: [S.TYPING],
    to: S.TYPED,
    permission: 'STUDIES_TRANSCRIBE_REPORTS',
    by: 'typist',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: (l, _a, input) => ({ responsibleUserId: l.userId, contentEmpty: input.contentEmpty }),
  },
  /** 24 → 25: the narrating doctor reviews the typed text. */
  startTypedReview: {
    from: [S.TYPED],
    to: S.REVIEWING_TYPED,
    permission: 'STUDIES_SAVE_REPORTS',
    by: 'executor',
    refusal: 'TYPED_REVIEW_CANNOT_START',
    effect: (l) => ({ responsibleUserId: l.userId }),
  },
  /** 2/3/22 → 1 in a new version when nobody reviewed it; the reopener becomes the executor. */
  reopen: {
    from: [S.CONCLUDED, S.SIGNED, S.NARRATED],
    to: S.IN_PROGRESS,
    permission: 'STUDIES_REOPEN_REPORTS',
    by: 'anyone',
    refusal: 'REOPEN_FAILED',
    rules: [{ refuses: (l) => l.reviewUserId !== null, code: 'REOPEN_FAILED' }],
    effect: (l, a) => ({
      ...FRESH_VERSION,
      version: l.version + 1,
      hasOldVersion: true,
      userId: a.userId,
      doctorName: a.name,
      responsibleUserId: a.userId,
    }),
  },
  /** 2/3/22 → 12 in a new version when a reviewer exists: the reviewer holds it again. */
  reopenReview: {
    from: [S.CONCLUDED, S.SIGNED, S.NARRATED],
    to: S.REVIEWING,
    permission: 'STUDIES_REOPEN_REPORTS',
    by: 'anyone',
    refusal: 'REOPEN_FAILED',
    rules: [{ refuses: (l) => l.reviewUserId === null, code: 'REOPEN_FAILED' }],
    effect: (l) => ({
      ...FRESH_VERSION,
      version: l.version + 1,
      hasOldVersion: true,
      reviewUserId: l.reviewUserId,
      responsibleUserId: l.reviewUserId,
    }),
  },
  /** 2 → 3: the author, with a registered A1 certificate and its password. */
  sign: {
    from: [S.CONCLUDED],
    to: S.SIGNED,
    permission: null,
    by: 'executor',
    refusal: 'SIGN_FAILED',
    effect: () => ({ isDigitallySigned: true }),
  },
  /** → 0, clearing the executor; not from 2/3/12/20/21/22/23, and never once versions were archived. */
  returnToNotStarted: {
    from: [
      S.IN_PROGRESS,
      S.OPINION_REQUESTED,
      S.OPINION_DONE,
      S.AWAITING_REVIEW,
      S.NO_INSTITUTION_OPINION_REQUESTED,
      S.NO_INSTITUTION_OPINION_PENDING,
      S.NO_INSTITUTION_OPINION_DONE,
      S.TYPED,
      S.REVIEWING_TYPED,
    ],
    to: S.NOT_STARTED,
    permission: 'REPORT_RETURN_NOT_STARTED',
    by: 'anyone',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    rules: [{ refuses: (l) => l.hasOldVersion, code: 'REPORT_ACTION_NOT_ALLOWED' }],
    effect: () => ({
      ...FRESH_VERSION,
      userId: null,
      doctorName: null,
      responsibleUserId: null,
      structuredType: '',
      contentEmpty: true,
    }),
  },
  /** A new executing doctor, in the executor's editing states; the new doctor holds the report. */
  changeDoctor: {
    from: EDITING,
    to: 'same',
    permission: 'STUDIES_CREATE_ASSOCIATE_REPORTS',
    adminGrants: true,
    by: 'executorOrAdmin',
    refusal: 'CHANGE_DOCTOR_FAILED',
    // The current doctor is not in the list: choosing them is choosing nobody.
    inputRule: (l, _a, input) => (input.doctorUserId === l.userId ? { code: 'NO_DOCTOR_SELECTED', reason: 'input' } : null),
    effect: (_l, _a, input) => ({
      userId: input.doctorUserId,
      doctorName: input.doctorName,
      responsibleUserId: input.doctorUserId,
    }),
  },
  /** More studies of the same patient and modality share this report. */
  associate: {
    from: EDITING,
    to: 'same',
    permission: 'STUDIES_CREATE_ASSOCIATE_REPORTS',
    adminGrants: true,
    by: 'executorOrAdmin',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    inputRule: (l, _a, input) =>
      input.studies.every((s) => s.patientId === l.patientId && l.modalities.includes(s.modality))
        ? null
        : { code: 'ASSOCIATE_FAILED', reason: 'rule' },
    effect: (l, _a, input) => ({
      studyIds: [...new Set([...l.studyIds, ...input.studies.map((s) => s.studyId)])],
    }),
  },
  /** 'This study' or 'all' (each study then keeps its own report; this one keeps the first). */
  disassociate: {
    from: [S.IN_PROGRESS, S.REVIEWING, S.REVIEWING_TYPED],
    to: 'same',
    permission: 'STUDIES_CREATE_ASSOCIATE_REPORTS',
    adminGrants: true,
    by: 'executorOrAdmin',
    refusal: 'DISASSOCIATE_FAILED',
    rules: [{ refuses: (l) => l.studyIds.length < 2, code: 'DISASSOCIATE_FAILED' }],
    inputRule: (l, _a, input) => {
      if (input.all) return null;
      if (!input.studyIds.every((id) => l.studyIds.includes(id))) return { code: 'MALFORMED_REQUEST', reason: 'input' };
      return l.studyIds.every((id) => input.studyIds.includes(id)) ? { code: 'DISASSOCIATE_FAILED', reason: 'rule' } : null;
    },
    effect: (l, _a, input) => ({
      studyIds: input.all ? l.studyIds.slice(0, 1) : l.studyIds.filter((id) => !input.studyIds.includes(id)),
    }),
  },
  /** OIT / SISMAMA / free text, in 1/25 only; an unknown model changes nothing. */
  switchModel: {
    from: EDITING,
    to: 'same',
    permission: 'STUDIES_SAVE_REPORTS',
    by: 'executor',
    refusal: 'MODEL_CHANGE_FAILED',
    inputRule: (l, a, input) => modelRefusal(l, a, input.structuredType),
    effect: (_l, _a, input) => (isStructuredType(input.structuredType) ? { structuredType: input.structuredType } : {}),
  },
  /** 0 → 20: the platform concludes a study that needs no report. */
  autoConclude: {
    from: [S.NOT_STARTED],
    to: S.AUTO_CONCLUDED,
    permission: null,
    by: 'platform',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    // Nobody holds it any more, not even the orchestrator's assignee.
    effect: () => ({ responsibleUserId: null }),
  },
  /** 0 → 21: the platform records a report made outside. */
  markExternal: {
    from: [S.NOT_STARTED],
    to: S.EXTERNAL_REPORT,
    permission: null,
    by: 'platform',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    // Nobody holds it any more, not even the orchestrator's assignee.
    effect: () => ({ responsibleUserId: null }),
  },
  /**
   * 0 → 0: the orchestrator gives a not-started report to a doctor (issue 18). The report stays
   * not started; the doctor holds it (the worklist shows them, ResponsibleUserId finds it) until
   * someone starts it. Only the platform does this; a coordinator reassigns with changeDoctor
   * once the report is started.
   */
  assign: {
    from: [S.NOT_STARTED],
    to: 'same',
    permission: null,
    by: 'platform',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
    effect: (_l, _a, input) => ({ responsibleUserId: input.doctorUserId }),
  },
  /**
   * 0 → 0: a coordinator gives a not-started report to another doctor (issue 18, manual
   * reassignment of the orchestrator's choice, or a first assignment by hand). The doctor
   * already holding it is not a choice.
   */
  reassign: {
    from: [S.NOT_STARTED],
    to: 'same',
    // The coordinator's permission over the distribution (default roles Coordinator, Administrator).
    permission: 'ORCHESTRATOR_MANAGE',
    adminGrants: true,
    by: 'anyone',
    refusal: 'CHANGE_DOCTOR_FAILED',
    inputRule: (l, _a, input) =>
      input.doctorUserId === l.responsibleUserId ? { code: 'NO_DOCTOR_SELECTED', reason: 'input' } : null,
    effect: (_l, _a, input) => ({ responsibleUserId: input.doctorUserId }),
  },
};
