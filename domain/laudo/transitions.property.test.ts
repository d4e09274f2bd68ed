/**
 * Property test of the lifecycle on the domain model (issue 3): random sequences of random
 * actions by random actors with random (valid and invalid) inputs. Invariants after every
 * step: the state is one of the table's, versions only grow, a refused action changes
 * nothing (check is pure and nothing is applied), and exactly one user is responsible
 * whenever the state is not 0, 20 or 21.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Actor } from '../auth/permissions';
import { LAUDO_ACTIONS, type LaudoAction } from './actions';
import { PLATFORM_ACTOR, notStartedLaudo } from './snapshot';
import { ALL_LAUDO_STATES, LaudoState } from './states';
import {
  ADMIN,
  AUTHOR,
  DOCTOR_PERMISSIONS,
  OPINION,
  OTHER,
  REVIEWER,
  ROOT,
  SITUATIONS,
  TYPIST,
  VALID_INPUT,
  actor,
} from './test-support';
import { type LaudoSnapshot, allowedActions, apply, check } from './transitions';

const ACTORS: readonly Actor[] = [
  actor(AUTHOR, DOCTOR_PERMISSIONS),
  actor(OTHER, DOCTOR_PERMISSIONS),
  actor('doctor-no-perms', []),
  actor(REVIEWER, ['REPORTS_REVIEW', 'STUDIES_SAVE_REPORTS']),
  actor(OPINION, ['STUDIES_INSERT_LAUDO_OPINION', 'WORKLIST_INSERT_LAUDO_OPINION', 'STUDIES_SAVE_REPORTS']),
  actor(TYPIST, ['STUDIES_TRANSCRIBE_REPORTS']),
  actor(ADMIN, [], { isAccountAdmin: true }),
  actor(ROOT, [], { superRole: true }),
  PLATFORM_ACTOR,
];
const USER_IDS = ACTORS.map((a) => a.userId);

/** Candidate inputs per action: valid ones and broken ones. */
function inputArb(action: LaudoAction): fc.Arbitrary<unknown> {
  const user = fc.constantFrom(...USER_IDS, '');
  const text = fc.constantFrom('', 'ab', 'Texto da opinião', 'x'.repeat(256));
  switch (action) {
    case 'start':
    case 'restart':
      return fc.option(fc.record({ structuredType: fc.constantFrom('', 'OIT', 'SISMAMA') }), { nil: undefined });
    case 'save':
    case 'finishTyping':
      return fc.record({ contentEmpty: fc.boolean() });
    case 'requestOpinion':
      return fc.record({ opinionUserId: user, description: text });
    case 'giveOpinion':
      return fc.record({ status: fc.constantFrom(0, 1, 2, 3), conclusion: fc.constant('Concordar'), description: text });
    case 'narrate':
      return fc.record({ audioKey: fc.constantFrom('', 'audio/a.webm') });
    case 'reopen':
    case 'reopenReview':
      return fc.record(
        { motive: fc.constantFrom('WRONG_PATIENT_DATA', 'INCORRECT_RESULT', 'GRAMMAR_ERROR', 'OTHER', 'NONE'), text },
        { requiredKeys: ['motive'] },
      );
    case 'sign':
      return fc.record({ hasPersonalKey: fc.boolean(), hasPassword: fc.boolean() });
    case 'changeDoctor':
    case 'assign':
    case 'reassign':
      return fc.record({ doctorUserId: user, doctorName: fc.constant('Dr. X') });
    case 'associate':
      return fc.record({
        studies: fc.array(
          fc.record({
            studyId: fc.constantFrom('S2', 'S3', 'S4'),
            patientId: fc.constantFrom('P1', 'P2'),
            modality: fc.constantFrom('CR', 'MG', 'MR'),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      });
    case 'disassociate':
      return fc.record({ all: fc.boolean(), studyIds: fc.subarray(['S1', 'S2', 'S3', 'S4', 'S9']) });
    case 'switchModel':
      return fc.record({ structuredType: fc.constantFrom('', 'OIT', 'SISMAMA', 'OTHER') });
    case 'saveDraft':
    case 'finish':
    case 'requestReview':
    case 'cancelReview':
    case 'startReview':
    case 'finishReview':
    case 'cancelOpinion':
    case 'acceptOpinion':
    case 'ignoreOpinion':
    case 'startTyping':
    case 'cancelTyping':
    case 'startTypedReview':
    case 'returnToNotStarted':
    case 'autoConclude':
    case 'markExternal':
      return fc.constantFrom(undefined, { unexpected: true });
  }
}

/**
 * One step. Half the time an (actor, action) pair among those the table allows now, so
 * sequences go deep; otherwise any actor and any action, so refusals are exercised too.
 * The input is either a known-valid one or a random (often broken) one.
 */
const stepArb = fc.record({
  preferAllowed: fc.boolean(),
  validInput: fc.boolean(),
  actorIndex: fc.nat({ max: ACTORS.length - 1 }),
  pick: fc.noBias(fc.nat({ max: 10_000 })),
});

/** Every (actor, action) pair the table allows on `laudo`, platform actions included (memoised: reports repeat). */
const pairsCache = new Map<string, Array<[Actor, LaudoAction]>>();
function allowedPairs(laudo: LaudoSnapshot): Array<[Actor, LaudoAction]> {
  const key = JSON.stringify(laudo);
  const cached = pairsCache.get(key);
  if (cached) return cached;
  const pairs = ACTORS.flatMap((who) =>
    LAUDO_ACTIONS.filter((a) => (who === PLATFORM_ACTOR ? check(laudo, a, who).ok : allowedActions(laudo, who).includes(a))).map(
      (a): [Actor, LaudoAction] => [who, a],
    ),
  );
  pairsCache.set(key, pairs);
  return pairs;
}

/**
 * Where a sequence starts: a never-started report (of a random exam), or one of the
 * table's situations (so the deep states, 16 included, are exercised in every run).
 */
const initialArb: fc.Arbitrary<LaudoSnapshot> = fc.oneof(
  fc
    .record({
      hasInstitution: fc.boolean(),
      modalities: fc.constantFrom<string[]>(['CR'], ['MG'], ['DX', 'MG'], ['MR']),
      allowSismama: fc.boolean(),
    })
    .map((exam) => notStartedLaudo({ patientId: 'P1', studyIds: ['S1', 'S2'], ...exam })),
  fc.constantFrom(...Object.values(SITUATIONS)),
);

const HOLDERLESS: readonly LaudoState[] = [LaudoState.NOT_STARTED, LaudoState.AUTO_CONCLUDED, LaudoState.EXTERNAL_REPORT];

const visited = new Set<LaudoState>();
const accepted = new Set<LaudoAction>();

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** `gen` draws the random input of the action once it is chosen (reproducible from the seed). */
function runSequence(initial: LaudoSnapshot, steps: readonly Step[], gen: fc.GeneratorValue): void {
  let laudo = initial;
  for (const step of steps) {
    const pairs = step.preferAllowed ? allowedPairs(laudo) : [];
    const [who, action] =
      pairs[step.pick % Math.max(pairs.length, 1)] ??
      ([ACTORS[step.actorIndex], LAUDO_ACTIONS[step.pick % LAUDO_ACTIONS.length]] as [Actor, LaudoAction]);
    const input = (step.validInput ? VALID_INPUT[action] : gen(inputArb, action)) as never;

    // The snapshot is plain JSON, so its text is its identity (node's assert: jest's expect is too slow here).
    const before = JSON.stringify(laudo);
    const verdict = check(laudo, action, who, input);
    // check never changes the report, accepted or not.
    assert.equal(JSON.stringify(laudo), before);
    if (!verdict.ok) continue; // refused: nothing is applied, the report stays `before`

    const next = apply(laudo, action, who, input);
    assert.equal(JSON.stringify(laudo), before, 'apply returns a new report');
    assert.ok(ALL_LAUDO_STATES.includes(next.state), `unknown state ${next.state}`);
    assert.ok(next.version >= laudo.version, `version went down on ${action}`);
    if (next.state === LaudoState.NOT_STARTED && (action === 'assign' || action === 'reassign')) {
      // The orchestrator's assignee holds a not-started report (issue 18).
      assert.equal(next.responsibleUserId, (input as { doctorUserId: string }).doctorUserId);
    } else if (next.state === LaudoState.NOT_STARTED && laudo.state === LaudoState.NOT_STARTED) {
      assert.equal(next.responsibleUserId, laudo.responsibleUserId, `responsible user changed in 0 by ${action}`);
    } else if (HOLDERLESS.includes(next.state)) {
      assert.equal(next.responsibleUserId, null, `responsible user in ${next.state}`);
    } else {
      assert.ok(
        typeof next.responsibleUserId === 'string' && next.responsibleUserId !== '',
        `no responsible user in ${next.state}`,
      );
    }
    // A reviewing report is held by its reviewer; a report being typed by its typist.
    if (next.state === LaudoState.REVIEWING) assert.equal(next.responsibleUserId, next.reviewUserId);
    if (next.state === LaudoState.TYPING) assert.equal(next.responsibleUserId, next.transcriptionistUserId);
    // One opinion request per version, and only for the current one.
    if (next.opinionVersion !== null) assert.equal(next.opinionVersion, next.version);
    visited.add(next.state);
    accepted.add(action);
    laudo = next;
  }
}

describe('lifecycle properties (fast-check)', () => {
  it('hold over 1,000 random sequences of random actions by random actors', () => {
    // The sequences must go through the whole lifecycle: every state but 16 produced by an
    // action (no action produces 16, a legacy code, decision 004), and every action taken.
    const produced = ALL_LAUDO_STATES.filter((s) => s !== LaudoState.NO_INSTITUTION_OPINION_PENDING);
    const covered = () => produced.every((s) => visited.has(s)) && LAUDO_ACTIONS.every((a) => accepted.has(a));
    // 1,000 sequences, and 1,000 more while some action or state is missing, up to 5,000: a rare
    // one (the platform's 'assign', in state 0 only) was missed by 1,000 now and then.
    for (let runs = 0; runs === 0 || (runs < 5000 && !covered()); runs += 1000) {
      fc.assert(
        fc.property(
          initialArb,
          fc.array(stepArb, { minLength: 1, maxLength: 60, size: 'max' }),
          fc.gen(),
          (initial, steps, gen) => runSequence(initial, steps, gen),
        ),
        { numRuns: 1000 },
      );
    }
    expect([...visited].sort((a, b) => a - b)).toEqual([...produced].sort((a, b) => a - b));
    expect([...accepted].sort()).toEqual([...LAUDO_ACTIONS].sort());
  });
});
