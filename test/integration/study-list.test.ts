/** The study list: filters, order, offset pages and keyset cursors, scoped to the account. */
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let token: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 30 }); // exam dates 2026-11-01 … 2026-11-30, 10:00 UTC
  await suite
    .knex('studies')
    .whereIn('id', t.studyIds.slice(0, 5))
    .update({ modalities: ['MR'] });
  await suite.knex('studies').whereIn('id', t.studyIds.slice(5, 8)).update({ laudo_state: 2 });
  await createTenant(suite.knex, { studies: 5 }); // another account's studies never show
  token = await login(api, t.users.doctor!.username);
});

const list = (query: string) => api('GET', `/studies?${query}`, { token });
const ids = (res: { body: { studies: { id: string }[] } }) => res.body.studies.map((s) => s.id);

it('orders by exam date, newest first by default, oldest first on request', async () => {
  const desc = await list('pageSize=10');
  expect(ids(desc)).toEqual([...t.studyIds].reverse().slice(0, 10));
  const asc = await list('pageSize=10&sort=asc');
  expect(ids(asc)).toEqual(t.studyIds.slice(0, 10));
  expect(desc.body.total).toBe(30);
});

it('filters by text (≥ 3 characters), modality, report status and exam dates', async () => {
  const accession = (await suite.knex('studies').where({ id: t.studyIds[12] }).first('accession_number')).accession_number;
  expect(ids(await list(`q=${encodeURIComponent(accession.toLowerCase())}`))).toEqual([t.studyIds[12]]);
  expect((await list('q=ab')).status).toBe(400);
  expect(ids(await list('modality=MR&sort=asc'))).toEqual(t.studyIds.slice(0, 5));
  expect(ids(await list('status=2&sort=asc'))).toEqual(t.studyIds.slice(5, 8));
  expect((await list('status=0,2')).body.total).toBe(30);
  // 10:00 UTC is 07:00 in São Paulo: the day filters are São Paulo calendar days.
  expect(ids(await list('from=2026-11-10&to=2026-11-12&sort=asc'))).toEqual(t.studyIds.slice(9, 12));
  expect((await list('modality=ct')).status).toBe(400);
  expect((await list('from=11/10/2026')).status).toBe(400);
});

it('walks the whole list by keyset cursors, in order, without gaps or repeats', async () => {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await list(`pageSize=10${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...ids(res));
    cursor = res.body.nextCursor;
    pages += 1;
  } while (cursor);
  expect(pages).toBe(3);
  expect(seen).toEqual([...t.studyIds].reverse());
  // Cursors combine with filters; a forged cursor is refused.
  const first = await list('pageSize=10&modality=CT');
  const second = await list(`pageSize=10&modality=CT&cursor=${first.body.nextCursor}`);
  expect(ids(second)).toEqual([...t.studyIds].reverse().slice(10, 20));
  expect((await list('cursor=not-a-cursor')).status).toBe(400);
});

it("carries each study's labels and received date in the list answer", async () => {
  const [label] = await suite.knex('labels').insert({ account_id: t.accountId, name: 'Urgente' }).returning('id');
  await suite.knex('study_labels').insert({ account_id: t.accountId, study_id: t.studyIds[29], label_id: label.id });
  const res = await list('pageSize=10');
  expect(res.body.studies[0]).toMatchObject({ id: t.studyIds[29], labels: [{ id: label.id, name: 'Urgente' }] });
  expect(res.body.studies[1].labels).toEqual([]);
  expect(typeof res.body.studies[0].receivedAt).toBe('string');
});

it("orders by arrival ('most recently received') with keyset pages, whatever the exam dates", async () => {
  // Arrival reversed against the exam dates: study 0 arrived last.
  const base = Date.UTC(2026, 10, 27, 12);
  for (const [n, id] of t.studyIds.entries())
    await suite.knex('studies').where({ id }).update({ received_at: new Date(base - n * 60_000) });
  const first = await list('pageSize=10&orderBy=received');
  expect(ids(first)).toEqual(t.studyIds.slice(0, 10));
  const next = await list(`pageSize=10&orderBy=received&page=2&cursor=${first.body.nextCursor}`);
  expect(ids(next)).toEqual(t.studyIds.slice(10, 20));
  expect(ids(await list('pageSize=10&page=2&orderBy=received'))).toEqual(t.studyIds.slice(10, 20));
  expect(ids(await list('pageSize=10&orderBy=received&sort=asc'))).toEqual([...t.studyIds].reverse().slice(0, 10));
  expect((await list('orderBy=arrival')).status).toBe(400);
});

it('keeps the list view setting (dense, hidden columns) only in its shape', async () => {
  const set = (value: unknown) => api('POST', '/users/config', { token, body: { key: 'STUDY_LIST_VIEW', value } });
  expect((await set(JSON.stringify({ dense: true, hidden: ['doctor', 'labels'] }))).status).toBe(200);
  const got = await api('GET', '/users/config/STUDY_LIST_VIEW', { token });
  expect(JSON.parse(String((got.body as { value: string }).value))).toEqual({ dense: true, hidden: ['doctor', 'labels'] });
  expect((await set(JSON.stringify({ dense: true, hidden: ['nope'] }))).status).toBe(400);
  expect((await set('not json')).status).toBe(400);
  expect((await set(JSON.stringify({ dense: 'yes', hidden: [] }))).status).toBe(400);
});
