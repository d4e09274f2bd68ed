/**
 * Records the laudo workflow histories replayed by workflows/laudo/replay.test.ts: one file
 * per path of the lifecycle under test/fixtures/histories/, each a run of laudoWorkflow
 * with the commit activity mocked, exported by the Temporal CLI (`temporal workflow show
 * --output json`, the format historyFromJSON reads).
 *
 * Run it when a deliberate, patched() change calls for new fixtures:
 *   npx tsx test/support/record-histories.ts
 * It rewrites the files of the current GENERATION only. The files of earlier generations stay:
 * they are what proves a patched change replays the histories of workflows already running
 * (laudo-*.json were recorded before docs/decisions/010, laudo-g2-*.json after it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client, Connection, WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Actor, Permission } from '../../domain/auth/permissions';
import { notStartedLaudo } from '../../domain/laudo/snapshot';
import type { LaudoAction } from '../../domain/laudo/transitions';
import { freePort, startTemporalDev } from '../../scripts/temporal-dev';
import { findTemporal } from '../../scripts/tools';
import { DOCTOR_PERMISSIONS } from './fixtures';
import { WORKER_TUNING, installRuntime, workflowBundle } from '../../worker/worker';
import { type ActionArgs, type LaudoRecord, laudoUpdates, laudoWorkflowId } from '../../workflows/laudo/messages';
import type { laudoWorkflow } from '../../workflows/laudo/workflow';

const OUT = path.resolve(__dirname, '..', 'fixtures', 'histories');
/** The prefix of this recording's files (bump it with the next patched change). */
const GENERATION = 'laudo-g2-';
const TASK_QUEUE = 'record-histories';

