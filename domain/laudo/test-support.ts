/**
 * Test fixtures for the lifecycle tests: the roles and situations that
 * `expected-table.md` names, and one valid input per action.
 */
import { type Actor, type Permission, PERMISSIONS } from '../auth/permissions';
import type { LaudoAction } from './actions';
import type { ActionInputs } from './inputs';
import { type LaudoSnapshot, PLATFORM_ACTOR, toLaudoSnapshot } from './snapshot';

export const AUTHOR = 'author';
export const OTHER = 'other-doctor';
export const REVIEWER = 'reviewer';
export const OPINION = 'opinion-doctor';
export const TYPIST = 'typist';
export const ADMIN = 'account-admin';
export const ROOT = 'root';

/** Every doctor permission: all but typing, which is the typist's. */
export const DOCTOR_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'STUDIES_TRANSCRIBE_REPORTS');

export const actor = (userId: string, permissions: readonly Permission[], extra: Partial<Actor> = {}): Actor => ({
  userId,
  name: `Dr. ${userId}`,
  permissions,
  isAccountAdmin: false,
  superRole: false,
  ...extra,
});

export const ROLES = [
  'author',
  'other doctor',
  'other doctor w/o',
  'reviewer',
  'opinion doctor',
  'typist',
  'account admin',
  'ROOT',
  'platform',
] as const;
export type Role = (typeof ROLES)[number];

/** The actor playing `role`; `without` are the permissions 'other doctor w/o' lacks. */
export function roleActor(role: Role, without: readonly Permission[] = []): Actor {
  switch (role) {
    case 'author':
      return actor(AUTHOR, DOCTOR_PERMISSIONS);
    case 'other doctor':
      return actor(OTHER, DOCTOR_PERMISSIONS);
    case 'other doctor w/o':
      return actor(
        OTHER,
        DOCTOR_PERMISSIONS.filter((p) => !without.includes(p)),
      );
    case 'reviewer':
      return actor(REVIEWER, ['REPORTS_REVIEW']);
    case 'opinion doctor':
      return actor(OPINION, ['STUDIES_INSERT_LAUDO_OPINION', 'WORKLIST_INSERT_LAUDO_OPINION']);
    case 'typist':
      return actor(TYPIST, ['STUDIES_TRANSCRIBE_REPORTS']);
    case 'account admin':
      return actor(ADMIN, [], { isAccountAdmin: true });
    case 'ROOT':
      return actor(ROOT, [], { superRole: true });
    case 'platform':
      return PLATFORM_ACTOR;
  }
}

/** A report in progress by AUTHOR: the base every situation varies. */
export const inProgress = (extra: Partial<LaudoSnapshot> = {}): LaudoSnapshot =>
  toLaudoSnapshot({
    state: 1,
    version: 1,
    userId: AUTHOR,
    doctorName: 'Dr. author',
    responsibleUserId: AUTHOR,
    hasInstitution: true,
    modalities: ['CR'],
    patientId: 'P1',
    studyIds: ['S1', 'S2'],
    contentEmpty: false,
    ...extra,
  });

const notStarted = { userId: null, doctorName: null, responsibleUserId: null, contentEmpty: true };
const opinionRequested = {
  opinionUserId: OPINION,
  opinionRequesterId: AUTHOR,
  opinionVersion: 1,
  opinionStatus: 0,
  resumeState: 1,
} as const;
const reviewed = { reviewUserId: REVIEWER, responsibleUserId: REVIEWER };
const narrated = { audioKey: 'audio/v1.webm' };

/** The situations of expected-table.md. */
export const SITUATIONS: Record<string, LaudoSnapshot> = {
  '0': inProgress({ state: 0, version: 0, ...notStarted }),
  '0+old': inProgress({ state: 0, version: 1, hasOldVersion: true, ...notStarted }),
  '1': inProgress(),
  '1n': inProgress({ hasInstitution: false }),
  '2': inProgress({ state: 2 }),
  '2r': inProgress({ state: 2, ...reviewed }),
  '3': inProgress({ state: 3, isDigitallySigned: true }),
  '3r': inProgress({ state: 3, isDigitallySigned: true, ...reviewed }),
  '4': inProgress({ state: 4, ...opinionRequested }),
  '5': inProgress({ state: 5, ...opinionRequested, opinionStatus: 1, opinionConclusion: 'Concordar' }),
  '11': inProgress({ state: 11, resumeState: 1 }),
  '12': inProgress({ state: 12, ...reviewed }),
  '13': inProgress({ state: 13, hasInstitution: false, ...opinionRequested }),
  '16': inProgress({ state: 16, hasInstitution: false, ...opinionRequested }),
  '17': inProgress({
    state: 17,
    hasInstitution: false,
    ...opinionRequested,
    opinionStatus: 1,
    opinionConclusion: 'Concordar',
  }),
  '20': inProgress({ state: 20, version: 0, ...notStarted }),
  '21': inProgress({ state: 21, version: 0, ...notStarted }),
  '22': inProgress({ state: 22, ...narrated }),
  '23': inProgress({ state: 23, ...narrated, transcriptionistUserId: TYPIST, responsibleUserId: TYPIST }),
  '24': inProgress({ state: 24, ...narrated, transcriptionistUserId: TYPIST }),
  '25': inProgress({ state: 25, ...narrated, transcriptionistUserId: TYPIST }),
};

/** A valid input for each action (as a user would send it). */
export const VALID_INPUT: { [A in LaudoAction]: ActionInputs[A] } = {
  start: undefined,
  restart: undefined,
  save: { contentEmpty: false },
  saveDraft: undefined,
  finish: undefined,
  requestReview: undefined,
  cancelReview: undefined,
  startReview: undefined,
  finishReview: undefined,
  requestOpinion: { opinionUserId: OPINION, description: 'Por favor, avalie a conclusão.' },
  cancelOpinion: undefined,
  giveOpinion: { status: 1, conclusion: 'Concordar', description: 'De acordo com o laudo.' },
  acceptOpinion: undefined,
  ignoreOpinion: undefined,
  narrate: { audioKey: 'audio/v2.webm' },
  startTyping: undefined,
  cancelTyping: undefined,
  finishTyping: { contentEmpty: false },
  startTypedReview: undefined,
  reopen: { motive: 'GRAMMAR_ERROR' },
  reopenReview: { motive: 'INCORRECT_RESULT' },
  sign: { hasPersonalKey: true, hasPassword: true },
  returnToNotStarted: undefined,
  changeDoctor: { doctorUserId: 'doctor-2', doctorName: 'Dr. Two' },
  associate: { studies: [{ studyId: 'S3', patientId: 'P1', modality: 'CR' }] },
  disassociate: { all: false, studyIds: ['S2'] },
  switchModel: { structuredType: 'OIT' },
  autoConclude: undefined,
  markExternal: undefined,
  assign: { doctorUserId: 'doctor-2', doctorName: 'Dr. Two' },
  reassign: { doctorUserId: 'doctor-2', doctorName: 'Dr. Two' },
};
