import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS, type Permission } from '../auth/permissions';
import { LAUDO_ACTIONS, type LaudoAction, isLaudoAction } from './actions';
import { PLATFORM_ACTOR, notStartedLaudo } from './snapshot';
import { ALL_LAUDO_STATES, LaudoState } from './states';
import {
  ADMIN,
  DOCTOR_PERMISSIONS,
  AUTHOR,
  OPINION,
  OTHER,
  REVIEWER,
  ROLES,
  type Role,
  SITUATIONS,
  TYPIST,
  VALID_INPUT,
  actor,
  inProgress,
  roleActor,
} from './test-support';
import { type LaudoSnapshot, allowedActions, apply, check, fromStates, isPlatformAction, nextState } from './transitions';

// ---------------------------------------------------------------------------------------
// The expected table, read from its markdown fixture.

interface ExpectedRow {
  needs: Permission[];
  allowed: Record<Role, string[]>;
}

function readExpectedTable(): Map<LaudoAction, ExpectedRow> {
  const text = readFileSync(join(__dirname, 'expected-table.md'), 'utf8');
  const header = text.split('\n').find((line) => /^\| action +\|/.test(line));
  if (!header) throw new Error('expected-table.md: no action table');
  const columns = header
    .split('|')
    .map((c) => c.trim())
    .slice(2, -1);
  expect(columns).toEqual(['needs', ...ROLES]);
  const rows = new Map<LaudoAction, ExpectedRow>();
  const list = (cell: string): string[] => (cell === '—' ? [] : cell.split(',').map((s) => s.trim()));
  for (const line of text.split('\n')) {
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .slice(1, -1);
    const [action, needs, ...byRole] = cells;
    if (!action || !isLaudoAction(action)) continue;
    expect(byRole).toHaveLength(ROLES.length);
    const permissions = list(needs ?? '');
    for (const p of permissions) expect(PERMISSIONS).toContain(p);
    rows.set(action, {
      needs: permissions as Permission[],
      allowed: Object.fromEntries(ROLES.map((role, i) => [role, list(byRole[i] ?? '')])) as Record<Role, string[]>,
    });
  }
  return rows;
}

const EXPECTED = readExpectedTable();
/** Situations in reading order ('0', '0+old', '1', '1n', '2', …): JS puts integer keys first. */
const bySituation = (a: string, b: string): number => parseInt(a) - parseInt(b) || a.localeCompare(b);
const SITUATION_NAMES = Object.keys(SITUATIONS).sort(bySituation);

describe('the expected table (expected-table.md)', () => {
  it('has one row per action and names only known situations', () => {
    expect([...EXPECTED.keys()].sort()).toEqual([...LAUDO_ACTIONS].sort());
    for (const row of EXPECTED.values()) {
      for (const situations of Object.values(row.allowed)) {
        for (const s of situations) expect(SITUATION_NAMES).toContain(s);
      }
    }
  });

  it('covers every report state', () => {
    const states = new Set(Object.values(SITUATIONS).map((l) => l.state));
    expect([...states].sort((a, b) => a - b)).toEqual([...ALL_LAUDO_STATES].sort((a, b) => a - b));
  });
});

describe('every situation × action × role through check', () => {
  const cases = LAUDO_ACTIONS.flatMap((action) => ROLES.map((role) => [action, role] as const));

  it.each(cases)('%s by %s', (action, role) => {
    const row = EXPECTED.get(action);
    if (!row) throw new Error(`no expected row for ${action}`);
    const who = roleActor(role, row.needs);
    const allowedIn = SITUATION_NAMES.filter((s) => {
      const laudo = SITUATIONS[s] as LaudoSnapshot;
      return check(laudo, action, who, VALID_INPUT[action]).ok;
    });
    expect(allowedIn).toEqual([...row.allowed[role]].sort(bySituation));
  });

  it('allowedActions agrees with check for every user role and situation (platform actions left out)', () => {
    // 'other doctor w/o' lacks a different permission per action: the walk above covers it.
    for (const role of ROLES.filter((r) => r !== 'other doctor w/o')) {
      const who = roleActor(role);
      for (const s of SITUATION_NAMES) {
        const laudo = SITUATIONS[s] as LaudoSnapshot;
        const expected = LAUDO_ACTIONS.filter(
          (a) => !isPlatformAction(a) && EXPECTED.get(a)?.allowed[role].includes(s),
        );
        expect({ role, s, actions: allowedActions(laudo, who) }).toEqual({ role, s, actions: expected });
      }
    }
  });
});

