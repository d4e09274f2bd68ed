/**
 * A caller's access kept per access version (ADR 041, 052): loaded once while the account's
 * access stands still — whatever happens to its studies and reports — and again after any
 * commit to what it is made of, here made in SQL, as another replica or an operator would,
 * with nothing said to this api. A shift-bound caller is loaded on every request (the clock
 * changes what it reaches).
 */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { type Tenant, createTenant, putOnAllWeekShift } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();

/** How many times the api read the caller's roles while `run` ran. */
async function roleReads(run: () => Promise<unknown>): Promise<number> {
  const api = Model.knex() as Knex;
  let reads = 0;
  const seen = (q: { sql: string }) => void (/from "?user_institution_roles"?/i.test(q.sql) && reads++);
  api.on('query', seen);
  try {
    await run();
  } finally {
    api.off('query', seen);
  }
  return reads;
}

/** A fresh list read (the list's own cache aside): what the caller reaches. */
async function reach(token: string): Promise<{ status: number; ids: string[] }> {
  const res = await fetch(suite.apiUrl('/studies'), { headers: { access_token: token, 'cache-control': 'no-cache' } });
  const body = (await res.json()) as { studies?: { id: string }[] };
  return { status: res.status, ids: (body.studies ?? []).map((s) => s.id).sort() };
}

let t: Tenant;
let token: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  token = await login(suite.api, t.users.doctor!.username);
});

test('is read once while the account stands still, on every route that needs it', async () => {
  await reach(token);
  const reads = await roleReads(async () => {
    for (let n = 0; n < 5; n++) expect((await reach(token)).ids).toEqual([...t.studyIds].sort());
    const one = await fetch(suite.apiUrl(`/studies/${t.studyIds[1]}`), { headers: { access_token: token } });
    expect(one.status).toBe(200);
  });
  expect(reads).toBe(0);
});

test('is read again after a commit to what it is made of, and a rolled-back write changes nothing', async () => {
  await reach(token);
  const link = await suite.knex('user_institution_roles').where({ user_id: t.users.doctor!.id }).first('role_id');
  const touchRole = (db: Knex) =>
    db('roles')
      .where({ id: link.role_id })
      .update({ name: db.raw('name') });
  await suite.knex
    .transaction(async (trx) => {
      await touchRole(trx);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  expect(await roleReads(() => reach(token))).toBe(0);
  await touchRole(suite.knex);
  expect(await roleReads(() => reach(token))).toBe(1);
  expect(await roleReads(() => reach(token))).toBe(0);
});

test("the account's studies and reports changing leave it kept: a reading room's actions read no access", async () => {
  const s = await createTenant(suite.knex, { studies: 2 });
  const tok = await login(suite.api, s.users.doctor!.username);
  await reach(tok);
  const reads = await roleReads(async () => {
    await suite.knex('studies').where({ id: s.studyIds[1] }).update({ exam_type: 'RM de joelho' });
    const start = await fetch(suite.apiUrl(`/studies/${s.studyIds[0]}/reports/start`), {
      method: 'POST',
      headers: { access_token: tok },
    });
    expect(start.status).toBe(200);
    expect((await reach(tok)).ids).toEqual([...s.studyIds].sort());
  });
  expect(reads).toBe(0);
});

test("an image token's reads keep it too, until it changes", async () => {
  const img = (await suite.api('POST', '/auth/imageToken', { token })).body.token as string;
  const qido = async () => expect((await fetch(`${suite.platform.url}/dicomweb/studies?token=${img}`)).status).toBe(200);
  await qido();
  expect(
    await roleReads(async () => {
      for (let n = 0; n < 3; n++) await qido();
    }),
  ).toBe(0);
  const link = await suite.knex('user_institution_roles').where({ user_id: t.users.doctor!.id }).first('role_id');
  await suite
    .knex('roles')
    .where({ id: link.role_id })
    .update({ name: suite.knex.raw('name') });
  expect(await roleReads(qido)).toBe(1);
});

test('a role taken away, narrowed or given back takes effect on the next request', async () => {
  const before = await reach(token);
  expect(before.ids).toEqual([...t.studyIds].sort());
  const link = await suite.knex('user_institution_roles').where({ user_id: t.users.doctor!.id }).first();
  // The role's permissions narrowed: the study is still listed, but no longer reported on.
  const role = await suite.knex('roles').where({ id: link.role_id }).first('permissions');
  await suite.knex('roles').where({ id: link.role_id }).update({ permissions: [] });
  const start = await fetch(suite.apiUrl(`/studies/${t.studyIds[0]}/reports/start`), {
    method: 'POST',
    headers: { access_token: token },
  });
  expect(start.status).toBe(403);
  await suite.knex('roles').where({ id: link.role_id }).update({ permissions: role.permissions });
  // Taken away: nothing reached.
  await suite.knex('user_institution_roles').where({ user_id: t.users.doctor!.id }).delete();
  expect((await reach(token)).ids).toEqual([]);
  const one = await fetch(suite.apiUrl(`/studies/${t.studyIds[0]}`), { headers: { access_token: token } });
  expect([403, 404]).toContain(one.status);
  // Given back.
  await suite.knex('user_institution_roles').insert(link);
  expect((await reach(token)).ids).toEqual([...t.studyIds].sort());
});

test('the account link taken away answers FORBIDDEN_ACCESS at once', async () => {
  const s = await createTenant(suite.knex, { studies: 1 });
  const tok = await login(suite.api, s.users.doctor!.username);
  await suite.knex('studies').where({ id: s.studyIds[0] }).update({ exam_type: 'US de abdome' });
  expect((await reach(tok)).ids).toEqual(s.studyIds);
  await suite.knex('user_accounts').where({ user_id: s.users.doctor!.id, account_id: s.accountId }).delete();
  expect((await reach(tok)).status).toBe(403);
});

test('a shift-bound caller is loaded on every request', async () => {
  const s = await createTenant(suite.knex, { studies: 1 });
  await putOnAllWeekShift(suite.knex, s);
  const tok = await login(suite.api, s.users.doctor!.username);
  await reach(tok);
  expect(await roleReads(() => reach(tok))).toBe(1);
  expect(await roleReads(() => reach(tok))).toBe(1);
});
