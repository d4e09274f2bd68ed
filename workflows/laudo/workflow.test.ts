/**
 * laudoWorkflow against the real Temporal dev server (createLocal with the absolute path of
 * the `temporal` binary), with mocked activities.
 */
import { WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../domain/auth/permissions';
import { LaudoState } from '../../domain/laudo/states';
import type { LaudoActivities } from '../../activities/types';
import { testEnv } from '../../test/setup/env';
import { workflowBundle } from '../../worker/worker';
import { type LaudoRecord, type LaudoTransition, SEARCH_ATTRIBUTES, laudoWorkflowId, startUpdate, stateQuery } from './messages';
import type { laudoWorkflow } from './workflow';

jest.setTimeout(60_000);

let env: TestWorkflowEnvironment;
const projected: LaudoTransition[] = [];
const activities: LaudoActivities = {
  async commitTransition(t) {
    projected.push(t);
  },
};

const doctor: Actor = {
  userId: randomUUID(),
  name: 'Dr. A',
  permissions: ['STUDIES_SAVE_REPORTS'],
  isAccountAdmin: false,
  superRole: false,
};
const typist: Actor = {
  userId: randomUUID(),
  name: 'Typist',
  permissions: ['STUDIES_TRANSCRIBE_REPORTS'],
  isAccountAdmin: false,
  superRole: false,
};

function record(): LaudoRecord {
  return {
    laudoId: randomUUID(),
    accountId: randomUUID(),
    institutionId: randomUUID(),
    studyIds: [randomUUID()],
    state: LaudoState.NOT_STARTED,
    version: 0,
    userId: null,
    doctorName: null,
    structuredType: '',
    seq: 3,
  };
}

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: testEnv('temporalBin') },
      searchAttributes: Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => ({
        name,
        type: type.toUpperCase().replace('KEYWORDLIST', 'KEYWORD_LIST') as 'INT',
      })),
      extraArgs: ['--log-level', 'error'],
    },
  });
});

afterAll(async () => {
  await env?.teardown();
});

async function withWorker<T>(fn: (taskQueue: string) => Promise<T>): Promise<T> {
  const taskQueue = `wf-test-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
  });
  return worker.runUntil(fn(taskQueue));
}

function startWith(taskQueue: string, input: LaudoRecord, actor: Actor, updateId = randomUUID()) {
  return env.client.workflow.executeUpdateWithStart(startUpdate, {
    args: [{ actor }],
    updateId,
    startWorkflowOperation: new WithStartWorkflowOperation<typeof laudoWorkflow>('laudoWorkflow', {
      workflowId: laudoWorkflowId(input.laudoId),
      taskQueue,
      args: [input],
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

describe('laudoWorkflow start', () => {
  it('moves 0 → 1, ties the report to the starter and projects before the update returns', async () => {
    const input = record();
    const [result, state] = await withWorker(async (tq) => {
      const r = await startWith(tq, input, doctor);
      return [r, await env.client.workflow.getHandle(laudoWorkflowId(input.laudoId)).query(stateQuery)] as const;
    });
    expect(result).toMatchObject({
      state: LaudoState.IN_PROGRESS,
      userId: doctor.userId,
      doctorName: 'Dr. A',
      version: 1,
      seq: 4,
    });
    const mine = projected.filter((t) => t.record.laudoId === input.laudoId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ action: 'start', actorUserId: doctor.userId, record: { state: 1, seq: 4 } });
    expect(state.state).toBe(LaudoState.IN_PROGRESS);
  });

  it('refuses a user without STUDIES_SAVE_REPORTS before anything enters history', async () => {
    const input = record();
    await withWorker(async (tq) => {
      expect(await refusal(startWith(tq, input, typist))).toBe('FORBIDDEN_ACCESS');
      const handle = env.client.workflow.getHandle(laudoWorkflowId(input.laudoId));
      const history = await handle.fetchHistory();
      const updateEvents = (history.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
      expect(updateEvents).toHaveLength(0);
      expect((await handle.query(stateQuery)).state).toBe(LaudoState.NOT_STARTED);
    });
    expect(projected.some((t) => t.record.laudoId === input.laudoId)).toBe(false);
  });

  it('lets exactly one of two concurrent starts win; the other gets REPORT_CANNOT_START', async () => {
    const input = record();
    const other: Actor = { ...doctor, userId: randomUUID(), name: 'Dr. B' };
    const outcomes = await withWorker((tq) =>
      Promise.all([refusal(startWith(tq, input, doctor)), refusal(startWith(tq, input, other))]),
    );
    expect(outcomes.filter((o) => o === undefined)).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'REPORT_CANNOT_START')).toHaveLength(1);
    expect(projected.filter((t) => t.record.laudoId === input.laudoId)).toHaveLength(1);
  });

  it('answers a repeated request (same update id) once', async () => {
    const input = record();
    const updateId = randomUUID();
    const [a, b] = await withWorker(async (tq) => [
      await startWith(tq, input, doctor, updateId),
      await startWith(tq, input, doctor, updateId),
    ]);
    expect(a).toEqual(b);
    expect(projected.filter((t) => t.record.laudoId === input.laudoId)).toHaveLength(1);
  });
});
