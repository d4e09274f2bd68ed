/**
 * The notification centre and the overdue list (issue 18, ADR 028): a sweep's alert reaches
 * the doctor's inbox and its live unread count; only that user may subscribe to that count;
 * the list reads by keyset; mark read and read all move the live count; another user's or
 * another tenant's notification id is 404; 'Exames em atraso' lists the caller's open studies
 * past their alert point or deadline, and nobody else's.
 */
import type { MqttClient } from 'mqtt';
import { LaudoState } from '../../domain/laudo/states';
import { notificationsTopic } from '../../domain/notifications/notifications';
import { type LivePublisher, connectRemotePublisher } from '../../live/publisher';
import { sweepDeadlines } from '../../services/deadlines/sweep';
import { outboxTransport } from '../../services/mail/transport';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { granted, liveClients } from '../support/live-client';
import { actAs, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const SERVICE_TOKEN = 'notifications-test-service-token';
const clients: MqttClient[] = [];
let publisher: LivePublisher | undefined;
const suite = platformSuite({
  worker: false,
  overrides: { BROKER_SERVICE_TOKEN: SERVICE_TOKEN },
  beforeStop: async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await publisher?.close();
  },
});
const api = suite.api;
const liveClient = liveClients(() => suite.apiUrl(''), clients);
const MINUTE = 60_000;

let a: Tenant;
let b: Tenant;
const tokens: Record<string, string> = {};
let act: ReturnType<typeof actAs>;

/** Study `n` of `t` with the default routine, arrived `minutesAgo`, in `state`, taken by its doctor. */
async function place(t: Tenant, n: number, minutesAgo: number, state: number = LaudoState.IN_PROGRESS) {
  const routine = await suite.knex('routines').where({ account_id: t.accountId, is_default: true }).first('id');
  await suite
    .knex('studies')
    .where({ id: t.studyIds[n] })
    .update({
      routine_id: routine.id,
      received_at: new Date(Date.now() - minutesAgo * MINUTE),
      laudo_state: state,
      laudo_user_id: t.users.doctor!.id,
    });
  return t.studyIds[n]!;
}

/** The next payloads `client` receives on `topic`. */
function messages(client: MqttClient, topic: string): unknown[] {
  const seen: unknown[] = [];
  client.on('message', (tp, payload) => {
    if (tp === topic) seen.push(JSON.parse(payload.toString()));
  });
  return seen;
}

beforeAll(async () => {
  a = await createTenant(suite.knex, {
    studies: 4,
    users: { doctor: ['STUDIES_SAVE_REPORTS'], coordinator: ['STUDIES_CHANGE_ROUTINE'], other: ['STUDIES_SAVE_REPORTS'] },
  });
  b = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  Object.assign(
    tokens,
    await loginTokens(api, { doctor: a.users.doctor!, coordinator: a.users.coordinator!, other: a.users.other!, outsider: b.users.doctor! }),
  );
  act = actAs(api, tokens);
  const url = suite.apiUrl('').replace(/\/api$/, '').replace('http', 'ws');
  publisher = await connectRemotePublisher(`${url}/mqtt`, SERVICE_TOKEN);
});

it("a sweep's alert reaches the doctor's inbox and live count; only that user may subscribe to it", async () => {
  const doctorLive = await liveClient(tokens.doctor!);
  const topic = notificationsTopic(a.accountId, a.users.doctor!.id);
  expect(await granted(doctorLive, topic)).toBe(true);
  const seen = messages(doctorLive, topic);
  // Another user's inbox, the same user under another account, and a wildcard are refused.
  const otherLive = await liveClient(tokens.other!);
  expect(await granted(otherLive, topic)).toBe(false);
  expect(await granted(otherLive, `laudos/accounts/${a.accountId}/users/+/notifications`)).toBe(false);
  expect(await granted(doctorLive, notificationsTopic(b.accountId, a.users.doctor!.id))).toBe(false);
  const outsiderLive = await liveClient(tokens.outsider!);
  expect(await granted(outsiderLive, topic)).toBe(false);

  const studyId = await place(a, 0, 1440 + 120);
  const { raised } = await sweepDeadlines({ knex: suite.knex, publisher: publisher!, mail: outboxTransport }, new Date());
  expect(raised.filter((r) => r.studyId === studyId)).toEqual([{ studyId, kind: 'overdue', recipients: 2, mailed: 0 }]);
  await eventually(
    () => seen.at(-1),
    (last) => JSON.stringify(last) === JSON.stringify({ unread: 1 }),
    { what: 'the live unread count 1' },
  );

  const page = await act('doctor', 'GET', '/notifications');
  expect(page.unread).toBe(1);
  expect(page.notifications).toHaveLength(1);
  expect(page.notifications[0]).toMatchObject({ kind: 'deadline.overdue', studyId, readAt: null });
  expect(page.notifications[0].data).toMatchObject({ routineName: 'Padrão', examType: 'TC de crânio' });
  expect(await act('coordinator', 'GET', '/notifications/unread-count')).toEqual({ unread: 1 });
  expect(await act('other', 'GET', '/notifications/unread-count')).toEqual({ unread: 0 });

  // Another user's and another tenant's ids are 404, and change nothing.
  const id = page.notifications[0].id as string;
  await act('other', 'POST', `/notifications/${id}/read`, {}, 404);
  await act('outsider', 'POST', `/notifications/${id}/read`, {}, 404);
  await act('doctor', 'POST', '/notifications/not-a-uuid/read', {}, 404);
  expect((await act('doctor', 'GET', '/notifications/unread-count')).unread).toBe(1);

  expect(await act('doctor', 'POST', `/notifications/${id}/read`)).toEqual({ unread: 0 });
  await eventually(
    () => seen.at(-1),
    (last) => JSON.stringify(last) === JSON.stringify({ unread: 0 }),
    { what: 'the live unread count 0' },
  );
  const after = await act('doctor', 'GET', '/notifications');
  expect(after.notifications[0].readAt).not.toBeNull();
  // The coordinator's copy is the coordinator's own: still unread.
  expect(await act('coordinator', 'GET', '/notifications/unread-count')).toEqual({ unread: 1 });
});

