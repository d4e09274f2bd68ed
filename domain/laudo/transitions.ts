/**
 * The report lifecycle (spec 1 §4–§6, spec 2 §4–§6, issue 3) as one table. Pure: the
 * workflow's update validators, the API pre-checks and `allowedActions` all call `check`,
 * and the workflow changes its report only through `apply`, so a rule lives in one place.
 *
 * Every row says: the states it leaves from, where it leads, the permission it needs, who
 * (relative to this report) may act, the rules beyond that, and what it changes.
 * `check` asks, in order: state → permission → party → rules → input. The first "no"
 * answers: 'state' with the row's refusal (the spec's dialog title), 'party' with what says
 * the report is someone else's to act on (PARTY_REFUSALS), 'rule' with the rule's own
 * message, 'permission' with FORBIDDEN_ACCESS, 'input' with the field's message.
 * Choices the specs leave open are recorded in docs/decisions/004.
 */
import type { ErrorCode } from '../errors';
import { type Actor, type Permission, hasPermission } from '../auth/permissions';
import { LAUDO_ACTIONS, type LaudoAction } from './actions';
import { type ActionInputs, type ParsedInputs, parseInput } from './inputs';
import {
  type LaudoSnapshot,
  type LaudoSnapshotInput,
  STRUCTURED_TYPES,
  type StructuredType,
  isPlatformActor,
  toLaudoSnapshot,
} from './snapshot';
import { LaudoState } from './states';

export { LAUDO_ACTIONS, type LaudoAction } from './actions';
export type { ActionInputs } from './inputs';
export type { LaudoSnapshot, LaudoSnapshotInput } from './snapshot';

const S = LaudoState;

// ---------------------------------------------------------------------------------------
// Who may act, relative to this report.

/** Account admins may do what the executor may (spec 1 §1); ROOT passes every admin check. */
const isAdminLike = (a: Actor): boolean => a.isAccountAdmin || a.superRole;
const isExecutor = (l: LaudoSnapshot, a: Actor): boolean => l.userId !== null && l.userId === a.userId;
const isResponsibleReviewer = (l: LaudoSnapshot, a: Actor): boolean =>
  l.reviewUserId === a.userId && l.responsibleUserId === a.userId;

const PARTIES = {
  anyone: () => true,
  /** The executor of the current version (spec: "only the report author"). */
  executor: isExecutor,
  executorOrAdmin: (l, a) => isExecutor(l, a) || isAdminLike(a),
  /** Who writes now: the responsible reviewer while reviewing (12), the typist while typing (23), otherwise the executor. */
  editor: (l, a) =>
    l.state === S.REVIEWING
      ? isResponsibleReviewer(l, a)
      : l.state === S.TYPING
        ? l.transcriptionistUserId !== null && l.transcriptionistUserId === a.userId
        : isExecutor(l, a),
  /** The same, and account admins outside review (finish and save, spec 1 §6). */
  editorOrAdmin: (l, a) => (l.state === S.REVIEWING ? isResponsibleReviewer(l, a) : isExecutor(l, a) || isAdminLike(a)),
  /** The current responsible user: the study's responsible user for opinions (spec 2 §6). */
  responsible: (l, a) => l.responsibleUserId === a.userId,
  responsibleReviewer: isResponsibleReviewer,
  /** Anyone but the executor: the reviewer must be someone other than the author. */
  notExecutor: (l, a) => !isExecutor(l, a),
  /** The doctor assigned to give the second opinion. */
  opinionDoctor: (l, a) => l.opinionUserId !== null && l.opinionUserId === a.userId,
  /** Who asked for the opinion, or the executor (spec 1 §6: the author cancels it). */
  opinionRequester: (l, a) => l.opinionRequesterId === a.userId || isExecutor(l, a),
  /** The typist who took the narrated audio. */
  typist: (l, a) => l.transcriptionistUserId !== null && l.transcriptionistUserId === a.userId,
  /** The platform, for the states it sets itself (20, 21). */
  platform: (_l, a) => isPlatformActor(a),
} satisfies Record<string, (l: LaudoSnapshot, a: Actor) => boolean>;

type Party = keyof typeof PARTIES;

/**
 * The answer when the report is in the right state but the caller is not who may act: it
 * says so, never 'does not exist or already finished' (issue 12).
 */
const PARTY_REFUSALS: Record<Exclude<Party, 'anyone' | 'platform'>, ErrorCode> = {
  executor: 'REPORT_HELD_BY_OTHER_USER',
  executorOrAdmin: 'REPORT_HELD_BY_OTHER_USER',
  editor: 'REPORT_HELD_BY_OTHER_USER',
  editorOrAdmin: 'REPORT_HELD_BY_OTHER_USER',
  responsible: 'REPORT_HELD_BY_OTHER_USER',
  responsibleReviewer: 'REPORT_HELD_BY_OTHER_USER',
  typist: 'REPORT_HELD_BY_OTHER_USER',
  opinionRequester: 'REPORT_HELD_BY_OTHER_USER',
  notExecutor: 'REVIEW_OF_OWN_REPORT',
  opinionDoctor: 'OPINION_FOR_OTHER_DOCTOR',
};

