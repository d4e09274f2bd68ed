/**
 * Who may act on a report (relative to it: its executor, its reviewer, …) and the rules a
 * transition checks beyond state and permission — the parts the lifecycle table
 * (transition-table.ts) is written with.
 */
import type { ErrorCode } from '../errors';
import { type Actor, hasPermission } from '../auth/permissions';
import { type LaudoSnapshot, STRUCTURED_TYPES, type StructuredType, isPlatformActor } from './snapshot';
import { LaudoState } from './states';
const S = LaudoState;
// ---------------------------------------------------------------------------------------
// Who may act, relative to this report.

/** Account admins may do what the executor may (spec 1 §1); ROOT passes every admin check. */
export const isAdminLike = (a: Actor): boolean => a.isAccountAdmin || a.superRole;
export const isExecutor = (l: LaudoSnapshot, a: Actor): boolean => l.userId !== null && l.userId === a.userId;
export const isResponsibleReviewer = (l: LaudoSnapshot, a: Actor): boolean =>
  l.reviewUserId === a.userId && l.responsibleUserId === a.userId;

export const PARTIES = {
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

export type Party = keyof typeof PARTIES;

/**
 * The answer when the report is in the right state but the caller is not who may act: it
 * says so, never 'does not exist or already finished' (issue 12).
 */
export const PARTY_REFUSALS: Record<Exclude<Party, 'anyone' | 'platform'>, ErrorCode> = {
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
export interface Refusal {
  code: ErrorCode;
  reason: RefusalReason;
}

export interface Rule {
  /** true when the rule refuses. */
  refuses: (l: LaudoSnapshot, a: Actor) => boolean;
  code: ErrorCode;
}

/** The free text is empty and there is no structured form to stand for it. */
export const isEmptyReport = (l: LaudoSnapshot): boolean => l.contentEmpty && l.structuredType === '';
export const notEmpty: Rule = { refuses: isEmptyReport, code: 'REPORT_EMPTY' };

/** Spec 1 §6 / spec 2 §4: an OIT report is saved and finished with STUDIES_SAVE_REPORTS_OIT (admins as for save). */
export const oitPermission: Rule = {
  refuses: (l, a) => l.structuredType === 'OIT' && !isAdminLike(a) && !hasPermission(a, 'STUDIES_SAVE_REPORTS_OIT'),
  code: 'FORBIDDEN_ACCESS',
};

export const OIT_MODALITIES = ['CR', 'DR', 'DX'];
export const isStructuredType = (t: string): t is StructuredType => (STRUCTURED_TYPES as readonly string[]).includes(t);

/** Spec 1 §5: SISMAMA needs a mammography study and ALLOW_REPORT_SISMAMA; OIT needs CR, DR or DX. */
export function modelRefusal(l: LaudoSnapshot, a: Actor, type: string | undefined): Refusal | null {
  if (type === 'OIT') {
    if (!hasPermission(a, 'STUDIES_SAVE_REPORTS_OIT')) return { code: 'FORBIDDEN_ACCESS', reason: 'permission' };
    if (!l.modalities.some((m) => OIT_MODALITIES.includes(m))) return { code: 'MODEL_CHANGE_FAILED', reason: 'rule' };
  }
  if (type === 'SISMAMA' && !(l.allowSismama && l.modalities.includes('MG'))) {
    return { code: 'MODEL_CHANGE_FAILED', reason: 'rule' };
  }
  return null;
}
