/**
 * Live connections follow the access as it changes (issue 14): a role deleted, a schedule moved
 * out of 'now', a shift that simply ends with nobody told, an access grant revoked, and a notice
 * from another replica each close the connections holding a subscription no longer allowed; a
 * change that keeps the access closes nothing. Access-grant holders follow only their studies.
 */
import type { MqttClient } from 'mqtt';
import { granted, liveClients } from '../support/live-client';
import { wallClock } from '../../domain/auth/shifts';
import { institutionStudiesFilter, studyTopic } from '../../domain/live/study-document';
import { announceAccessChanged } from '../../api/auth/session-events';
import { createTenant, type Tenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const clients: MqttClient[] = [];
const suite = platformSuite({
  worker: false,
  overrides: { LIVE_SHIFT_RECHECK_SECONDS: '1' },
  beforeStop: async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
  },
});
const api = suite.api;

const liveClient = liveClients(() => suite.apiUrl(''), clients);

/** Resolves true when the connection closes within `ms`, false if it is still open then. */
function closesWithin(client: MqttClient, ms: number): Promise<boolean> {
  if (!client.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function adminTenant(users: Record<string, []> = {}): Promise<Tenant & { admin: string }> {
  const t = await createTenant(suite.knex, { studies: 2, users: { admin: [], doctor: [], ...users } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
  return { ...t, admin: await login(api, t.users.admin!.username) };
}

/** A period on `weekday` for the whole day (the account's zone). */
const wholeDay = (weekday: number) => [{ weekday, start: '00:00', end: '23:59' }];

async function today(t: Tenant): Promise<number> {
  const { time_zone } = await suite.knex('accounts').where({ id: t.accountId }).first('time_zone');
  return wallClock(new Date(), time_zone as string).weekday;
}

async function doctorRole(t: Tenant) {
  return suite.knex('roles').where({ account_id: t.accountId, name: 'role-doctor' }).first('id', 'permissions');
}

it('an edit that keeps the access closes nothing; a schedule moved out of now and a deleted role close the connection', async () => {
  const t = await adminTenant();
  const role = await doctorRole(t);
  const doctor = await login(api, t.users.doctor!.username);
  const client = await liveClient(doctor);
  expect(await granted(client, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(true);

  // Renamed, and given a schedule that holds now: still allowed, still connected.
  const day = await today(t);
  const schedule = await api('POST', '/schedules', { token: t.admin, body: { name: 'Plantão', periods: wholeDay(day) } });
  expect(schedule.status).toBe(201);
  const kept = await api('PUT', `/roles/${role.id}`, {
    token: t.admin,
    body: { name: 'Médico de plantão', permissions: role.permissions, scheduleId: schedule.body.schedule.id },
  });
  expect(kept.status).toBe(200);
  expect(await closesWithin(client, 1500)).toBe(false);

  // The schedule moved to another day: the role grants nothing now.
  const moved = await api('PUT', `/schedules/${schedule.body.schedule.id}`, {
    token: t.admin,
    body: { name: 'Plantão', periods: wholeDay((day + 3) % 7) },
  });
  expect(moved.status).toBe(200);
  expect(await closesWithin(client, 5000)).toBe(true);
  const again = await liveClient(doctor);
  expect(await granted(again, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(false);

  // Back in shift, then the role deleted.
  await api('PUT', `/schedules/${schedule.body.schedule.id}`, { token: t.admin, body: { name: 'Plantão', periods: wholeDay(day) } });
  const third = await liveClient(doctor);
  expect(await granted(third, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(true);
  expect((await api('DELETE', `/roles/${role.id}`, { token: t.admin })).status).toBe(204);
  expect(await closesWithin(third, 5000)).toBe(true);
});

it("a shift that ends with nobody told is found by the broker's shift check", async () => {
  const t = await adminTenant();
  const role = await doctorRole(t);
  const day = await today(t);
  const [schedule] = await suite
    .knex('shift_schedules')
    .insert({ account_id: t.accountId, name: 'Noturno', periods: JSON.stringify(wholeDay(day)) })
    .returning('id');
  await suite.knex('roles').where({ id: role.id }).update({ schedule_id: schedule.id });
  const doctor = await login(api, t.users.doctor!.username);
  const client = await liveClient(doctor);
  expect(await granted(client, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(true);
  expect(await closesWithin(client, 2500)).toBe(false); // in shift: the check keeps it

  // The clock passes the period's end (the period moved away stands in for it): no notice.
  await suite
    .knex('shift_schedules')
    .where({ id: schedule.id })
    .update({ periods: JSON.stringify(wholeDay((day + 2) % 7)) });
  expect(await closesWithin(client, 5000)).toBe(true);
});

it('an access-grant holder follows the granted study only; revoking the grant closes the connection', async () => {
  const t = await adminTenant({ provider: [] });
  const providerId = t.users.provider!.id;
  await suite.knex('user_institution_roles').where({ user_id: providerId }).delete();
  const created = await api('POST', '/accessGrants', { token: t.admin, body: { userId: providerId, studyId: t.studyIds[0] } });
  expect(created.status).toBe(201);

  const provider = await login(api, t.users.provider!.username);
  const client = await liveClient(provider);
  expect(await granted(client, studyTopic(t.accountId, t.institutionId, t.studyIds[1]!))).toBe(false);
  expect(await granted(client, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(false);
  const follower = await liveClient(provider);
  expect(await granted(follower, studyTopic(t.accountId, t.institutionId, t.studyIds[0]!))).toBe(true);

  expect((await api('DELETE', `/accessGrants/${created.body.grant.id}`, { token: t.admin })).status).toBe(204);
  expect(await closesWithin(follower, 5000)).toBe(true);
});

it("another replica's notice makes this one check its connections again", async () => {
  const t = await adminTenant();
  const doctor = await login(api, t.users.doctor!.username);
  const client = await liveClient(doctor);
  expect(await granted(client, institutionStudiesFilter(t.accountId, t.institutionId))).toBe(true);

  // Changed through 'another replica': the database alone, then its notice.
  await suite.knex('user_institution_roles').where({ user_id: t.users.doctor!.id }).delete();
  expect(await closesWithin(client, 2500)).toBe(false); // no shift: nothing checks it unprompted
  await announceAccessChanged(suite.knex, [{ userId: t.users.doctor!.id }], 'another-replica');
  expect(await closesWithin(client, 5000)).toBe(true);
});