// ---------------------------------------------------------------------------------------
// Rules beyond state, permission and party.

export type RefusalReason = 'state' | 'permission' | 'party' | 'rule' | 'input';
interface Refusal {
  code: ErrorCode;
  reason: RefusalReason;
}

interface Rule {
  /** true when the rule refuses. */
  refuses: (l: LaudoSnapshot, a: Actor) => boolean;
  code: ErrorCode;
}

/** The free text is empty and there is no structured form to stand for it. */
const isEmptyReport = (l: LaudoSnapshot): boolean => l.contentEmpty && l.structuredType === '';
const notEmpty: Rule = { refuses: isEmptyReport, code: 'REPORT_EMPTY' };

/** Spec 1 §6 / spec 2 §4: an OIT report is saved and finished with STUDIES_SAVE_REPORTS_OIT (admins as for save). */
const oitPermission: Rule = {
  refuses: (l, a) => l.structuredType === 'OIT' && !isAdminLike(a) && !hasPermission(a, 'STUDIES_SAVE_REPORTS_OIT'),
  code: 'FORBIDDEN_ACCESS',
};

const OIT_MODALITIES = ['CR', 'DR', 'DX'];
const isStructuredType = (t: string): t is StructuredType => (STRUCTURED_TYPES as readonly string[]).includes(t);

