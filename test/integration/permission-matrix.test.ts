/**
 * Issue 14's permission matrix, generated from the real routers (`apiRouters`): for every
 * administration and account route that takes a tenant-owned id, a user of another account
 * (that account's administrator) gets 404, a member of the owning account without permissions
 * gets 403, and neither changes a row of either tenant. A route with a path parameter that is
 * neither covered nor exempt fails the test, so every new route must be classified here.
 * Clinical routes and members' working material (phrases, masks, labels) are classified in
 * test/support/matrix-clinical.ts: the member there holds a role in the study's institution
 * without permissions, sees the study, and gets 403 (or the spec's party refusal) from every
 * route that needs a permission; the routes any such member may use are listed with why.
 * The administration routes without an id are checked for the member's 403 too.
 *
 * Refused calls are not audited: the administration routes write `audit_log` only after the
 * change (auditAdmin), so `audit_log` is checksummed like every other table.
 */
import pino from 'pino';
import sharp from 'sharp';
import type { Knex } from 'knex';
import { apiRouters } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { randomUUID } from 'node:crypto';
import { type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';
import { matrixTableColumns, tenantChecksum } from '../support/matrix-checksum';
import { TRANSITIONS } from '../../domain/laudo/transitions';
import {
  type MemberCase,
  QUERY_ID_AREAS,
  QUERY_ID_EXEMPT,
  QUERY_ID_ROUTES,
  REPORT_ACTION_ROUTES,
  clinicalMemberCase,
  reportInStateFor,
} from '../support/matrix-clinical';

jest.setTimeout(300_000);

const suite = platformSuite({ worker: false });
const api = suite.api;

interface Route {
  method: string;
  path: string;
}

/** The routes under /api: every router createApp mounts, walked layer by layer (HEAD mirrors GET). */
function routerRoutes(): Route[] {
  // Building a router only registers handlers: the deps are used per request, never here.
  const deps = { knex: suite.knex, config: suite.config, logger: pino({ level: 'silent' }) } as unknown as ApiDeps;
  const routes: Route[] = [];
  for (const router of apiRouters(deps))
    for (const layer of router.stack)
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path) });
  return routes;
}

/** Whole areas outside the matrix, with why (checked by prefix, so a new route in them is classified). */
const EXEMPT_PREFIXES: Record<string, string> = {
  '/files/': 'a download link is its own capability (token), no session or tenant id',
  '/public/verify/': 'public verification of a signed document by its code',
  '/connect-agent/': "authenticated by the Connect agent's key, not a user",
  '/report-images/upload/': 'an upload link is its own capability (token)',
  '/public/critical-ack/': "a critical finding's acknowledgement link is its own single-use capability (token)",
  '/docs/': "the API reference page's static files (public, issue 19): no session or tenant id",
};

/** Clinical routes (a study or scheduled exam id) and members' working material: see matrix-clinical.ts. */
const CLINICAL_PREFIXES = ['/studies/', '/scheduledExam/', '/phrases/accounts/', '/labels/', '/masks/'];

/** Single routes with a parameter that the matrix cannot fill meaningfully, with why. */
const EXEMPT: Record<string, string> = {
  'GET /auth/signup/accounts/:accountId': "public: the sign-up page reads whether the account's sign-up is open",
  'GET /users/config/:key': "the caller's own preference, no tenant id",
  'POST /studies/:id/reports/share':
    "answers SHARE_ONLY_VETERINARY to a human account's caller whatever the id (the id is not confirmed); scope in report-share.test.ts",
  'POST /scheduledExam/:id/reports/share': 'as the study route above',
  'DELETE /auth/sessions/:id': "the caller's own sessions only (sessions.test.ts): another user's id is 404 for all",
  'POST /notifications/:notificationId/read':
    "the caller's own inbox in its current account only (notifications.test.ts): another user's or account's id is 404 for all",
};

/**
 * Routes any member of the account may read (they answer the member, so no 403 case): only the
 * 404 for another account's administrator and the unchanged rows are checked.
 */
