/**
 * Issue 18, the orchestrator against the whole platform: its filters' rules answered with their
 * codes and messages, ORCHESTRATOR_MANAGE, another account's ids; a study arriving over STOW-RS
 * is given, after its stable point, to the doctor a filter names — never to one off shift —
 * through the laudo workflow's 'assign' Update (in its Temporal history), with the decision line
 * in the study history; a coordinator reassigns it by hand; a paused orchestrator gives nothing.
 */
import { Client, Connection } from '@temporalio/client';
import { wallClock } from '../../domain/auth/shifts';
import { errorMessage } from '../../domain/errors';
import { laudoWorkflowId } from '../../workflows/laudo/messages';
import { testEnv } from '../setup/env';
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let connection: Connection;
let temporal: Client;

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      admin: [],
      uploader: ['STUDIES_UPLOAD_DICOM'],
      onShift: ['STUDIES_SAVE_REPORTS'],
      offShift: ['STUDIES_SAVE_REPORTS'],
      second: ['STUDIES_SAVE_REPORTS'],
      member: [],
    },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { stranger: ['STUDIES_SAVE_REPORTS'] } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  // The off-shift doctor's role has a schedule whose only period is on another weekday.
  const { time_zone: zone } = await suite.knex('accounts').where({ id: t.accountId }).first('time_zone');
  const elsewhere = (wallClock(new Date(), zone as string).weekday + 3) % 7;
  const [schedule] = await suite
    .knex('shift_schedules')
    .insert({
      account_id: t.accountId,
      name: 'Outro dia',
      periods: JSON.stringify([{ weekday: elsewhere, start: '00:00', end: '23:59' }]),
    })
    .returning('id');
  await suite.knex('roles').where({ account_id: t.accountId, name: 'role-offShift' }).update({ schedule_id: schedule.id });
  Object.assign(tokens, await loginTokens(api, { admin: t.users.admin!, uploader: t.users.uploader!, member: t.users.member! }));
  connection = await Connection.connect({ address: testEnv('temporalAddress') });
  temporal = new Client({ connection });
});

afterAll(async () => {
  await connection?.close();
});

const filter = (extra: Record<string, unknown> = {}) => ({
  name: `TC ${Math.random().toString(36).slice(2, 8)}`,
  modalities: ['CT'],
  members: [
    { kind: 'user', id: t.users.offShift!.id, percentage: 90 },
    { kind: 'user', id: t.users.onShift!.id, percentage: 10 },
  ],
  ...extra,
});

describe('filters', () => {
  it('need ORCHESTRATOR_MANAGE', async () => {
    const res = await as('member', 'GET', '/orchestrator');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CANNOT_MANAGE_ORCHESTRATOR');
  });

  it('answer each rule of spec 3 §5 with its code and message', async () => {
    const refused = async (body: unknown, code: string) => {
      const res = await as('admin', 'POST', '/orchestrator/filters', body);
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 400,
        error: { code, description: errorMessage(code as 'ORCHESTRATOR_MODALITY_REQUIRED') },
      });
    };
    await refused(filter({ modalities: [] }), 'ORCHESTRATOR_MODALITY_REQUIRED');
    await refused(
      filter({
        members: [
          { kind: 'user', id: t.users.onShift!.id, percentage: 60 },
          { kind: 'user', id: t.users.offShift!.id, percentage: 41 },
        ],
      }),
      'ORCHESTRATOR_PERCENTAGE_OVER_100',
    );
    await refused(
      filter({ seniority: true, members: [{ kind: 'user', id: t.users.onShift!.id, percentage: 50 }] }),
      'ORCHESTRATOR_SENIORITY_NEEDS_USERS',
    );
    await refused(filter({ members: [], active: true }), 'ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER');

    // Saved inactive without members, it cannot be switched on until it has one.
    const made = await as('admin', 'POST', '/orchestrator/filters', filter({ members: [] }));
    expect(made.status).toBe(201);
    const on = await as('admin', 'PUT', `/orchestrator/filters/${made.body.filter.id}/active`, { active: true });
    expect(on.body.error.code).toBe('ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER');
    expect((await as('admin', 'DELETE', `/orchestrator/filters/${made.body.filter.id}`)).status).toBe(204);
  });

  it("another account's user as a member is not found", async () => {
    const res = await as(
      'admin',
      'POST',
      '/orchestrator/filters',
      filter({ members: [{ kind: 'user', id: other.users.stranger!.id, percentage: 50 }] }),
    );
    expect(res.status).toBe(404);
  });
});