/** Spec 1 §5: SISMAMA needs a mammography study and ALLOW_REPORT_SISMAMA; OIT needs CR, DR or DX. */
function modelRefusal(l: LaudoSnapshot, a: Actor, type: string | undefined): Refusal | null {
  if (type === 'OIT') {
    if (!hasPermission(a, 'STUDIES_SAVE_REPORTS_OIT')) return { code: 'FORBIDDEN_ACCESS', reason: 'permission' };
    if (!l.modalities.some((m) => OIT_MODALITIES.includes(m))) return { code: 'MODEL_CHANGE_FAILED', reason: 'rule' };
  }
  if (type === 'SISMAMA' && !(l.allowSismama && l.modalities.includes('MG'))) {
    return { code: 'MODEL_CHANGE_FAILED', reason: 'rule' };
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// The table.

/** Where an action leads: a state, no change, back to `resumeState`, or per institution. */
type Target = LaudoState | 'same' | 'resume' | { institution: LaudoState; noInstitution: LaudoState };

interface ActionRule<A extends LaudoAction> {
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
const FRESH_VERSION = {
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

const NO_OPINION = {
  opinionUserId: null,
  opinionRequesterId: null,
  opinionVersion: null,
  opinionStatus: null,
  opinionConclusion: null,
  resumeState: null,
} satisfies Partial<LaudoSnapshot>;

/** The executor's editing states (spec 2 §4: draft 1, typed-review draft 25). */
const EDITING = [S.IN_PROGRESS, S.REVIEWING_TYPED] as const;
/** Opinion requested and pending: 4 with institution, 13 and 16 without (decision 004). */
const OPINION_PENDING = [S.OPINION_REQUESTED] as const;
const OPINION_PENDING_NO_INSTITUTION = [S.NO_INSTITUTION_OPINION_REQUESTED, S.NO_INSTITUTION_OPINION_PENDING] as const;

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
  },
  /** 0 → 21: the platform records a report made outside. */
  markExternal: {
    from: [S.NOT_STARTED],
    to: S.EXTERNAL_REPORT,
    permission: null,
    by: 'platform',
    refusal: 'REPORT_ACTION_NOT_ALLOWED',
  },
};

// ---------------------------------------------------------------------------------------
// The API.

export type CheckResult = { ok: true } | { ok: false; code: ErrorCode; reason: RefusalReason };

const OK: CheckResult = { ok: true };
const refuse = (r: Refusal): CheckResult => ({ ok: false, ...r });

/** The states `action` may leave from, for this report (with or without institution). */
export function fromStates(laudo: Pick<LaudoSnapshotInput, 'hasInstitution'>, action: LaudoAction): readonly LaudoState[] {
  const rule: ActionRule<LaudoAction> = TRANSITIONS[action];
  const hasInstitution = laudo.hasInstitution ?? true;
  return !hasInstitution && rule.fromNoInstitution ? rule.fromNoInstitution : rule.from;
}

/**
 * The action's own refusal (the spec's dialog title where it has one): the answer when the
 * action could not be done and there is no more precise reason (a lost or throttled Update).
 */
export function actionRefusal(action: LaudoAction): ErrorCode {
  return TRANSITIONS[action].refusal;
}

/** Only the platform takes these; never offered to a user. */
export function isPlatformAction(action: LaudoAction): boolean {
  return TRANSITIONS[action].by === 'platform';
}

function requiredPermission(rule: ActionRule<LaudoAction>, l: LaudoSnapshot): Permission | null {
  if (l.state === S.REVIEWING && rule.permissionInReview) return rule.permissionInReview;
  if (l.state === S.TYPING && rule.permissionInTyping) return rule.permissionInTyping;
  if (!l.hasInstitution && rule.permissionNoInstitution) return rule.permissionNoInstitution;
  return rule.permission;
}

/** Everything but the input: what `allowedActions` asks. */
function checkActor(l: LaudoSnapshot, action: LaudoAction, actor: Actor): CheckResult {
  const rule: ActionRule<LaudoAction> = TRANSITIONS[action];
  if (!fromStates(l, action).includes(l.state)) return refuse({ code: rule.refusal, reason: 'state' });
  // The platform takes its own actions only; users never take the platform's.
  if ((rule.by === 'platform') !== isPlatformActor(actor)) return refuse({ code: 'FORBIDDEN_ACCESS', reason: 'permission' });
  const permission = requiredPermission(rule, l);
  if (permission && !hasPermission(actor, permission) && !(rule.adminGrants && isAdminLike(actor))) {
    return refuse({ code: 'FORBIDDEN_ACCESS', reason: 'permission' });
  }
  if (!PARTIES[rule.by](l, actor)) {
    const code = rule.by === 'anyone' || rule.by === 'platform' ? rule.refusal : PARTY_REFUSALS[rule.by];
    return refuse({ code, reason: 'party' });
  }
  const broken = rule.rules?.find((r) => r.refuses(l, actor));
  return broken ? refuse({ code: broken.code, reason: 'rule' }) : OK;
}

/**
 * May `actor` perform `action` on `laudo` now, with this input? Pure and synchronous: the
 * workflow's update validators call it as they are.
 */
export function check<A extends LaudoAction>(
  laudo: LaudoSnapshotInput,
  action: A,
  actor: Actor,
  input?: ActionInputs[A],
): CheckResult {
  const l = toLaudoSnapshot(laudo);
  const pre = checkActor(l, action, actor);
  if (!pre.ok) return pre;
  const parsed = parseInput(action, input);
  if (!parsed.ok) return refuse({ code: parsed.code, reason: 'input' });
  const rule = TRANSITIONS[action] as ActionRule<A>;
  const refusal = rule.inputRule?.(l, actor, parsed.value);
  return refusal ? refuse(refusal) : OK;
}

/** The state `action` leads to from `laudo`. */
export function nextState(action: LaudoAction, laudo?: LaudoSnapshotInput): LaudoState {
  const to = TRANSITIONS[action].to;
  if (typeof to === 'number') return to;
  if (!laudo) throw new Error(`nextState('${action}') depends on the report: pass it`);
  const l = toLaudoSnapshot(laudo);
  if (to === 'same') return l.state;
  if (to === 'resume') return l.resumeState ?? S.IN_PROGRESS;
  return l.hasInstitution ? to.institution : to.noInstitution;
}

/**
 * The report after `action` (call only after `check` said ok). Pure: a new object; fields
 * the caller keeps beside the snapshot (ids, seq, …) are carried over untouched.
 */
export function apply<T extends LaudoSnapshotInput, A extends LaudoAction>(
  laudo: T,
  action: A,
  actor: Actor,
  input?: ActionInputs[A],
): T & LaudoSnapshot {
  const l = toLaudoSnapshot(laudo);
  const parsed = parseInput(action, input);
  if (!parsed.ok) throw new Error(`apply('${action}') with an invalid input (${parsed.code}): call check first`);
  const rule = TRANSITIONS[action] as ActionRule<A>;
  const change = rule.effect?.(l, actor, parsed.value) ?? {};
  return { ...laudo, ...l, ...change, state: nextState(action, l) };
}

/** Actions the editor sends together with its current text (the text is checked on arrival). */
const SENT_WITH_TEXT: readonly LaudoAction[] = ['finish', 'finishReview', 'requestOpinion', 'requestReview'];

/**
 * Actions the actor may take now from a UI (platform actions left out), sent with every
 * report so the web renders its buttons from it. Input is checked when the action is sent.
 * With `textSent`, the actions the editor sends with its text are judged as if that text
 * were there: an empty stored text must not hide Finish from a doctor typing the report.
 */
export function allowedActions(laudo: LaudoSnapshotInput, actor: Actor, opts: { textSent?: boolean } = {}): LaudoAction[] {
  const l = toLaudoSnapshot(laudo);
  const withText = opts.textSent ? { ...l, contentEmpty: false } : l;
  return LAUDO_ACTIONS.filter((a) => !isPlatformAction(a) && checkActor(SENT_WITH_TEXT.includes(a) ? withText : l, a, actor).ok);
}