const MEMBER_OPEN: Record<string, string> = {
  'GET /accounts/:accountId/accountCriticalFinding':
    "the account's critical findings catalogue, which every reporting member picks from",
  'GET /institutions/:id/logo': "the institution's logo heads the reports and screens of every member",
  'GET /accounts/:id/config': "members read the account's settings (the screens apply them); writing needs the administrator",
  'GET /accounts/:id/config/:key': 'one of the settings above',
};

/** The areas where every route with a parameter must be covered or exempt. */
const paramRoutes = (routes: Route[]) => routes.filter((r) => r.path.includes('/:'));

let a: Tenant;
/** The ids of the query-id routes (filled in beforeAll). */
const queryIds = { study: '', bareStudy: '', criticalFinding: '' };
/** The exam each kind's associate routes join (same patient, same kind). */
const associated: Record<'study' | 'scheduledExam', string> = { study: '', scheduledExam: '' };
let b: Tenant;
const tokens: Record<string, string> = {};
/** param values, keyed by `<first path segment>:<param name>` (most specific first). */
const values: Record<string, string> = {};

function fill(path: string): string | undefined {
  const area = path.split('/')[1];
  let missing = false;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[`${path}:${name}`] ?? values[`${area}:${name}`] ?? values[`*:${name}`];
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? undefined : filled;
}

/** Every row of the two tenants in the tables the routes write, summed (matrix-checksum.ts). */
const checksum = (knex: Knex) => tenantChecksum(knex, [a, b], tableColumns);
let tableColumns: Record<string, Set<string>> = {};

