/** Report (laudo) state numbers of spec 1 §4 and the opinion states of spec 2 §4. */
export const LaudoState = {
  NOT_STARTED: 0,
  IN_PROGRESS: 1,
  CONCLUDED: 2,
  SIGNED: 3,
  OPINION_REQUESTED: 4,
  OPINION_DONE: 5,
  AWAITING_REVIEW: 11,
  REVIEWING: 12,
  NO_INSTITUTION_OPINION_REQUESTED: 13,
  NO_INSTITUTION_OPINION_PENDING: 16,
  NO_INSTITUTION_OPINION_DONE: 17,
  AUTO_CONCLUDED: 20,
  EXTERNAL_REPORT: 21,
  NARRATED: 22,
  TYPING: 23,
  TYPED: 24,
  REVIEWING_TYPED: 25,
} as const;

export type LaudoState = (typeof LaudoState)[keyof typeof LaudoState];

export const ALL_LAUDO_STATES: readonly LaudoState[] = Object.values(LaudoState);

export function isLaudoState(n: unknown): n is LaudoState {
  return typeof n === 'number' && (ALL_LAUDO_STATES as readonly number[]).includes(n);
}