/** Fixed ids, so a re-recording differs from the last one only where the code changed. */
const id = (n: number) => `6f1c0b1e-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ACCOUNT = id(0xa1);
const INSTITUTION = id(0xb1);

const DOCTOR: Permission[] = [...DOCTOR_PERMISSIONS, 'STUDIES_SAVE_REPORTS_OIT'];
const person = (n: number, name: string, permissions: Permission[]): Actor => ({
  userId: id(0xd0 + n),
  name,
  permissions,
  isAccountAdmin: false,
  superRole: false,
});
const doctor = person(1, 'Dr. Fixture', DOCTOR);
const colleague = person(2, 'Dra. Colega', DOCTOR);
const reviewer = person(3, 'Dra. Revisora', [...DOCTOR, 'REPORTS_REVIEW']);
const typist = person(4, 'Digitador', ['STUDIES_TRANSCRIBE_REPORTS']);

/** A report never started, of study `c<n>` (CR, patient P1: OIT and association allowed). */
function newReport(n: number): LaudoRecord {
  return {
    ...notStartedLaudo({ studyIds: [id(0xc00 + n)], modalities: ['CR'], patientId: 'P1' }),
    laudoId: id(n),
    accountId: ACCOUNT,
    institutionId: INSTITUTION,
    seq: 0,
    contentId: null,
    reviewContentId: null,
  };
}

let texts = 0;
const text = (kind: 'report' | 'review' = 'report') => ({ id: id(0xe000 + ++texts), kind, empty: false });

async function main(): Promise<void> {
  installRuntime('WARN');
  const temporal = await startTemporalDev({ bin: findTemporal(process.env.TEMPORAL_CLI), port: await freePort(), uiPort: null });
  const connection = await Connection.connect({ address: temporal.address });
  try {
    const client = new Client({ connection });
    const worker = await Worker.create({
      ...WORKER_TUNING,
      connection: await NativeConnection.connect({ address: temporal.address }),
      taskQueue: TASK_QUEUE,
      workflowBundle: await workflowBundle(),
      activities: { commitTransition: async () => undefined },
    });

    let updates = 0;
    /** One action as the API sends it: update-with-start, USE_EXISTING. */
    const act = <A extends LaudoAction>(report: LaudoRecord, action: A, args: ActionArgs<A>): Promise<LaudoRecord> =>
      client.workflow.executeUpdateWithStart(laudoUpdates[action] as unknown as (typeof laudoUpdates)['start'], {
        args: [args as ActionArgs<'start'>],
        updateId: `${action}:${++updates}`,
        startWorkflowOperation: new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
          workflowId: laudoWorkflowId(report.laudoId),
          taskQueue: TASK_QUEUE,
          args: [report],
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      });
    /** An action the validator must refuse (nothing enters history): its code. */
    const refused = async <A extends LaudoAction>(report: LaudoRecord, action: A, args: ActionArgs<A>): Promise<string> => {
      try {
        await act(report, action, args);
      } catch (err) {
        if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) return err.cause.type ?? '';
        throw err;
      }
      throw new Error(`${action} was expected to be refused`);
    };
    const expectState = (r: LaudoRecord, state: number, what: string) => {
      if (r.state !== state) throw new Error(`${what}: state ${r.state}, expected ${state}`);
      return r;
    };
    const runIdOf = async (report: LaudoRecord) =>
      (await client.workflow.getHandle(laudoWorkflowId(report.laudoId)).describe()).runId;
    /** The run that follows `runId` once the workflow continued as new. */
    const nextRun = async (report: LaudoRecord, runId: string) => {
      for (let i = 0; i < 100; i++) {
        const now = await runIdOf(report);
        if (now !== runId) return now;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${laudoWorkflowId(report.laudoId)} did not continue as new`);
    };

    /** Histories to write: file name → workflow execution. */
    const recorded: { file: string; workflowId: string; runId: string }[] = [];
    const record = async (file: string, report: LaudoRecord, runId?: string) =>
      recorded.push({
        file: file.replace(/^laudo-/, GENERATION),
        workflowId: laudoWorkflowId(report.laudoId),
        runId: runId ?? (await runIdOf(report)),
      });

    await worker.runUntil(async () => {
      // start: a refused start (no permission), then two concurrent starts (one wins).
      {
        const r = newReport(1);
        await refused(r, 'start', { actor: typist });
        const outcomes = await Promise.allSettled([act(r, 'start', { actor: doctor }), act(r, 'start', { actor: colleague })]);
        if (outcomes.filter((o) => o.status === 'fulfilled').length !== 1) throw new Error('exactly one start should win');
        await record('laudo-start.json', r);
      }

      // review: save → request review → another doctor reviews → finish review.
      {
        const r = newReport(2);
        await act(r, 'start', { actor: doctor });
        await act(r, 'save', { actor: doctor, content: text() });
        expectState(await act(r, 'requestReview', { actor: doctor }), 11, 'requestReview');
        await refused(r, 'startReview', { actor: { ...doctor, permissions: [...DOCTOR, 'REPORTS_REVIEW'] } });
        expectState(await act(r, 'startReview', { actor: reviewer }), 12, 'startReview');
        expectState(await act(r, 'finishReview', { actor: reviewer, content: text('review') }), 2, 'finishReview');
        await record('laudo-review.json', r);
      }

      // opinion: request → give → accept, and request → give → ignore.
      for (const [n, decision, status] of [
        [3, 'acceptOpinion', 1],
        [4, 'ignoreOpinion', 2],
      ] as const) {
        const r = newReport(n);
        await act(r, 'start', { actor: doctor });
        await refused(r, 'requestOpinion', {
          actor: doctor,
          input: { opinionUserId: colleague.userId, description: 'Por favor' },
        });
        const opinion = { opinionUserId: colleague.userId, description: 'Avaliar nódulo' };
        expectState(await act(r, 'requestOpinion', { actor: doctor, content: text(), input: opinion }), 4, 'requestOpinion');
        const given = { status, description: 'Concordo com o achado' } as const;
        expectState(await act(r, 'giveOpinion', { actor: colleague, input: given }), 5, 'giveOpinion');
        expectState(await act(r, decision, { actor: doctor }), 1, decision);
        await record(`laudo-opinion-${decision === 'acceptOpinion' ? 'accept' : 'ignore'}.json`, r);
      }

      // narration: narrate → a typist types → the doctor reviews the typed text → finish.
      {
        const r = newReport(5);
        await act(r, 'start', { actor: doctor });
        expectState(await act(r, 'narrate', { actor: doctor, input: { audioKey: 'fixture/audio.mp3' } }), 22, 'narrate');
        expectState(await act(r, 'startTyping', { actor: typist }), 23, 'startTyping');
        expectState(await act(r, 'finishTyping', { actor: typist, content: text() }), 24, 'finishTyping');
        expectState(await act(r, 'startTypedReview', { actor: doctor }), 25, 'startTypedReview');
        expectState(await act(r, 'finish', { actor: doctor, content: text() }), 2, 'finish');
        await record('laudo-narration.json', r);
      }

      // reopen: finish → reopen ends the first run (continueAsNew); the next run, started by it,
      // goes on to its own reopen (continueAsNew on a new version).
      {
        const r = newReport(6);
        await act(r, 'start', { actor: doctor });
        await act(r, 'finish', { actor: doctor, content: text() });
        const first = await runIdOf(r);
        await refused(r, 'reopen', { actor: doctor, input: {} as never });
        const reopen = { motive: 'GRAMMAR_ERROR' } as const;
        expectState(await act(r, 'reopen', { actor: doctor, input: reopen, note: { motive: 'GRAMMAR_ERROR' } }), 1, 'reopen');
        const second = await nextRun(r, first);
        await act(r, 'save', { actor: doctor, content: text() });
        await act(r, 'finish', { actor: doctor, content: text() });
        expectState(await act(r, 'reopen', { actor: colleague, input: reopen, note: reopen }), 1, 'second reopen');
        await nextRun(r, second);
        await record('laudo-reopen-run1.json', r, first);
        await record('laudo-reopen-run2.json', r, second);
      }

      // association: two studies join, then leave: this study, then all.
      {
        const r = newReport(7);
        const [b, c] = [id(0xc107), id(0xc207)];
        await act(r, 'start', { actor: doctor });
        await refused(r, 'associate', { actor: doctor, input: { studies: [{ studyId: b, patientId: 'P2', modality: 'CR' }] } });
        await act(r, 'associate', {
          actor: doctor,
          input: {
            studies: [
              { studyId: b, patientId: 'P1', modality: 'CR' },
              { studyId: c, patientId: 'P1', modality: 'CR' },
            ],
          },
        });
        await act(r, 'disassociate', { actor: doctor, input: { all: false, studyIds: [b] } });
        const all = await act(r, 'disassociate', { actor: doctor, input: { all: true, studyIds: [] } });
        if (all.studyIds.length !== 1) throw new Error('disassociate all should leave one study');
        await record('laudo-association.json', r);
      }

      // return to not started, then a new start of the same version.
      {
        const r = newReport(8);
        await act(r, 'start', { actor: doctor });
        await act(r, 'save', { actor: doctor, content: text() });
        expectState(await act(r, 'returnToNotStarted', { actor: doctor }), 0, 'returnToNotStarted');
        expectState(await act(r, 'start', { actor: colleague }), 1, 'start again');
        await record('laudo-return-to-not-started.json', r);
      }

      // race: conflicting Updates at once (docs/decisions/010: each commit is an activity scheduled
      // after its acceptance). Two doctors reopen a finished report together, one wins (a new
      // run); then saves and finishes race in that run, one finish wins.
      {
        const r = newReport(10);
        await act(r, 'start', { actor: doctor });
        await act(r, 'finish', { actor: doctor, content: text() });
        const first = await runIdOf(r);
        const reopen = { motive: 'GRAMMAR_ERROR' } as const;
        const reopens = await Promise.allSettled(
          [doctor, colleague, doctor, colleague].map((actor) => act(r, 'reopen', { actor, input: reopen, note: reopen })),
        );
        const won = reopens.filter((o) => o.status === 'fulfilled');
        if (won.length !== 1) throw new Error('exactly one reopen should win');
        const executor = (won[0] as PromiseFulfilledResult<LaudoRecord>).value.userId === doctor.userId ? doctor : colleague;
        const second = await nextRun(r, first);
        const racing = await Promise.allSettled(
          [0, 1, 2, 3, 4, 5].map((i) =>
            act(r, i % 2 ? 'finish' : 'save', { actor: executor, content: text() } as ActionArgs<'save'>),
          ),
        );
        if (racing.filter((o) => o.status === 'fulfilled').length < 1) throw new Error('a finish should win');
        await record('laudo-race-run1.json', r, first);
        await record('laudo-race-run2.json', r, second);
      }

      // model switch: OIT (CR), SISMAMA refused, an unknown model changes nothing, back to free text.
      {
        const r = newReport(9);
        await act(r, 'start', { actor: doctor });
        await act(r, 'switchModel', { actor: doctor, input: { structuredType: 'OIT' } });
        await refused(r, 'switchModel', { actor: doctor, input: { structuredType: 'SISMAMA' } });
        await act(r, 'switchModel', { actor: doctor, input: { structuredType: 'XYZ' } });
        await act(r, 'switchModel', { actor: doctor, input: { structuredType: '' } });
        await record('laudo-switch-model.json', r);
      }
    });

    fs.mkdirSync(OUT, { recursive: true });
    for (const old of fs.readdirSync(OUT).filter((f) => f.startsWith(GENERATION) && f.endsWith('.json'))) {
      fs.rmSync(path.join(OUT, old));
    }
    for (const { file, workflowId, runId } of recorded) {
      // The CLI writes the standard JSON history format that historyFromJSON reads.
      const json = execFileSync(
        findTemporal(process.env.TEMPORAL_CLI),
        ['workflow', 'show', '--address', temporal.address, '-w', workflowId, '-r', runId, '--output', 'json'],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      const events: { eventType: string }[] = JSON.parse(json).events;
      fs.writeFileSync(path.join(OUT, file), json);
      console.log(
        `wrote ${path.relative(process.cwd(), path.join(OUT, file))} (${events.length} events, last ${events.at(-1)?.eventType})`,
      );
    }
  } finally {
    await connection.close();
    await temporal.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