describe('distribution on arrival', () => {
  let filterId: string;
  beforeAll(async () => {
    const res = await as('admin', 'POST', '/orchestrator/filters', filter({ name: 'Tomografia', active: true }));
    expect(res.status).toBe(201);
    filterId = res.body.filter.id;
  });

  const arrive = async (patientId: string) => {
    const study = makeStudy({ series: 1, perSeries: 2, modalities: ['CT'], patientId, patientName: 'Souza^Ana' });
    expect((await stow(suite.platform.url, tokens.uploader!, study.files)).status).toBe(200);
    return suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id', 'laudo_id');
  };

  it('gives the study to the doctor on shift, never to the one off shift, through the laudo workflow', async () => {
    const study = await arrive('P-ORQ-1');
    // The off-shift doctor has 90 %: the share would pick them first, the shift rule does not.
    const laudo = await eventually(
      () => suite.knex('laudos').where({ id: study.laudo_id }).first('state', 'responsible_user_id'),
      (l) => Boolean(l?.responsible_user_id),
      { timeout: 30_000, what: 'the report assigned' },
    );
    expect(laudo).toEqual({ state: 0, responsible_user_id: t.users.onShift!.id });

    // The worklist says whose it is before anyone starts it.
    const detail = await as('admin', 'GET', `/studies/${study.id}`);
    expect(detail.body.study).toMatchObject({ laudoState: 0, doctorName: t.users.onShift!.name });

    const decision = await suite.knex('orchestrator_decisions').where({ study_id: study.id }).first();
    expect(decision).toMatchObject({ filter_id: filterId, user_id: t.users.onShift!.id, reason: 'share' });

    // The decision line in the study history.
    // (written right after the Update is applied, so a moment after the projection shows it)
    const line = await eventually(
      async () =>
        (
          (await as('admin', 'GET', `/studies/${study.id}/history`)).body.entries as {
            action: string;
            detail: { text?: string };
          }[]
        ).find((e) => e.action === 'orchestrator.assigned'),
      (found) => Boolean(found),
      { what: 'the decision line in the history' },
    );
    expect(line?.detail.text).toBe(`assigned to ${t.users.onShift!.name}: filter Tomografia, share 100 % of 10 %`);

    // The assignment is an Update in the laudo workflow's Temporal history.
    const events = (await temporal.workflow.getHandle(laudoWorkflowId(study.laudo_id)).fetchHistory()).events ?? [];
    const accepted = events.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    expect(accepted.map((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name)).toEqual([
      'assign',
    ]);
  });

  it('a paused orchestrator gives nothing; resumed, it distributes again', async () => {
    expect((await as('admin', 'POST', '/orchestrator/pause')).body.paused).toBe(true);
    const paused = await arrive('P-ORQ-2');
    await eventually(
      () => suite.knex('studies').where({ id: paused.id }).first('stable_at'),
      (s) => Boolean(s?.stable_at),
      { timeout: 30_000, what: 'the stable point' },
    );
    // The distribution runs right after the stable point: give it a moment, then nothing.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await suite.knex('orchestrator_decisions').where({ study_id: paused.id }).first()).toBeUndefined();
    expect(
      (await suite.knex('laudos').where({ id: paused.laudo_id }).first('responsible_user_id')).responsible_user_id,
    ).toBeNull();

    expect((await as('admin', 'POST', '/orchestrator/resume')).body.paused).toBe(false);
    // What arrived while paused is given out on resume (ADR 031), with its decision line.
    await eventually(
      () => suite.knex('laudos').where({ id: paused.laudo_id }).first('responsible_user_id'),
      (l) => l?.responsible_user_id === t.users.onShift!.id,
      { timeout: 30_000, what: 'the study that arrived while paused, assigned on resume' },
    );
    expect(await suite.knex('orchestrator_decisions').where({ study_id: paused.id }).first('user_id', 'reason')).toEqual({
      user_id: t.users.onShift!.id,
      reason: 'share',
    });
    const resumed = await arrive('P-ORQ-3');
    await eventually(
      () => suite.knex('laudos').where({ id: resumed.laudo_id }).first('responsible_user_id'),
      (l) => l?.responsible_user_id === t.users.onShift!.id,
      { timeout: 30_000, what: 'the report assigned after resume' },
    );
  });

  it('a study nobody on shift could take waits, and is given out once a doctor comes on shift (ADR 031)', async () => {
    // Both doctors off shift: the study is decided 'nobodyAvailable' and stays in the worklist.
    const offSchedule = (await suite.knex('roles').where({ account_id: t.accountId, name: 'role-offShift' }).first('schedule_id'))
      .schedule_id as string;
    await suite.knex('roles').where({ account_id: t.accountId, name: 'role-onShift' }).update({ schedule_id: offSchedule });
    const waiting = await arrive('P-ORQ-4');
    const decided = await eventually(
      () => suite.knex('orchestrator_decisions').where({ study_id: waiting.id }).first('user_id', 'reason'),
      (d) => Boolean(d),
      { timeout: 30_000, what: 'the decision nobody could take it' },
    );
    expect(decided).toEqual({ user_id: null, reason: 'nobodyAvailable' });

    // The doctor's shift begins; the next redistribution run (each minute, or this one) gives it.
    await suite.knex('roles').where({ account_id: t.accountId, name: 'role-onShift' }).update({ schedule_id: null });
    const run = await temporal.workflow.execute('redistributeWorkflow', {
      taskQueue: suite.config.TEMPORAL_TASK_QUEUE,
      workflowId: `redistribute-test-${waiting.id}`,
      args: [{ accountId: t.accountId }],
    });
    expect(run).toMatchObject({ assigned: 1, rounds: 1 });
    expect((await suite.knex('laudos').where({ id: waiting.laudo_id }).first('responsible_user_id')).responsible_user_id).toBe(
      t.users.onShift!.id,
    );
    expect(await suite.knex('orchestrator_decisions').where({ study_id: waiting.id }).first('user_id', 'reason')).toEqual({
      user_id: t.users.onShift!.id,
      reason: 'share',
    });
    // Nothing is left waiting: a second run gives nothing more, and nothing twice.
    const again = await temporal.workflow.execute('redistributeWorkflow', {
      taskQueue: suite.config.TEMPORAL_TASK_QUEUE,
      workflowId: `redistribute-test-again-${waiting.id}`,
      args: [{ accountId: t.accountId }],
    });
    expect(again).toMatchObject({ assigned: 0 });
  });

  it('the filters are put in order: the first with the modality takes the study', async () => {
    const second = await as('admin', 'POST', '/orchestrator/filters', {
      ...filter({ name: 'Tomografia 2', active: true }),
      members: [{ kind: 'user', id: t.users.second!.id, percentage: 100 }],
    });
    expect(second.status).toBe(201);
    const ids = (await as('admin', 'GET', '/orchestrator')).body.filters.map((f: { id: string }) => f.id) as string[];
    expect(ids).toEqual([filterId, second.body.filter.id]);

    // Not a permutation of the account's filters: refused, nothing moves.
    for (const bad of [[second.body.filter.id], [second.body.filter.id, second.body.filter.id], [...ids, other.accountId]]) {
      const res = await as('admin', 'PUT', '/orchestrator/filters/order', { ids: bad });
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'ORCHESTRATOR_ORDER_MISMATCH' });
    }
    expect((await as('member', 'PUT', '/orchestrator/filters/order', { ids: [...ids].reverse() })).status).toBe(403);

    const ordered = await as('admin', 'PUT', '/orchestrator/filters/order', { ids: [...ids].reverse() });
    expect(ordered.status).toBe(200);
    expect(ordered.body.filters.map((f: { id: string }) => f.id)).toEqual([...ids].reverse());
    const study = await arrive('P-ORQ-5');
    await eventually(
      () => suite.knex('laudos').where({ id: study.laudo_id }).first('responsible_user_id'),
      (l) => l?.responsible_user_id === t.users.second!.id,
      { timeout: 30_000, what: 'the study taken by the filter now first' },
    );
    // Back in the first order for the cases after this one.
    expect((await as('admin', 'PUT', '/orchestrator/filters/order', { ids })).status).toBe(200);
    await as('admin', 'PUT', `/orchestrator/filters/${second.body.filter.id}/active`, { active: false });
  });
});
