/**
 * laudoWorkflow against the real Temporal dev server (createLocal with the absolute path of
 * the `temporal` binary), with a mocked commit activity: every path of the lifecycle.
 */
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { Actor, Permission } from '../../domain/auth/permissions';
import { notStartedLaudo } from '../../domain/laudo/snapshot';
import { LaudoState as S } from '../../domain/laudo/states';
import type { LaudoAction } from '../../domain/laudo/transitions';
import type { LaudoActivities } from '../../activities/types';
import { testEnv } from '../../test/setup/env';
import { DOCTOR_PERMISSIONS } from '../../test/support/fixtures';
import { WORKER_TUNING, workflowBundle } from '../../worker/worker';
import { dynamicConfigArgs } from '../../scripts/temporal-dev';
import {
  type ActionArgs,
  type LaudoRecord,
  type LaudoTransition,
  SEARCH_ATTRIBUTES,
  laudoUpdates,
  laudoWorkflowId,
  stateQuery,
} from './messages';
import type { laudoWorkflow } from './workflow';

jest.setTimeout(120_000);

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `wf-test-${randomUUID()}`;
const commits: LaudoTransition[] = [];
const activities: LaudoActivities = {
  async commitTransition(t) {
    commits.push(t);
  },
};

const DOCTOR: Permission[] = [...DOCTOR_PERMISSIONS, 'STUDIES_SAVE_REPORTS_OIT'];
const person = (name: string, permissions: Permission[]): Actor => ({
  userId: randomUUID(),
  name,
  permissions,
  isAccountAdmin: false,
  superRole: false,
});
const doctor = person('Dr. A', DOCTOR);
const colleague = person('Dr. B', DOCTOR);
const reviewer = person('Dra. R', [...DOCTOR, 'REPORTS_REVIEW']);
const typist = person('Typist', ['STUDIES_TRANSCRIBE_REPORTS']);

function newReport(extra: Partial<LaudoRecord> = {}): LaudoRecord {
  return {
    ...notStartedLaudo({ studyIds: [randomUUID()], modalities: ['CR'], patientId: 'P1' }),
    laudoId: randomUUID(),
    accountId: randomUUID(),
    institutionId: randomUUID(),
    seq: 3,
    contentId: null,
    reviewContentId: null,
    ...extra,
  };
}

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: testEnv('temporalBin') },
      searchAttributes: Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => ({
        name,
        type: type === 'KeywordList' ? 'KEYWORD_LIST' : (type.toUpperCase() as 'INT' | 'KEYWORD' | 'DATETIME'),
      })),
      extraArgs: ['--log-level', 'error', ...dynamicConfigArgs()],
    },
  });
  worker = await Worker.create({
    ...WORKER_TUNING,
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
});

/** Runs an action (creating the workflow on the first one) and returns the report after it. */
function act<A extends LaudoAction>(report: LaudoRecord, action: A, args: ActionArgs<A>): Promise<LaudoRecord> {
  return env.client.workflow.executeUpdateWithStart(laudoUpdates[action] as unknown as (typeof laudoUpdates)['start'], {
    args: [args as ActionArgs<'start'>],
    updateId: randomUUID(),
    startWorkflowOperation: new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
      workflowId: laudoWorkflowId(report.laudoId),
      taskQueue,
      args: [report],
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  });
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) return err.cause.type ?? undefined;
    throw err;
  }
}

const text = (empty = false) => ({ id: randomUUID(), kind: 'report' as const, empty });
const committed = (r: LaudoRecord) => commits.filter((c) => c.record.laudoId === r.laudoId);