it('lists by keyset, newest first, filters unread, and read-all empties the count', async () => {
  const userId = a.users.other!.id;
  const base = Date.now() - 3600_000;
  for (let n = 0; n < 5; n++)
    await suite.knex('notifications').insert({
      account_id: a.accountId,
      user_id: userId,
      kind: 'deadline.alert',
      study_id: a.studyIds[1],
      data: JSON.stringify({ patientName: `P${n}`, examType: null, routineName: 'Padrão', deadline: new Date().toISOString(), institutionId: null }),
      created_at: new Date(base + n * 1000),
    });
  // Another account's notification of the same user is not in this inbox.
  await suite.knex('notifications').insert({
    account_id: b.accountId,
    user_id: userId,
    kind: 'deadline.alert',
    data: JSON.stringify({ patientName: 'B', examType: null, routineName: null, deadline: new Date().toISOString(), institutionId: null }),
  });
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { notifications: { data: { patientName: string } }[]; nextCursor: string | null } = await act(
      'other',
      'GET',
      `/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.notifications.length).toBeLessThanOrEqual(2);
    names.push(...page.notifications.map((n) => n.data.patientName));
    cursor = page.nextCursor;
  } while (cursor);
  expect(names).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
  await act('other', 'GET', '/notifications?cursor=garbage', undefined, 400);

  const first = await act('other', 'GET', '/notifications?limit=1');
  await act('other', 'POST', `/notifications/${first.notifications[0].id}/read`);
  expect((await act('other', 'GET', '/notifications?unread=true')).notifications).toHaveLength(4);
  expect(await act('other', 'POST', '/notifications/read-all')).toEqual({ unread: 0 });
  expect((await act('other', 'GET', '/notifications?unread=true')).notifications).toHaveLength(0);
  expect(await suite.knex('notifications').where({ account_id: b.accountId, user_id: userId }).whereNull('read_at')).toHaveLength(1);
});

it("'Exames em atraso' lists the caller's open studies past the alert point or deadline, most late first", async () => {
  const late = await place(a, 0, 1440 + 120);
  const signed = await place(a, 1, 1440 + 300, LaudoState.SIGNED);
  const alerting = await place(a, 2, 1440 - 30);
  const onTime = await place(a, 3, 60);
  const theirs = await place(b, 0, 1440 + 500);

  const all = await act('doctor', 'GET', '/overdue-studies');
  const ids = all.studies.map((s: { id: string }) => s.id);
  expect(ids).toEqual([late, alerting]);
  for (const excluded of [signed, onTime, theirs]) expect(ids).not.toContain(excluded);
  expect(all.studies[0]).toMatchObject({
    status: 'overdue',
    routineName: 'Padrão',
    examType: 'TC de crânio',
    responsibleName: a.users.doctor!.name,
  });
  expect(all.studies[0].minutesLate).toBeGreaterThanOrEqual(119);
  expect(all.studies[0].minutesLate).toBeLessThanOrEqual(121);
  expect(all.studies[1]).toMatchObject({ status: 'alert', minutesLate: 0 });

  expect((await act('doctor', 'GET', '/overdue-studies?which=overdue')).studies.map((s: { id: string }) => s.id)).toEqual([late]);
  expect((await act('doctor', 'GET', '/overdue-studies?which=alert')).studies.map((s: { id: string }) => s.id)).toEqual([alerting]);
  const first = await act('doctor', 'GET', '/overdue-studies?limit=1');
  expect(first.studies.map((s: { id: string }) => s.id)).toEqual([late]);
  const second = await act('doctor', 'GET', `/overdue-studies?limit=1&cursor=${first.nextCursor}`);
  expect(second.studies.map((s: { id: string }) => s.id)).toEqual([alerting]);
  expect(second.nextCursor).toBeNull();
  // The other tenant sees only its own.
  expect((await act('outsider', 'GET', '/overdue-studies')).studies.map((s: { id: string }) => s.id)).toEqual([theirs]);
});
