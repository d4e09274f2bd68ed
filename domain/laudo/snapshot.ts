/**
 * What the lifecycle rules know of a report: plain JSON, no dates, no I/O, so it can live
 * inside the laudo workflow (deterministic) and travel in its history and continueAsNew.
 * Names follow spec 1 §3 where the spec names the field.
 */
import type { Actor } from '../auth/permissions';
import type { LaudoState } from './states';

export type StructuredType = '' | 'OIT' | 'SISMAMA';
export const STRUCTURED_TYPES: readonly StructuredType[] = ['', 'OIT', 'SISMAMA'];

/** Opinion status of spec 2 §3: 0 forwarded and pending, 1 agree, 2 disagree with clinical impact, 3 disagree without. */
export type OpinionStatus = 0 | 1 | 2 | 3;

export interface LaudoSnapshot {
  state: LaudoState;
  /** Number of the current version; 0 before the first start. Never decreases. */
  version: number;
  /** Earlier versions were archived (by a reopen): 'restart' instead of 'start', no return to not started. */
  hasOldVersion: boolean;
  /** The executor: who started (or reopened, or was assigned by changeDoctor) the current version. */
  userId: string | null;
  /** The executor's display name (spec: doctorName). */
  doctorName: string | null;
  /** Who holds the report now (spec: currentResponsibleUserId); in 0 only the orchestrator's assignee, null in 20 and 21. */
  responsibleUserId: string | null;
  /** The reviewer who took the review of this version (spec: laudoReviewUserId); kept after it ends. */
  reviewUserId: string | null;
  /** Where cancelReview, cancelOpinion, acceptOpinion and ignoreOpinion lead back to (1 or 25). */
  resumeState: LaudoState | null;
  /** The doctor asked for a second opinion (spec: laudoOpinionUserId). */
  opinionUserId: string | null;
  /** Who asked for it (the report's responsible user at the time). */
  opinionRequesterId: string | null;
  /** The version the opinion was requested for: one request per version. */
  opinionVersion: number | null;
  /** 0 while pending, then the given conclusion (1, 2 or 3). */
  opinionStatus: OpinionStatus | null;
  /** The opinion's conclusion text, once given. */
  opinionConclusion: string | null;
  /** The responsible doctor included the opinion: the report carries both signatures. */
  hasOpinionSignature: boolean;
  /** The typist who took the narrated audio (spec: transcriptionistUserId). */
  transcriptionistUserId: string | null;
  /** Storage key of the narrated audio of this version (spec: laudoAudioPath). */
  audioKey: string | null;
  /** false for a scheduled exam without institution: its opinion states are 13, 16 and 17. */
  hasInstitution: boolean;
  /** Report model: free text ('') or one of the structured models. */
  structuredType: StructuredType;
  /** Modalities of the associated studies (e.g. 'CR', 'MG'). */
  modalities: string[];
  /** Account flag ALLOW_REPORT_SISMAMA. */
  allowSismama: boolean;
  /** Patient of the associated studies (association needs the same patient). */
  patientId: string | null;
  /** Studies that share this report (spec: studiesIdsAssociation). */
  studyIds: string[];
  /** The free text of the current version is empty (structured models are validated by their form). */
  contentEmpty: boolean;
  /** The concluded version was digitally signed (state 3). */
  isDigitallySigned: boolean;
}

/**
 * The snapshot as older callers hold it (the workflow's `LaudoRecord`): the three fields
 * every report has, the rest optional. `toLaudoSnapshot` fills the gaps.
 */
export type LaudoSnapshotInput = Pick<LaudoSnapshot, 'state' | 'version' | 'userId'> & Partial<LaudoSnapshot>;

/**
 * A full snapshot from a partial one. Defaults are the cautious reading: the executor holds
 * the report, nothing is pending, and unknown content counts as empty (so the content
 * rules refuse rather than allow until the caller says otherwise).
 */
export function toLaudoSnapshot(l: LaudoSnapshotInput): LaudoSnapshot {
  return {
    state: l.state,
    version: l.version,
    hasOldVersion: l.hasOldVersion ?? false,
    userId: l.userId,
    doctorName: l.doctorName ?? null,
    responsibleUserId: l.responsibleUserId === undefined ? l.userId : l.responsibleUserId,
    reviewUserId: l.reviewUserId ?? null,
    resumeState: l.resumeState ?? null,
    opinionUserId: l.opinionUserId ?? null,
    opinionRequesterId: l.opinionRequesterId ?? null,
    opinionVersion: l.opinionVersion ?? null,
    opinionStatus: l.opinionStatus ?? null,
    opinionConclusion: l.opinionConclusion ?? null,
    hasOpinionSignature: l.hasOpinionSignature ?? false,
    transcriptionistUserId: l.transcriptionistUserId ?? null,
    audioKey: l.audioKey ?? null,
    hasInstitution: l.hasInstitution ?? true,
    structuredType: l.structuredType ?? '',
    modalities: l.modalities ? [...l.modalities] : [],
    allowSismama: l.allowSismama ?? false,
    patientId: l.patientId ?? null,
    studyIds: l.studyIds ? [...l.studyIds] : [],
    contentEmpty: l.contentEmpty ?? true,
    isDigitallySigned: l.isDigitallySigned ?? false,
  };
}

/** A report that was never started. */
export function notStartedLaudo(extra: Partial<LaudoSnapshot> = {}): LaudoSnapshot {
  return toLaudoSnapshot({ state: 0, version: 0, userId: null, ...extra });
}

/**
 * The platform itself, for the states it sets (20 auto-concluded, 21 external report).
 * Its id is not a UUID, so no session can ever resolve to it.
 */
export const PLATFORM_USER_ID = 'platform';
export const PLATFORM_ACTOR: Actor = {
  userId: PLATFORM_USER_ID,
  name: 'Laudos',
  permissions: [],
  isAccountAdmin: false,
  superRole: false,
};

export function isPlatformActor(actor: Actor): boolean {
  return actor.userId === PLATFORM_USER_ID;
}