beforeAll(async () => {
  const knex = suite.knex;
  tableColumns = await matrixTableColumns(knex);
  a = await createTenant(knex, { studies: 2, users: { admin: [], member: [], target: ['STUDIES_SAVE_REPORTS'] } });
  b = await createTenant(knex, { studies: 1, users: { admin: [] } });
  for (const tenant of [a, b])
    await knex('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  Object.assign(tokens, await loginTokens(api, { adminA: a.users.admin!, member: a.users.member!, adminB: b.users.admin! }));
  // Real rows of tenant A of every kind, made by its administrator.
  const as = async (method: string, path: string, body: unknown, key: string) => {
    const res = await api(method as 'POST', path, { token: tokens.adminA, body });
    if (res.status !== 201 && res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body[key] as { id: string };
  };
  const schedule = await as(
    'POST',
    '/schedules',
    { name: 'Diurno', periods: [{ weekday: 1, start: '08:00', end: '18:00' }] },
    'schedule',
  );
  const role = await as('POST', '/roles', { name: 'Matriz', permissions: ['STUDIES_SAVE_REPORTS'] }, 'role');
  const group = await as('POST', '/medicalGroups', { name: 'Neuro' }, 'item');
  const specialty = await as('POST', '/specialties', { name: 'Radiologia' }, 'item');
  const orchestratorFilter = await as(
    'POST',
    '/orchestrator/filters',
    { name: 'TC', modalities: ['CT'], members: [{ kind: 'group', id: group.id, percentage: 50 }] },
    'filter',
  );
  const subscription = await as(
    'POST',
    '/notification-subscriptions',
    { events: ['deadline.overdue'], institutionId: a.institutionId, userId: a.users.target!.id },
    'subscription',
  );
  const grant = await as('POST', '/accessGrants', { userId: a.users.target!.id, studyId: a.studyIds[0] }, 'grant');
  const invited = await api('POST', `/accounts/${a.accountId}/users/invite`, {
    token: tokens.adminA,
    body: { email: `novo.${Date.now()}@test.laudos` },
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
  const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0b6e99' } })
    .png()
    .toBuffer();
  const logoPut = await api('PUT', `/institutions/${a.institutionId}/logo`, {
    token: tokens.adminA,
    body: { fileName: 'logo.png', file: logo.toString('base64') },
  });
  if (logoPut.status !== 204) throw new Error(`logo: ${logoPut.status}`);
  const exam = await createScheduledExam(knex, a);
  const otherExam = await createScheduledExam(knex, a);
  const [critical] = await knex('account_critical_findings')
    .insert({ account_id: a.accountId, level_and_name: 'Nível 1 - Pneumotórax' })
    .returning('id');
  const [finding] = await knex('study_critical_findings')
    .insert({
      account_id: a.accountId,
      study_id: a.studyIds[0],
      account_critical_finding_id: critical.id,
      status: 'SUSPICION_CREATED',
      user_created_suspicion_id: a.users.admin!.id,
    })
    .returning('id');
  associated.study = a.studyIds[1]!;
  Object.assign(queryIds, { study: a.studyIds[0]!, bareStudy: a.studyIds[1]!, criticalFinding: critical.id });
  associated.scheduledExam = otherExam;
  const [label] = await knex('labels').insert({ account_id: a.accountId, name: 'Urgente' }).returning('id');
  await knex('study_labels').insert({ account_id: a.accountId, study_id: a.studyIds[0], label_id: label.id });
  const [phrase] = await knex('phrases')
    .insert({ account_id: a.accountId, code: 'NORM', title: 'Normal', phrase: 'Exame normal.' })
    .returning('id');
  const [mask] = await knex('masks')
    .insert({
      account_id: a.accountId,
      scope: 'institution',
      institution_id: a.institutionId,
      modality: 'CT',
      title: 'TC',
      content: 'Normal.',
    })
    .returning('id');
  // Issue 16: a divergence found on ingest between A's two studies (merge and split refuse the others).
  const [divergence] = await knex('divergent_studies')
    .insert({
      account_id: a.accountId,
      institution_id: a.institutionId,
      kind: 'ACCESSION',
      study_id: a.studyIds[0],
      other_study_id: a.studyIds[1],
    })
    .returning('id');
  const invitation = await knex('invitations').where({ account_id: a.accountId }).first('id');
  const modality = await as('POST', '/modalities', { code: 'CT' }, 'modality');
  const catalogExam = await as('POST', '/exams', { title: 'TC de crânio', modality: 'CT' }, 'exam');
  const routine = await as(
    'POST',
    '/routines',
    { name: 'Urgência', durationMinutes: 60, alertMinutes: 15, color: '#d32f2f', rules: [{ modality: 'CT' }] },
    'routine',
  );
  const connect = (await as(
    'POST',
    '/connects',
    { name: 'Matriz', institutionId: a.institutionId, aeTitle: 'MATRIZ' },
    'connect',
  )) as { id: string; keys: Array<{ id: string }>; connections: Array<{ id: string }> };
  Object.assign(values, {
    'connects:id': connect.id,
    'connects:keyId': connect.keys[0]!.id,
    'connects:connectionId': connect.connections[0]!.id,
    'accounts:id': a.accountId,
    'accounts:accountId': a.accountId,
    'accounts:userId': a.users.target!.id,
    'accounts:invitationId': invitation.id,
    'accounts:key': 'LOGIN_ATTEMPTS',
    'institutions:id': a.institutionId,
    'roles:id': role.id,
    'schedules:id': schedule.id,
    'medicalGroups:id': group.id,
    'orchestrator:id': orchestratorFilter.id,
    'notification-subscriptions:id': subscription.id,
    'specialties:id': specialty.id,
    'accessGrants:id': grant.id,
    'studies:id': a.studyIds[0]!,
    '/studies/studyCriticalFinding/:id:id': finding.id,
    '/studies/studyCriticalFinding/:id/reject:id': finding.id,
    'scheduledExam:id': exam,
    // The laudo of the exam (the download route compares it), any preview name, any slot count.
    'studies:reportId': (await knex('studies').where({ id: a.studyIds[0] }).first('laudo_id')).laudo_id,
    'scheduledExam:reportId': (await knex('studies').where({ id: exam }).first('laudo_id')).laudo_id,
    'phrases:accountId': a.accountId,
    'phrases:code': 'NORM',
    'phrases:phraseId': phrase.id,
    'labels:id': label.id,
    'labels:accountId': a.accountId,
    'labels:studyId': a.studyIds[0]!,
    'labels:labelId': label.id,
    'masks:id': mask.id,
    'modalities:id': modality.id,
    'exams:id': catalogExam.id,
    'routines:id': routine.id,
    'divergent-studies:id': divergence.id,
    // Recovery checks the permission before the study's state: any study of A's shows it.
    'invalidated-studies:id': a.studyIds[1]!,
    '*:file': 'preview.pdf',
    '*:count': '1',
    // The study is checked first; a field value of A's study would answer the same 404.
    'studies:fieldValueId': randomUUID(),
    // A viewer frame: the study is checked first (another account's answers 404 whatever the image).
    'studies:sop': '1.2.826.0.1.3680043.10.1453.99',
    'studies:frame': '1',
  });
});

interface Result {
  method: string;
  path: string;
  who: string;
  expected: string;
  got: string;
}

it('every route with a parameter is covered by the matrix or exempt with a reason', () => {
  const unclassified = paramRoutes(routerRoutes()).filter(
    (r) =>
      !EXEMPT[`${r.method} ${r.path}`] &&
      !Object.keys(EXEMPT_PREFIXES).some((p) => r.path.startsWith(p)) &&
      fill(r.path) === undefined,
  );
  expect(unclassified.map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

it('a report route is checked for its party exactly when its action needs no permission (domain/laudo/transitions.ts)', () => {
  const wrong = Object.entries(REPORT_ACTION_ROUTES).filter(([, c]) => {
    const rule = TRANSITIONS[c.action];
    const partyOnly = rule.permission === null && rule.by !== 'platform';
    return partyOnly !== (c.party !== undefined);
  });
  expect(wrong.map(([k]) => k)).toEqual([]);
});

it("another account's administrator gets 404, a member without permissions 403, and no row changes", async () => {
  const routes = paramRoutes(routerRoutes()).filter(
    (r) => !EXEMPT[`${r.method} ${r.path}`] && !Object.keys(EXEMPT_PREFIXES).some((p) => r.path.startsWith(p)),
  );
  expect(routes.length).toBeGreaterThan(40);
  const results: Result[] = [];
  const failures: Result[] = [];
  const unclassified: string[] = [];
  for (const route of routes) {
    const url = fill(route.path)!;
    const cases: MemberCase[] = [{ who: 'adminB', expect: (s) => s === 404, label: '404' }];
    const clinical = CLINICAL_PREFIXES.some((p) => route.path.startsWith(p));
    if (clinical) {
      const member = clinicalMemberCase(suite.knex, route, {
        study: a.studyIds[0]!,
        scheduledExam: values['scheduledExam:id']!,
        associated,
      });
      if (member === 'unclassified') unclassified.push(`${route.method} ${route.path}`);
      else if (member) cases.push(member);
    } else if (!MEMBER_OPEN[`${route.method} ${route.path}`])
      cases.push({ who: 'member', expect: (s) => s === 403, label: '403' });
    for (const c of cases) {
      await c.setup?.();
      const before = await checksum(suite.knex);
      const res = await api(route.method as 'GET', url, {
        token: tokens[c.who],
        ...(c.raw !== undefined
          ? { raw: c.raw, headers: c.headers }
          : route.method === 'GET' || (route.method === 'DELETE' && c.body === undefined)
            ? {}
            : { body: c.body ?? {} }),
      });
      const after = await checksum(suite.knex);
      await c.teardown?.();
      const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code ?? '';
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      const result = {
        method: route.method,
        path: route.path,
        who: c.who,
        expected: c.label,
        got: `${res.status} ${code}${changed.length ? ` CHANGED ${changed.join(',')}` : ''}`,
      };
      results.push(result);
      if (!c.expect(res.status, code) || changed.length) failures.push(result);
    }
  }
  expect(unclassified).toEqual([]);
  // The clinical member cases really ran (report actions, reads, working material).
  const clinicalMember = results.filter((r) => r.who === 'member' && CLINICAL_PREFIXES.some((p) => r.path.startsWith(p)));
  expect(clinicalMember.length).toBeGreaterThan(60);
  if (failures.length) console.log(`permission matrix failures:\n${table(failures)}`);
  expect(failures).toEqual([]);
  // The matrix really ran: each covered route answered both callers.
  expect(results.length).toBeGreaterThan(routes.length);
});

it('the clinical routes that name the study in their query or body: 404 for another account, the member refused, nothing changed', async () => {
  const routes = routerRoutes().filter(
    (r) => !r.path.includes('/:') && QUERY_ID_AREAS.some((area) => r.path === area || r.path.startsWith(`${area}/`)),
  );
  const unclassified = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !QUERY_ID_ROUTES[key] && !QUERY_ID_EXEMPT[key]);
  expect(unclassified).toEqual([]);
  const failures: Result[] = [];
  let memberCases = 0;
  for (const [key, c] of Object.entries(QUERY_ID_ROUTES)) {
    const [method, path] = key.split(' ') as [string, string];
    const url = `${path}${c.query ? `?${c.query(queryIds)}` : ''}`;
    const who: Array<{ who: string; expected: string; ok: (s: number, code: string) => boolean }> = [
      { who: 'adminB', expected: '404', ok: (st) => st === 404 },
    ];
    const m = c.member;
    if ('code' in m) {
      memberCases += 1;
      who.push({
        who: 'member',
        expected: `${m.party ? '4xx' : '403'} ${m.code}`,
        ok: (st, code) => code === m.code && (m.party ? st >= 400 && st < 500 : st === 403),
      });
    }
    for (const w of who) {
      const restore = c.action ? await reportInStateFor(suite.knex, queryIds.study, c.action) : undefined;
      const before = await checksum(suite.knex);
      const res = await api(method as 'GET', url, { token: tokens[w.who], ...(c.body ? { body: c.body(queryIds) } : {}) });
      const after = await checksum(suite.knex);
      await restore?.();
      const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code ?? '';
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      if (!w.ok(res.status, code) || changed.length)
        failures.push({
          method,
          path,
          who: w.who,
          expected: w.expected,
          got: `${res.status} ${code}${changed.length ? ` CHANGED ${changed.join(',')}` : ''}`,
        });
    }
  }
  if (failures.length) console.log(`permission matrix failures (query-id routes):\n${table(failures)}`);
  expect(failures).toEqual([]);
  expect(memberCases).toBeGreaterThan(6);
});

/** The administration areas: their routes without an id also need a permission (403 for the member). */
const ADMIN_AREAS = [
  '/accounts',
  '/roles',
  '/schedules',
  '/medicalGroups',
  '/orchestrator',
  '/notification-subscriptions',
  '/specialties',
  '/accessGrants',
  '/audit',
  '/institutions',
  '/connects',
  '/labels',
];

/** Routes without an id in those areas that any member uses, with why. */
const ADMIN_AREA_MEMBER_OPEN: Record<string, string> = {
  'GET /institutions':
    "every member lists the account's active institutions (study list filter); inactive ones only the administrator",
};

it('a member without permissions gets 403 from the administration routes without an id, and no row changes', async () => {
  const routes = routerRoutes().filter(
    (r) =>
      !r.path.includes('/:') &&
      ADMIN_AREAS.some((area) => r.path === area || r.path.startsWith(`${area}/`)) &&
      !ADMIN_AREA_MEMBER_OPEN[`${r.method} ${r.path}`],
  );
  expect(routes.length).toBeGreaterThan(10);
  const failures: Result[] = [];
  for (const route of routes) {
    const before = await checksum(suite.knex);
    const res = await api(route.method as 'GET', route.path, {
      token: tokens.member,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
    });
    const after = await checksum(suite.knex);
    const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code ?? '';
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    if (res.status !== 403 || changed.length)
      failures.push({
        method: route.method,
        path: route.path,
        who: 'member',
        expected: '403',
        got: `${res.status} ${code}${changed.length ? ` CHANGED ${changed.join(',')}` : ''}`,
      });
  }
  if (failures.length) console.log(`permission matrix failures (routes without an id):\n${table(failures)}`);
  expect(failures).toEqual([]);
});

function table(rows: Result[]): string {
  return rows
    .map((r) => `${r.method.padEnd(6)} ${r.path.padEnd(55)} ${r.who.padEnd(7)} expected ${r.expected}  got ${r.got}`)
    .join('\n');
}