describe('start', () => {
  it('moves 0 → 1, ties the report to the starter and commits before the update returns', async () => {
    const r = newReport();
    const after = await act(r, 'start', { actor: doctor });
    expect(after).toMatchObject({
      state: S.IN_PROGRESS,
      userId: doctor.userId,
      doctorName: 'Dr. A',
      responsibleUserId: doctor.userId,
      version: 1,
      seq: 4,
    });
    expect(committed(r)).toHaveLength(1);
    expect(committed(r)[0]).toMatchObject({ action: 'start', actorUserId: doctor.userId, before: { state: 0, version: 0 } });
    expect((await env.client.workflow.getHandle(laudoWorkflowId(r.laudoId)).query(stateQuery)).state).toBe(S.IN_PROGRESS);
  });

  it('refuses a user without STUDIES_SAVE_REPORTS before anything enters history', async () => {
    const r = newReport();
    expect(await refusal(act(r, 'start', { actor: typist }))).toBe('FORBIDDEN_ACCESS');
    const history = await env.client.workflow.getHandle(laudoWorkflowId(r.laudoId)).fetchHistory();
    expect((history.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(0);
    expect(committed(r)).toHaveLength(0);
  });

  it('keeps one frame of a stack in the workflow context: an error keeps its top frame, a promise no source-mapped stack (ADR 050)', async () => {
    const r = newReport();
    const failure = await act(r, 'start', { actor: typist }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(WorkflowUpdateFailedError);
    const frames = ((failure as WorkflowUpdateFailedError).cause?.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
    expect(frames).toHaveLength(1);
    // The stack-trace query's stacks come from the frames the promise hook captured: none past its own.
    await act(r, 'start', { actor: doctor });
    const stacks = await env.client.workflow.getHandle(laudoWorkflowId(r.laudoId)).query<string>('__stack_trace');
    expect(stacks).not.toMatch(/laudo\/workflow\.ts/);
  });

  it('lets exactly one of two concurrent starts win; the other gets REPORT_CANNOT_START', async () => {
    const r = newReport();
    const outcomes = await Promise.all([
      refusal(act(r, 'start', { actor: doctor })),
      refusal(act(r, 'start', { actor: colleague })),
    ]);
    expect(outcomes.sort()).toEqual(['REPORT_CANNOT_START', undefined]);
    expect(committed(r)).toHaveLength(1);
  });

  it('answers a repeated request (same update id) once', async () => {
    const r = newReport();
    const op = () =>
      env.client.workflow.executeUpdateWithStart(laudoUpdates.start, {
        args: [{ actor: doctor }],
        updateId: `start-${r.laudoId}`,
        startWorkflowOperation: new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
          workflowId: laudoWorkflowId(r.laudoId),
          taskQueue,
          args: [r],
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      });
    expect(await op()).toEqual(await op());
    expect(committed(r)).toHaveLength(1);
  });
});

describe('paths', () => {
  it('review: save → request review → another doctor reviews → finish review', async () => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    const saved = await act(r, 'save', { actor: doctor, content: text() });
    expect(saved.contentEmpty).toBe(false);
    expect(saved.contentId).not.toBeNull();
    expect((await act(r, 'requestReview', { actor: doctor })).state).toBe(S.AWAITING_REVIEW);
    expect(await refusal(act(r, 'startReview', { actor: { ...doctor, permissions: [...DOCTOR, 'REPORTS_REVIEW'] } }))).toBe(
      'REVIEW_OF_OWN_REPORT',
    );
    const reviewing = await act(r, 'startReview', { actor: reviewer });
    expect(reviewing).toMatchObject({ state: S.REVIEWING, reviewUserId: reviewer.userId, responsibleUserId: reviewer.userId });
    expect(await refusal(act(r, 'finish', { actor: doctor, content: text() }))).toBeDefined();
    const done = await act(r, 'finishReview', { actor: reviewer, content: { ...text(), kind: 'review' } });
    expect(done.state).toBe(S.CONCLUDED);
    expect(done.reviewContentId).not.toBeNull();
    expect(committed(r).map((c) => c.action)).toEqual(['start', 'save', 'requestReview', 'startReview', 'finishReview']);
  });

  it('cancel a review request (author only) goes back to in progress', async () => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    await act(r, 'requestReview', { actor: doctor, content: text() });
    expect(await refusal(act(r, 'cancelReview', { actor: colleague }))).toBeDefined();
    expect((await act(r, 'cancelReview', { actor: doctor })).state).toBe(S.IN_PROGRESS);
  });

  it.each([
    [1, 'agree, included', 'acceptOpinion', true],
    [2, 'disagree with impact, ignored', 'ignoreOpinion', false],
    [3, 'disagree without impact, included', 'acceptOpinion', true],
  ] as const)('second opinion: %s (%s)', async (status, _label, decision, bothSignatures) => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    expect(
      await refusal(
        act(r, 'requestOpinion', { actor: doctor, input: { opinionUserId: colleague.userId, description: 'Por favor' } }),
      ),
    ).toBe('REPORT_EMPTY');
    expect(
      await refusal(
        act(r, 'requestOpinion', {
          actor: doctor,
          content: text(),
          input: { opinionUserId: doctor.userId, description: 'Por favor' },
        }),
      ),
    ).toBe('OPINION_SELF_NOT_ALLOWED');
    const asked = await act(r, 'requestOpinion', {
      actor: doctor,
      content: text(),
      input: { opinionUserId: colleague.userId, description: 'Avaliar nódulo' },
    });
    expect(asked).toMatchObject({ state: S.OPINION_REQUESTED, opinionUserId: colleague.userId, opinionStatus: 0 });
    expect(
      await refusal(act(r, 'giveOpinion', { actor: reviewer, input: { status, description: 'Concordo com o achado' } })),
    ).toBeDefined();
    expect(await refusal(act(r, 'giveOpinion', { actor: colleague, input: { status, description: 'ok' } }))).toBe('MIN_3_CHARS');
    const given = await act(r, 'giveOpinion', { actor: colleague, input: { status, description: 'Concordo com o achado' } });
    expect(given).toMatchObject({ state: S.OPINION_DONE, opinionStatus: status });
    const back = await act(r, decision, { actor: doctor });
    expect(back).toMatchObject({ state: S.IN_PROGRESS, hasOpinionSignature: bothSignatures });
    expect(
      await refusal(
        act(r, 'requestOpinion', { actor: doctor, input: { opinionUserId: colleague.userId, description: 'De novo' } }),
      ),
    ).toBe('OPINION_ALREADY_REQUESTED');
  });

  it('narration → typing → typed review → finish', async () => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    expect((await act(r, 'narrate', { actor: doctor, input: { audioKey: 'a/b.mp3' } })).state).toBe(S.NARRATED);
    const typing = await act(r, 'startTyping', { actor: typist });
    expect(typing).toMatchObject({ state: S.TYPING, transcriptionistUserId: typist.userId, responsibleUserId: typist.userId });
    const otherTypist = person('Typist 2', ['STUDIES_TRANSCRIBE_REPORTS']);
    expect(await refusal(act(r, 'finishTyping', { actor: otherTypist, content: text() }))).toBeDefined();
    const typed = await act(r, 'finishTyping', { actor: typist, content: text() });
    expect(typed).toMatchObject({ state: S.TYPED, responsibleUserId: doctor.userId, contentEmpty: false });
    expect((await act(r, 'startTypedReview', { actor: doctor })).state).toBe(S.REVIEWING_TYPED);
    expect((await act(r, 'finish', { actor: doctor, content: text() })).state).toBe(S.CONCLUDED);
  });

  it('reopen archives the version, starts a new one and a new run (continueAsNew)', async () => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    await act(r, 'finish', { actor: doctor, content: text() });
    const handle = env.client.workflow.getHandle(laudoWorkflowId(r.laudoId));
    const firstRun = (await handle.describe()).runId;
    expect(await refusal(act(r, 'reopen', { actor: doctor, input: {} as never }))).toBe('REOPEN_REASON_REQUIRED');
    const reopened = await act(r, 'reopen', {
      actor: doctor,
      input: { motive: 'GRAMMAR_ERROR' },
      note: { motive: 'GRAMMAR_ERROR' },
    });
    expect(reopened).toMatchObject({ state: S.IN_PROGRESS, version: 2, hasOldVersion: true });
    const commit = committed(r).at(-1)!;
    expect(commit).toMatchObject({
      action: 'reopen',
      before: { version: 1, state: S.CONCLUDED },
      note: { motive: 'GRAMMAR_ERROR' },
    });
    // The new version runs in a new run whose input is the report as it stands.
    let secondRun = firstRun;
    for (let i = 0; i < 50 && secondRun === firstRun; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      secondRun = (await env.client.workflow.getHandle(laudoWorkflowId(r.laudoId)).describe()).runId;
    }
    expect(secondRun).not.toBe(firstRun);
    expect(await env.client.workflow.getHandle(laudoWorkflowId(r.laudoId)).query(stateQuery)).toMatchObject({
      version: 2,
      state: S.IN_PROGRESS,
    });
    // Actions go on in the new run.
    expect((await act(r, 'finish', { actor: doctor, content: text() })).state).toBe(S.CONCLUDED);
    expect(await refusal(act(r, 'returnToNotStarted', { actor: doctor }))).toBeDefined();
  });

  it('association and disassociation (this study, then all)', async () => {
    const r = newReport();
    const [b, c] = [randomUUID(), randomUUID()];
    await act(r, 'start', { actor: doctor });
    expect(
      await refusal(
        act(r, 'associate', { actor: doctor, input: { studies: [{ studyId: b, patientId: 'P2', modality: 'CR' }] } }),
      ),
    ).toBe('ASSOCIATE_FAILED');
    const joined = await act(r, 'associate', {
      actor: doctor,
      input: {
        studies: [
          { studyId: b, patientId: 'P1', modality: 'CR' },
          { studyId: c, patientId: 'P1', modality: 'CR' },
        ],
      },
    });
    expect(joined.studyIds).toEqual([r.studyIds[0], b, c]);
    const one = await act(r, 'disassociate', { actor: doctor, input: { all: false, studyIds: [b] } });
    expect(one.studyIds).toEqual([r.studyIds[0], c]);
    expect(committed(r).at(-1)!.detached).toEqual([{ studyId: b, laudoId: expect.any(String) }]);
    const all = await act(r, 'disassociate', { actor: doctor, input: { all: true } });
    expect(all.studyIds).toEqual([r.studyIds[0]]);
    expect(
      committed(r)
        .at(-1)!
        .detached.map((d) => d.studyId),
    ).toEqual([c]);
  });

  it('return to not started clears the report; a later start reuses the version', async () => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    await act(r, 'save', { actor: doctor, content: text() });
    const back = await act(r, 'returnToNotStarted', { actor: doctor });
    expect(back).toMatchObject({ state: S.NOT_STARTED, userId: null, contentId: null, responsibleUserId: null });
    expect(await act(r, 'start', { actor: colleague })).toMatchObject({
      state: S.IN_PROGRESS,
      userId: colleague.userId,
      version: 1,
    });
  });

  it('model switch: OIT on CR, SISMAMA refused without MG, anything else changes nothing', async () => {
    const r = newReport();
    await act(r, 'start', { actor: doctor });
    expect((await act(r, 'switchModel', { actor: doctor, input: { structuredType: 'OIT' } })).structuredType).toBe('OIT');
    expect(await refusal(act(r, 'switchModel', { actor: doctor, input: { structuredType: 'SISMAMA' } }))).toBe(
      'MODEL_CHANGE_FAILED',
    );
    expect((await act(r, 'switchModel', { actor: doctor, input: { structuredType: 'XYZ' } })).structuredType).toBe('OIT');
    expect((await act(r, 'switchModel', { actor: doctor, input: { structuredType: '' } })).structuredType).toBe('');
  });

  it('platform states 20 and 21 are set by the platform only', async () => {
    const { PLATFORM_ACTOR } = await import('../../domain/laudo/snapshot');
    const r = newReport();
    expect(await refusal(act(r, 'autoConclude', { actor: { ...doctor, superRole: true } }))).toBe('FORBIDDEN_ACCESS');
    expect((await act(r, 'autoConclude', { actor: PLATFORM_ACTOR })).state).toBe(S.AUTO_CONCLUDED);
    const e = newReport();
    expect((await act(e, 'markExternal', { actor: PLATFORM_ACTOR })).state).toBe(S.EXTERNAL_REPORT);
  });
});
