/**
 * Keyset pages of the administration lists (issue 14: the study list's conventions): roles,
 * shift schedules, medical groups, specialties, access grants and the institutions list of the
 * logo page. Walking the pages gives every row once, in the order of one big page; a row added
 * before the cursor between two pages neither repeats nor shifts the rest; ties of the sort key
 * are broken by id; the search (3 characters, as the user list) applies across pages.
 */
import { randomUUID } from 'node:crypto';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method, path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

interface ListSpec {
  path: string;
  key: string;
  /** Makes the n-th row of the list (by the API where it can, else straight into the table). */
  create: (n: number, name: string) => Promise<void>;
}

/** Every row the list answers, page by page (`pageSize` each), and how many pages that took. */
async function walk(spec: ListSpec, pageSize: number, extra = ''): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await as(
      'admin',
      'GET',
      `${spec.path}?pageSize=${pageSize}${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    const rows = res.body[spec.key] as { id: string }[];
    expect(rows.length).toBeLessThanOrEqual(pageSize);
    ids.push(...rows.map((r) => r.id));
    cursor = res.body.nextCursor as string | null;
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { ids, pages };
}

const named = (path: string) => async (_n: number, name: string) => {
  expect((await as('admin', 'POST', path, { name })).status).toBe(201);
};

const LISTS: ListSpec[] = [
  {
    path: '/roles',
    key: 'roles',
    create: async (_n, name) => {
      expect((await as('admin', 'POST', '/roles', { name, permissions: ['STUDIES_SAVE_REPORTS'] })).status).toBe(201);
    },
  },
  {
    path: '/schedules',
    key: 'schedules',
    create: async (_n, name) => {
      const res = await as('admin', 'POST', '/schedules', { name, periods: [{ weekday: 1, start: '08:00', end: '12:00' }] });
      expect(res.status).toBe(201);
    },
  },
  { path: '/medicalGroups', key: 'items', create: named('/medicalGroups') },
  { path: '/specialties', key: 'items', create: named('/specialties') },
  {
    path: '/accessGrants',
    key: 'grants',
    // Straight into the table with one timestamp for all: the id must break the ties.
    create: async (n) => {
      await suite.knex('study_access_grants').insert({
        account_id: t.accountId,
        user_id: t.users.reader!.id,
        study_id: t.studyIds[n]!,
        requester_login: `servico-${n % 2 === 0 ? 'par' : 'impar'}-${n}`,
        created_at: new Date('2026-11-20T10:00:00.123456Z'),
      });
    },
  },
];

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 9, users: { admin: [], reader: [] } });
  other = await createTenant(suite.knex, { studies: 1, users: { admin: [] } });
  for (const tenant of [t, other])
    await suite
      .knex('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  Object.assign(tokens, await loginTokens(api, { admin: t.users.admin!, outsider: other.users.admin! }));
  // Names whose case differs from their order (the lists sort case-insensitively).
  const names = ['beta', 'Alfa', 'gama', 'Delta', 'épsilon', 'Zeta', 'eta', 'Teta'];
  for (const spec of LISTS) for (const [n, name] of names.entries()) await spec.create(n, `${name} ${spec.key}`);
  // Another account's rows never show.
  await api('POST', '/medicalGroups', { token: tokens.outsider, body: { name: 'Alfa items' } });
});

describe.each(LISTS)('$path', (spec) => {
  it('walks pages without duplicates or gaps, in the order of one page', async () => {
    const whole = await walk(spec, 200);
    expect(whole.pages).toBe(1);
    expect(whole.ids.length).toBeGreaterThanOrEqual(8);
    const paged = await walk(spec, 3);
    expect(paged.pages).toBe(Math.ceil(whole.ids.length / 3));
    expect(paged.ids).toEqual(whole.ids);
    expect(new Set(paged.ids).size).toBe(paged.ids.length);
    if (spec.path !== '/accessGrants') {
      // Case does not decide the order: 'Alfa' < 'beta' < 'Delta' < 'gama'.
      const res = await as('admin', 'GET', `${spec.path}?pageSize=200`);
      const names = (res.body[spec.key] as { name: string }[]).map((r) => r.name.split(' ')[0]);
      const at = (n: string) => names.indexOf(n);
      expect([at('Alfa'), at('beta'), at('Delta'), at('gama')]).toEqual(
        [...[at('Alfa'), at('beta'), at('Delta'), at('gama')]].sort((x, y) => x - y),
      );
      expect(at('Alfa')).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps its place when a row is added before the cursor between two pages', async () => {
    const first = await as('admin', 'GET', `${spec.path}?pageSize=3`);
    const firstIds = (first.body[spec.key] as { id: string }[]).map((r) => r.id);
    const before = await walk(spec, 200);
    const expectedRest = before.ids.slice(3);
    if (spec.path === '/accessGrants') {
      // A newer grant sorts first (newest first): before the cursor.
      await suite
        .knex('study_access_grants')
        .insert({ account_id: t.accountId, user_id: t.users.reader!.id, study_id: t.studyIds[8]! });
    } else {
      await spec.create(0, `aaa ${randomUUID().slice(0, 6)}`);
    }
    const rest: string[] = [];
    let cursor = first.body.nextCursor as string | null;
    while (cursor) {
      const res = await as('admin', 'GET', `${spec.path}?pageSize=3&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...(res.body[spec.key] as { id: string }[]).map((r) => r.id));
      cursor = res.body.nextCursor;
    }
    expect(rest).toEqual(expectedRest);
    expect(rest.filter((id) => firstIds.includes(id))).toEqual([]);
  });

  it('searches from 3 characters across pages, and refuses a shorter search or a forged cursor', async () => {
    const term = spec.path === '/accessGrants' ? 'servico-par' : 'eta';
    const whole = await walk(spec, 200, `&q=${term}`);
    expect(whole.ids.length).toBeGreaterThanOrEqual(2);
    expect((await walk(spec, 1, `&q=${term}`)).ids).toEqual(whole.ids);
    const short = await as('admin', 'GET', `${spec.path}?q=et`);
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('SEARCH_TOO_SHORT');
    expect((await as('admin', 'GET', `${spec.path}?cursor=nao-e-um-cursor`)).body.error.code).toBe('MALFORMED_REQUEST');
  });
});

it("answers each account's own rows: another account's administrator walks only its own", async () => {
  const mine = await walk(LISTS[2]!, 200);
  const theirs = await api('GET', '/medicalGroups?pageSize=200', { token: tokens.outsider });
  const theirIds = (theirs.body.items as { id: string }[]).map((r) => r.id);
  expect(theirIds).toHaveLength(1);
  expect(mine.ids).not.toContain(theirIds[0]);
});

it('pages the institutions of the logo page by name then id', async () => {
  for (const name of ['Clínica B', 'clínica a', 'Hospital C', 'Hospital D']) {
    await suite.knex('institutions').insert({ account_id: t.accountId, name });
  }
  const all = await as('admin', 'GET', '/institutions?limit=200');
  const allIds = (all.body.institutions as { id: string }[]).map((i) => i.id);
  expect(allIds.length).toBe(5);
  expect(all.body.next).toBeNull();
  const ids: string[] = [];
  let next: { afterName: string; afterId: string } | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ limit: '2' });
    if (next) {
      params.set('afterName', next.afterName);
      params.set('afterId', next.afterId);
    }
    const res = await as('admin', 'GET', `/institutions?${params.toString()}`);
    ids.push(...(res.body.institutions as { id: string }[]).map((i) => i.id));
    next = res.body.next;
    pages += 1;
  } while (next);
  expect(pages).toBe(3);
  expect(ids).toEqual(allIds);
});