// ---------------------------------------------------------------------------------------
// Focused rules, each with its message.

const author = roleActor('author');
const other = roleActor('other doctor');
const reviewer = roleActor('reviewer');
const opinionDoctor = roleActor('opinion doctor');
const typist = roleActor('typist');
const admin = roleActor('account admin');
const root = roleActor('ROOT');
const at = (s: keyof typeof SITUATIONS): LaudoSnapshot => SITUATIONS[s] as LaudoSnapshot;

const refused = (code: string, reason: string) => ({ ok: false, code, reason });

describe('start and restart', () => {
  it('starts a never-started report as version 1, tied to the starter', () => {
    const next = apply(at('0'), 'start', other);
    expect(next).toMatchObject({ state: 1, version: 1, userId: OTHER, responsibleUserId: OTHER });
  });

  it('offers restart, not start, when archived versions exist; restart makes a new version', () => {
    expect(check(at('0+old'), 'start', author)).toEqual(refused('REPORT_CANNOT_START', 'rule'));
    expect(check(at('0'), 'restart', author)).toEqual(refused('REPORT_CANNOT_START', 'rule'));
    expect(apply(at('0+old'), 'restart', author)).toMatchObject({ state: 1, version: 2, userId: AUTHOR });
  });

  it('refuses a start from any other state with the spec title', () => {
    expect(check(at('1'), 'start', author)).toEqual(refused('REPORT_CANNOT_START', 'state'));
  });

  it('an account admin without STUDIES_SAVE_REPORTS may not start', () => {
    expect(check(at('0'), 'start', admin)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
  });

  it('keeps fields the caller holds beside the snapshot (the workflow record)', () => {
    const record = { ...at('0'), laudoId: 'L1', seq: 7 };
    expect(apply(record, 'start', author)).toMatchObject({ laudoId: 'L1', seq: 7, state: 1 });
  });

  it('accepts the old three-field record (cautious defaults) and still answers start', () => {
    expect(check({ state: 0, userId: null, version: 0 }, 'start', author)).toEqual({ ok: true });
    expect(nextState('start')).toBe(LaudoState.IN_PROGRESS);
  });
});

describe('finish and save', () => {
  it('refuses to finish an empty free-text report, but not an OIT/SISMAMA one', () => {
    expect(check(inProgress({ contentEmpty: true }), 'finish', author)).toEqual(refused('REPORT_EMPTY', 'rule'));
    expect(check(inProgress({ contentEmpty: true, structuredType: 'OIT' }), 'finish', author)).toEqual({ ok: true });
  });

  it('an OIT report is saved and finished with STUDIES_SAVE_REPORTS_OIT (or by an admin)', () => {
    const oit = inProgress({ structuredType: 'OIT' });
    const noOit = actor(
      AUTHOR,
      DOCTOR_PERMISSIONS.filter((p) => p !== 'STUDIES_SAVE_REPORTS_OIT'),
    );
    for (const action of ['finish', 'save'] as const) {
      const input = action === 'save' ? { contentEmpty: false } : undefined;
      expect(check(oit, action, noOit, input)).toEqual(refused('FORBIDDEN_ACCESS', 'rule'));
      expect(check(inProgress({ structuredType: 'SISMAMA' }), action, noOit, input)).toEqual({ ok: true });
      expect(check(oit, action, author, input)).toEqual({ ok: true });
      expect(check(oit, action, admin, input)).toEqual({ ok: true });
    }
  });

  it('only the starter or an account admin finishes; in review only the responsible reviewer', () => {
    expect(check(at('1'), 'finish', other)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(check(at('1'), 'finish', admin)).toEqual({ ok: true });
    expect(check(at('12'), 'finish', actor(AUTHOR, ['STUDIES_SAVE_REPORTS']))).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(check(at('12'), 'finish', author)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(check(at('12'), 'finish', reviewer)).toEqual({ ok: true });
    expect(check(at('12'), 'finish', admin)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
  });

  it('save records whether the text is now empty, and changes no state', () => {
    const next = apply(at('1'), 'save', author, { contentEmpty: true });
    expect(next).toMatchObject({ state: 1, contentEmpty: true, version: 1 });
    expect(check(at('1'), 'save', author, { contentEmpty: 'no' } as never)).toEqual(refused('MALFORMED_REQUEST', 'input'));
  });

  it('refuses to save a concluded report', () => {
    expect(check(at('2'), 'save', author, { contentEmpty: false })).toEqual(refused('REPORT_NOT_UPDATABLE', 'state'));
  });
});

describe('drafts', () => {
  it('never for OIT/SISMAMA', () => {
    for (const structuredType of ['OIT', 'SISMAMA'] as const) {
      expect(check(inProgress({ structuredType }), 'saveDraft', author)).toEqual(refused('REPORT_ACTION_NOT_ALLOWED', 'rule'));
    }
  });

  it('the author with save permission in 1/25, the reviewer in 12, the typist in 23, nobody else', () => {
    expect(check(at('25'), 'saveDraft', author).ok).toBe(true);
    expect(check(at('1'), 'saveDraft', actor(AUTHOR, []))).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(check(at('12'), 'saveDraft', reviewer).ok).toBe(true);
    // the typist keeps a draft of the transcription in 23; nobody else writes it then
    expect(check(at('23'), 'saveDraft', typist).ok).toBe(true);
    expect(check(at('23'), 'saveDraft', author)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(check(at('23'), 'saveDraft', actor('typist-2', ['STUDIES_TRANSCRIBE_REPORTS']))).toEqual(
      refused('REPORT_HELD_BY_OTHER_USER', 'party'),
    );
    expect(check(at('12'), 'saveDraft', author)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(check(at('1'), 'saveDraft', admin)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(apply(at('1'), 'saveDraft', author)).toEqual(at('1'));
  });
});

describe('review', () => {
  it('the reviewer must be someone other than the author', () => {
    expect(check(at('11'), 'startReview', author)).toEqual(refused('REVIEW_OF_OWN_REPORT', 'party'));
    expect(check(at('11'), 'startReview', reviewer)).toEqual({ ok: true });
  });

  it('needs REPORTS_REVIEW', () => {
    expect(check(at('11'), 'startReview', typist)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
  });

  it('the reviewer becomes responsible; only they finish the review', () => {
    const reviewing = apply(at('11'), 'startReview', reviewer);
    expect(reviewing).toMatchObject({ state: 12, reviewUserId: REVIEWER, responsibleUserId: REVIEWER, userId: AUTHOR });
    const otherReviewer = actor('reviewer-2', ['REPORTS_REVIEW']);
    expect(check(reviewing, 'finishReview', otherReviewer)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(apply(reviewing, 'finishReview', reviewer)).toMatchObject({ state: 2, reviewUserId: REVIEWER });
  });

  it('cancelReview: author only, back to the state the request came from (1 or 25)', () => {
    const fromTyped = apply(at('25'), 'requestReview', author);
    expect(fromTyped.state).toBe(11);
    expect(check(fromTyped, 'cancelReview', other)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(check(fromTyped, 'cancelReview', root)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(apply(fromTyped, 'cancelReview', author)).toMatchObject({ state: 25, resumeState: null });
  });
});

describe('second opinion', () => {
  const request = VALID_INPUT.requestOpinion;

  it('one per version: "Você já solicitou uma segunda opinião!"', () => {
    const requested = apply(at('1'), 'requestOpinion', author, request);
    expect(requested).toMatchObject({ state: 4, opinionUserId: OPINION, opinionVersion: 1, opinionStatus: 0 });
    expect(check(requested, 'requestOpinion', author, request)).toEqual(refused('OPINION_ALREADY_REQUESTED', 'rule'));
    // still after the opinion was given and ignored, in the same version
    const given = apply(requested, 'giveOpinion', opinionDoctor, VALID_INPUT.giveOpinion);
    const back = apply(given, 'ignoreOpinion', author);
    expect(back.state).toBe(1);
    expect(check(back, 'requestOpinion', author, request)).toEqual(refused('OPINION_ALREADY_REQUESTED', 'rule'));
  });

  it('a cancelled request may be made again (the request was withdrawn)', () => {
    const requested = apply(at('1'), 'requestOpinion', author, request);
    const cancelled = apply(requested, 'cancelOpinion', author);
    expect(cancelled).toMatchObject({ state: 1, opinionUserId: null, opinionVersion: null });
    expect(check(cancelled, 'requestOpinion', author, request)).toEqual({ ok: true });
  });

  it('not on an empty report: "Não é possível efetuar a operação pois o laudo está vazio"', () => {
    expect(check(inProgress({ contentEmpty: true }), 'requestOpinion', author, request)).toEqual(refused('REPORT_EMPTY', 'rule'));
  });

  it('not to oneself', () => {
    expect(check(at('1'), 'requestOpinion', author, { ...request, opinionUserId: AUTHOR })).toEqual(
      refused('OPINION_SELF_NOT_ALLOWED', 'input'),
    );
  });

  it('needs a chosen doctor and a description of 3 to 255 characters', () => {
    expect(check(at('1'), 'requestOpinion', author, { description: 'abc' } as never)).toEqual(
      refused('OPINION_FIELDS_MISSING', 'input'),
    );
    expect(check(at('1'), 'requestOpinion', author, { ...request, description: ' ab ' })).toEqual(
      refused('MIN_3_CHARS', 'input'),
    );
    expect(check(at('1'), 'requestOpinion', author, { ...request, description: 'x'.repeat(256) })).toEqual(
      refused('MAX_255_CHARS', 'input'),
    );
  });

  it('only the study responsible user requests (with STUDIES_CREATE_LAUDO_OPINION)', () => {
    expect(check(at('1'), 'requestOpinion', other, request)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(check(at('1'), 'requestOpinion', actor(AUTHOR, ['STUDIES_SAVE_REPORTS']), request)).toEqual(
      refused('FORBIDDEN_ACCESS', 'permission'),
    );
  });

  it('only the assigned doctor gives it; conclusion required ("Escolha uma conclusão"); 3+ characters', () => {
    const otherOpinion = actor('opinion-2', ['STUDIES_INSERT_LAUDO_OPINION']);
    expect(check(at('4'), 'giveOpinion', otherOpinion, VALID_INPUT.giveOpinion)).toEqual(
      refused('OPINION_FOR_OTHER_DOCTOR', 'party'),
    );
    expect(check(at('4'), 'giveOpinion', opinionDoctor, { description: 'De acordo.' } as never)).toEqual(
      refused('OPINION_CONCLUSION_REQUIRED', 'input'),
    );
    expect(check(at('4'), 'giveOpinion', opinionDoctor, { status: 0, description: 'De acordo.' } as never)).toEqual(
      refused('OPINION_CONCLUSION_REQUIRED', 'input'),
    );
    expect(check(at('4'), 'giveOpinion', opinionDoctor, { status: 2, description: 'ok' })).toEqual(
      refused('MIN_3_CHARS', 'input'),
    );
  });

  it('agreeing with an empty report is blocked; disagreeing is not', () => {
    const empty = inProgress({ ...at('4'), contentEmpty: true });
    expect(check(empty, 'giveOpinion', opinionDoctor, VALID_INPUT.giveOpinion)).toEqual(refused('REPORT_EMPTY', 'rule'));
    expect(check(empty, 'giveOpinion', opinionDoctor, { status: 2, description: 'Discordo.' })).toEqual({ ok: true });
  });

  it('an assigned account admin gives it without the permission; without institution the WORKLIST permission counts', () => {
    const assignedAdmin = inProgress({ ...at('4'), opinionUserId: ADMIN });
    expect(check(assignedAdmin, 'giveOpinion', admin, VALID_INPUT.giveOpinion)).toEqual({ ok: true });
    const worklistOnly = actor(OPINION, ['WORKLIST_INSERT_LAUDO_OPINION']);
    expect(check(at('13'), 'giveOpinion', worklistOnly, VALID_INPUT.giveOpinion)).toEqual({ ok: true });
    expect(check(at('4'), 'giveOpinion', worklistOnly, VALID_INPUT.giveOpinion)).toEqual(
      refused('FORBIDDEN_ACCESS', 'permission'),
    );
  });

  it('without institution: 1 → 13 → 17 → back; with institution 1 → 4 → 5 → back', () => {
    const requested = apply(at('1n'), 'requestOpinion', author, request);
    expect(requested.state).toBe(13);
    const given = apply(requested, 'giveOpinion', opinionDoctor, VALID_INPUT.giveOpinion);
    expect(given.state).toBe(17);
    expect(apply(given, 'acceptOpinion', author)).toMatchObject({ state: 1, hasOpinionSignature: true });
    expect(fromStates(at('1'), 'requestOpinion')).toEqual([1, 25, 4]);
    expect(fromStates(at('1n'), 'requestOpinion')).toEqual([1, 25, 13, 16]);
  });

  it('accepting gives both signatures; ignoring keeps only the report’s own; only the responsible doctor', () => {
    expect(apply(at('5'), 'acceptOpinion', author)).toMatchObject({ state: 1, hasOpinionSignature: true });
    expect(apply(at('5'), 'ignoreOpinion', author)).toMatchObject({ state: 1, hasOpinionSignature: false });
    expect(check(at('5'), 'acceptOpinion', opinionDoctor)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
  });
});

describe('narration and typing', () => {
  it('narrate needs STUDIES_SAVE_NARRATED_REPORTS and the audio reference', () => {
    expect(check(at('1'), 'narrate', actor(AUTHOR, ['STUDIES_SAVE_REPORTS']), VALID_INPUT.narrate)).toEqual(
      refused('FORBIDDEN_ACCESS', 'permission'),
    );
    expect(check(at('1'), 'narrate', author, { audioKey: '' })).toEqual(refused('MALFORMED_REQUEST', 'input'));
    expect(apply(at('1'), 'narrate', author, VALID_INPUT.narrate)).toMatchObject({ state: 22, audioKey: 'audio/v2.webm' });
  });

  it('the typist is recorded and holds the report; only that typist finishes', () => {
    const typing = apply(at('22'), 'startTyping', typist);
    expect(typing).toMatchObject({ state: 23, transcriptionistUserId: TYPIST, responsibleUserId: TYPIST });
    const otherTypist = actor('typist-2', ['STUDIES_TRANSCRIBE_REPORTS']);
    expect(check(typing, 'startTyping', otherTypist)).toEqual(refused('TRANSCRIPTION_CANNOT_START', 'state'));
    expect(check(typing, 'finishTyping', otherTypist, { contentEmpty: false })).toEqual(
      refused('REPORT_HELD_BY_OTHER_USER', 'party'),
    );
    // Only that typist gives the audio back (23 → 22); the narrating doctor holds it again.
    expect(check(typing, 'cancelTyping', otherTypist)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(apply(typing, 'cancelTyping', typist)).toMatchObject({
      state: 22,
      transcriptionistUserId: null,
      responsibleUserId: typing.userId,
    });
    const typed = apply(typing, 'finishTyping', typist, { contentEmpty: false });
    expect(typed).toMatchObject({ state: 24, responsibleUserId: AUTHOR });
  });

  it('only the narrating doctor starts the typed review', () => {
    expect(check(at('24'), 'startTypedReview', other)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(apply(at('24'), 'startTypedReview', author).state).toBe(25);
  });
});

describe('reopen', () => {
  it('requires one of the four reasons, and text for OTHER', () => {
    expect(check(at('2'), 'reopen', author, {} as never)).toEqual(refused('REOPEN_REASON_REQUIRED', 'input'));
    expect(check(at('2'), 'reopen', author, { motive: 'TYPO' } as never)).toEqual(refused('REOPEN_REASON_REQUIRED', 'input'));
    expect(check(at('2'), 'reopen', author, { motive: 'OTHER' })).toEqual(refused('MIN_3_CHARS', 'input'));
    expect(check(at('2'), 'reopen', author, { motive: 'OTHER', text: 'Exame trocado' })).toEqual({ ok: true });
    for (const motive of ['WRONG_PATIENT_DATA', 'INCORRECT_RESULT', 'GRAMMAR_ERROR'] as const) {
      expect(check(at('3'), 'reopen', author, { motive })).toEqual({ ok: true });
    }
  });

  it('opens a new version in 1 held by the reopener, with the old one archived', () => {
    const next = apply(at('3'), 'reopen', other, VALID_INPUT.reopen);
    expect(next).toMatchObject({
      state: 1,
      version: 2,
      hasOldVersion: true,
      userId: OTHER,
      responsibleUserId: OTHER,
      isDigitallySigned: false,
    });
  });

  it('with a reviewer it is a review reopen: → 12, the reviewer holds the new version', () => {
    expect(check(at('2r'), 'reopen', author, VALID_INPUT.reopen)).toEqual(refused('REOPEN_FAILED', 'rule'));
    expect(check(at('2'), 'reopenReview', author, VALID_INPUT.reopen)).toEqual(refused('REOPEN_FAILED', 'rule'));
    expect(apply(at('3r'), 'reopenReview', author, VALID_INPUT.reopen)).toMatchObject({
      state: 12,
      version: 2,
      userId: AUTHOR,
      reviewUserId: REVIEWER,
      responsibleUserId: REVIEWER,
    });
  });

  it('needs STUDIES_REOPEN_REPORTS and a concluded, signed or narrated report', () => {
    expect(check(at('2'), 'reopen', actor(AUTHOR, ['STUDIES_SAVE_REPORTS']), VALID_INPUT.reopen)).toEqual(
      refused('FORBIDDEN_ACCESS', 'permission'),
    );
    expect(check(at('1'), 'reopen', author, VALID_INPUT.reopen)).toEqual(refused('REOPEN_FAILED', 'state'));
  });
});

describe('sign', () => {
  it('without a registered A1 certificate: "Não há certificado A1 cadastrado para o Médico"', () => {
    expect(check(at('2'), 'sign', author, { hasPersonalKey: false, hasPassword: true } as never)).toEqual(
      refused('NO_A1_CERTIFICATE', 'input'),
    );
  });

  it('without a password', () => {
    expect(check(at('2'), 'sign', author, { hasPersonalKey: true, hasPassword: false } as never)).toEqual(
      refused('SIGN_PASSWORD_REQUIRED', 'input'),
    );
    expect(check(at('2'), 'sign', author)).toEqual(refused('MALFORMED_REQUEST', 'input'));
  });

  it('author only, from 2 only', () => {
    expect(check(at('2'), 'sign', root, VALID_INPUT.sign)).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
    expect(check(at('1'), 'sign', author, VALID_INPUT.sign)).toEqual(refused('SIGN_FAILED', 'state'));
    expect(apply(at('2'), 'sign', author, VALID_INPUT.sign)).toMatchObject({ state: 3, isDigitallySigned: true });
  });
});

describe('return to not started', () => {
  it('not from 2, 3, 12, 20, 21, 22, 23', () => {
    for (const s of ['2', '3', '12', '20', '21', '22', '23']) {
      expect(check(at(s), 'returnToNotStarted', author)).toEqual(refused('REPORT_ACTION_NOT_ALLOWED', 'state'));
    }
  });

  it('only when no old version exists', () => {
    const reopened = apply(at('2'), 'reopen', author, VALID_INPUT.reopen);
    expect(check(reopened, 'returnToNotStarted', author)).toEqual(refused('REPORT_ACTION_NOT_ALLOWED', 'rule'));
  });

  it('needs REPORT_RETURN_NOT_STARTED; clears the executor but keeps the version number', () => {
    expect(check(at('1'), 'returnToNotStarted', admin)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    const back = apply(at('1'), 'returnToNotStarted', author);
    expect(back).toMatchObject({ state: 0, userId: null, responsibleUserId: null, version: 1 });
    expect(apply(back, 'start', other)).toMatchObject({ state: 1, version: 1, userId: OTHER });
  });
});

describe('change doctor', () => {
  it('"Nenhum médico selecionado!" when none or the current one is chosen', () => {
    expect(check(at('1'), 'changeDoctor', author, {} as never)).toEqual(refused('NO_DOCTOR_SELECTED', 'input'));
    expect(check(at('1'), 'changeDoctor', author, { doctorUserId: AUTHOR, doctorName: 'Dr. author' })).toEqual(
      refused('NO_DOCTOR_SELECTED', 'input'),
    );
  });

  it('starter with STUDIES_CREATE_ASSOCIATE_REPORTS or account admin; the new doctor holds the report', () => {
    expect(check(at('1'), 'changeDoctor', actor(AUTHOR, ['STUDIES_SAVE_REPORTS']), VALID_INPUT.changeDoctor)).toEqual(
      refused('FORBIDDEN_ACCESS', 'permission'),
    );
    expect(check(at('1'), 'changeDoctor', other, VALID_INPUT.changeDoctor)).toEqual(
      refused('REPORT_HELD_BY_OTHER_USER', 'party'),
    );
    expect(apply(at('1'), 'changeDoctor', admin, VALID_INPUT.changeDoctor)).toMatchObject({
      userId: 'doctor-2',
      doctorName: 'Dr. Two',
      responsibleUserId: 'doctor-2',
      state: 1,
    });
  });
});

describe('association', () => {
  it('associates studies of the same patient and modality only', () => {
    expect(check(at('1'), 'associate', author, { studies: [{ studyId: 'S3', patientId: 'P2', modality: 'CR' }] })).toEqual(
      refused('ASSOCIATE_FAILED', 'rule'),
    );
    expect(check(at('1'), 'associate', author, { studies: [{ studyId: 'S3', patientId: 'P1', modality: 'MR' }] })).toEqual(
      refused('ASSOCIATE_FAILED', 'rule'),
    );
    expect(apply(at('1'), 'associate', author, VALID_INPUT.associate).studyIds).toEqual(['S1', 'S2', 'S3']);
  });

  it("disassociates 'this study' or 'all' in 1/12/25", () => {
    expect(apply(at('12'), 'disassociate', author, { all: false, studyIds: ['S1'] }).studyIds).toEqual(['S2']);
    expect(apply(at('1'), 'disassociate', author, { all: true }).studyIds).toEqual(['S1']);
    expect(check(at('2'), 'disassociate', author, { all: true })).toEqual(refused('DISASSOCIATE_FAILED', 'state'));
    expect(check(inProgress({ studyIds: ['S1'] }), 'disassociate', author, { all: true })).toEqual(
      refused('DISASSOCIATE_FAILED', 'rule'),
    );
    expect(check(at('1'), 'disassociate', author, { all: false, studyIds: ['S1', 'S2'] })).toEqual(
      refused('DISASSOCIATE_FAILED', 'rule'),
    );
    expect(check(at('1'), 'disassociate', author, { all: false, studyIds: ['S9'] })).toEqual(
      refused('MALFORMED_REQUEST', 'input'),
    );
    expect(check(at('1'), 'disassociate', other, { all: true })).toEqual(refused('REPORT_HELD_BY_OTHER_USER', 'party'));
  });
});

describe('switch model', () => {
  const mammography = inProgress({ modalities: ['MG'], allowSismama: true });

  it('SISMAMA needs a mammography study and ALLOW_REPORT_SISMAMA', () => {
    expect(check(mammography, 'switchModel', author, { structuredType: 'SISMAMA' })).toEqual({ ok: true });
    expect(check({ ...mammography, allowSismama: false }, 'switchModel', author, { structuredType: 'SISMAMA' })).toEqual(
      refused('MODEL_CHANGE_FAILED', 'rule'),
    );
    expect(check(at('1'), 'switchModel', author, { structuredType: 'SISMAMA' })).toEqual(refused('MODEL_CHANGE_FAILED', 'rule'));
  });

  it('OIT needs CR, DR or DX and STUDIES_SAVE_REPORTS_OIT', () => {
    for (const m of ['CR', 'DR', 'DX']) {
      expect(check(inProgress({ modalities: [m] }), 'switchModel', author, { structuredType: 'OIT' }).ok).toBe(true);
    }
    expect(check(mammography, 'switchModel', author, { structuredType: 'OIT' })).toEqual(refused('MODEL_CHANGE_FAILED', 'rule'));
    const noOit = actor(AUTHOR, ['STUDIES_SAVE_REPORTS']);
    expect(check(at('1'), 'switchModel', noOit, { structuredType: 'OIT' })).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(apply(at('1'), 'switchModel', author, { structuredType: 'OIT' }).structuredType).toBe('OIT');
  });

  it('back to free text always; anything else changes nothing; only in 1/25', () => {
    const oit = inProgress({ structuredType: 'OIT' });
    expect(apply(oit, 'switchModel', author, { structuredType: '' }).structuredType).toBe('');
    expect(check(oit, 'switchModel', author, { structuredType: 'DICOM-SR' })).toEqual({ ok: true });
    expect(apply(oit, 'switchModel', author, { structuredType: 'DICOM-SR' })).toEqual(oit);
    expect(check(at('12'), 'switchModel', author, { structuredType: '' })).toEqual(refused('MODEL_CHANGE_FAILED', 'state'));
  });

  it('start may choose the model under the same conditions', () => {
    expect(check(at('0'), 'start', author, { structuredType: 'SISMAMA' })).toEqual(refused('MODEL_CHANGE_FAILED', 'rule'));
    expect(apply(at('0'), 'start', author, { structuredType: 'OIT' }).structuredType).toBe('OIT');
  });
});

describe('platform states', () => {
  it('only the platform auto-concludes or marks a report external, from 0', () => {
    expect(check(notStartedLaudo(), 'autoConclude', root)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(apply(notStartedLaudo(), 'autoConclude', PLATFORM_ACTOR).state).toBe(20);
    expect(apply(notStartedLaudo(), 'markExternal', PLATFORM_ACTOR).state).toBe(21);
    expect(check(at('1'), 'markExternal', PLATFORM_ACTOR)).toEqual(refused('REPORT_ACTION_NOT_ALLOWED', 'state'));
  });

  it('the platform takes no user action, and allowedActions never lists platform actions', () => {
    expect(check(notStartedLaudo(), 'start', PLATFORM_ACTOR)).toEqual(refused('FORBIDDEN_ACCESS', 'permission'));
    expect(allowedActions(notStartedLaudo(), PLATFORM_ACTOR)).toEqual([]);
    // The orchestrator's assignment is the platform's; a coordinator's reassignment is a user action.
    expect(allowedActions(notStartedLaudo(), root)).toEqual(['start', 'reassign']);
  });
});

describe('apply is pure', () => {
  it('does not touch its argument', () => {
    for (const [name, laudo] of Object.entries(SITUATIONS)) {
      const before = structuredClone(laudo);
      for (const action of LAUDO_ACTIONS) {
        for (const who of [author, other, reviewer, opinionDoctor, typist, admin, root, PLATFORM_ACTOR]) {
          if (check(laudo, action, who, VALID_INPUT[action]).ok) apply(laudo, action, who, VALID_INPUT[action]);
        }
      }
      expect({ name, laudo }).toEqual({ name, laudo: before });
    }
  });
});

describe('allowedActions with the text the editor sends', () => {
  it('offers finish and opinion on an empty stored text only when the text comes with the call', () => {
    const author = actor(AUTHOR, DOCTOR_PERMISSIONS);
    const started = apply(notStartedLaudo({ studyIds: ['S1'] }), 'start', author);
    expect(allowedActions(started, author)).not.toContain('finish');
    expect(allowedActions(started, author, { textSent: true })).toEqual(expect.arrayContaining(['finish', 'requestOpinion']));
  });
});
