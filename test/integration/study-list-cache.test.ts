/**
 * The worklist's answer cache (ADR 040): a repeated read is served from the api's memory only
 * while the account's list version stands, and every write the list shows — made here in SQL,
 * as another replica, the worker or an operator would, with nothing said to this api — changes
 * it, so the next read is fresh. Also: answers are per caller, a rolled-back write changes
 * nothing, 20 writers at once on one account commit, and shift-bound access is never kept.
 */
import type { Knex } from 'knex';
import { listVersionSql } from '../../db/list-version';
import { LIST_TABLES } from '../../migrations/20261129050000_list_versions';
import { type Tenant, createTenant, putOnAllWeekShift } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
let t: Tenant;
let token: string;

interface ListAnswer {
  cache: string | null;
  body: { studies: Record<string, any>[]; total: number };
}

async function list(tok: string, qs = '', headers: Record<string, string> = {}): Promise<ListAnswer> {
  const res = await fetch(suite.apiUrl(`/studies${qs}`), { headers: { access_token: tok, ...headers } });
  expect(res.status).toBe(200);
  return { cache: res.headers.get('x-list-cache'), body: (await res.json()) as ListAnswer['body'] };
}

const study = (a: ListAnswer, id: string) => a.body.studies.find((s) => s.id === id);

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 3,
    users: { doctor: ['STUDIES_SAVE_REPORTS'], colleague: ['STUDIES_SAVE_REPORTS'] },
  });
  token = await login(suite.api, t.users.doctor!.username);
});

test('every list table carries the version trigger', async () => {
  const rows: { table: string }[] = (
    await suite.knex.raw(
      `SELECT DISTINCT c.relname AS table FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname LIKE 'list_version%'`,
    )
  ).rows;
  expect(rows.map((r) => r.table).sort()).toEqual([...LIST_TABLES, 'accounts', 'study_comment_reads', 'users'].sort());
});

test('a repeated read is kept; no-cache reads afresh', async () => {
  await list(token);
  const again = await list(token);
  expect(again.cache).toBe('hit');
  expect(again.body.total).toBe(3);
  expect((await list(token, '', { 'cache-control': 'no-cache' })).cache).toBe('miss');
  // Another query string is another answer.
  expect((await list(token, '?pageSize=10')).cache).toBe('miss');
  expect((await list(token, '?pageSize=10')).cache).toBe('hit');
});

test('a kept answer is compressed once, as the client accepts', async () => {
  const many = await createTenant(suite.knex, { studies: 12 });
  const tok = await login(suite.api, many.users.doctor!.username);
  const plain = await list(tok);
  for (const encoding of ['br', 'gzip']) {
    // Twice: the second read is served from the compressed bytes the first one kept.
    for (let n = 0; n < 2; n++) {
      const res = await fetch(suite.apiUrl('/studies'), { headers: { access_token: tok, 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('x-list-cache')).toBe('hit');
      expect(await res.json()).toEqual(plain.body);
    }
  }
});

/** Each write the list shows: made in SQL, then the next read is fresh and shows it, and the one after is kept again. */
const writes: [string, (k: Knex) => Promise<unknown>, (a: ListAnswer) => void][] = [
  [
    'the study',
    (k) => k('studies').where({ id: t.studyIds[0] }).update({ exam_type: 'RM de joelho' }),
    (a) => expect(study(a, t.studyIds[0]!)?.examType).toBe('RM de joelho'),
  ],
  [
    'the patient',
    (k) => k('patients').where({ account_id: t.accountId }).update({ name: 'Joana Renomeada' }),
    (a) => expect(study(a, t.studyIds[0]!)?.patientName).toBe('Joana Renomeada'),
  ],
  [
    'the institution',
    (k) => k('institutions').where({ id: t.institutionId }).update({ name: 'Clínica Nova' }),
    (a) => expect(study(a, t.studyIds[0]!)?.institutionName).toBe('Clínica Nova'),
  ],
  [
    'a label',
    async (k) => {
      const [label] = await k('labels').insert({ account_id: t.accountId, name: 'Urgente' }).returning('id');
      await k('study_labels').insert({ account_id: t.accountId, study_id: t.studyIds[0], label_id: label.id });
    },
    (a) => expect(study(a, t.studyIds[0]!)?.labels).toEqual([expect.objectContaining({ name: 'Urgente' })]),
  ],
  [
    "a colleague's comment",
    (k) =>
      k('study_comments').insert({
        account_id: t.accountId,
        study_id: t.studyIds[1],
        user_id: t.users.colleague!.id,
        comment: 'Ver série 3',
      }),
    (a) => expect(study(a, t.studyIds[1]!)).toMatchObject({ commentCount: 1, unreadComments: 1 }),
  ],
  [
    'the comment read',
    async (k) => {
      const comment = await k('study_comments').where({ study_id: t.studyIds[1] }).first('id');
      await k('study_comment_reads').insert({ comment_id: comment.id, user_id: t.users.doctor!.id });
    },
    (a) => expect(study(a, t.studyIds[1]!)).toMatchObject({ commentCount: 1, unreadComments: 0 }),
  ],
  [
    'a critical finding',
    async (k) => {
      const [kind] = await k('account_critical_findings')
        .insert({ account_id: t.accountId, level_and_name: 'Nível 1 - Pneumotórax' })
        .returning('id');
      await k('study_critical_findings').insert({
        account_id: t.accountId,
        study_id: t.studyIds[2],
        account_critical_finding_id: kind.id,
        status: 'SUSPICION_CREATED',
      });
    },
    (a) =>
      expect(study(a, t.studyIds[2]!)?.criticalFinding).toEqual({
        status: 'SUSPICION_CREATED',
        levelAndName: 'Nível 1 - Pneumotórax',
      }),
  ],
  [
    "the report's state (as the worker's projection writes it)",
    (k) => k('studies').where({ id: t.studyIds[2] }).update({ laudo_state: 3 }),
    (a) => expect(study(a, t.studyIds[2]!)?.laudoState).toBe(3),
  ],
  [
    "the holder's name",
    async (k) => {
      const { laudo_id } = await k('studies').where({ id: t.studyIds[2] }).first('laudo_id');
      await k('laudos').where({ id: laudo_id }).update({ responsible_user_id: t.users.colleague!.id });
      await k('users').where({ id: t.users.colleague!.id }).update({ name: 'Dra. Colega Renomeada' });
    },
    (a) => expect(study(a, t.studyIds[2]!)?.doctorName).toBe('Dra. Colega Renomeada'),
  ],
  [
    'a time routine (kept, and timed again on every read)',
    async (k) => {
      const [routine] = await k('routines')
        .insert({
          account_id: t.accountId,
          name: 'Urgência',
          duration_minutes: 60,
          alert_minutes: 10,
          color: '#d32f2f',
          show_remaining_time: true,
        })
        .returning('id');
      await k('studies').where({ id: t.studyIds[0] }).update({ routine_id: routine.id, received_at: new Date() });
    },
    (a) => expect(study(a, t.studyIds[0]!)?.routine).toMatchObject({ name: 'Urgência', showRemainingTime: true }),
  ],
  [
    'the role (taken from the user: the studies leave the list)',
    (k) => k('user_institution_roles').where({ user_id: t.users.doctor!.id }).delete(),
    (a) => expect(a.body.studies).toEqual([]),
  ],
  [
    'a study opened to the user one by one',
    (k) => k('study_access_grants').insert({ account_id: t.accountId, user_id: t.users.doctor!.id, study_id: t.studyIds[1] }),
    (a) => expect(a.body.studies.map((s) => s.id)).toEqual([t.studyIds[1]]),
  ],
];

test.each(writes)('a change to %s is seen on the next read', async (_what, write, check) => {
  const before = await list(token);
  if (before.cache !== 'hit') expect((await list(token)).cache).toBe('hit');
  await write(suite.knex);
  const after = await list(token);
  expect(after.cache).toBe('miss');
  check(after);
  const kept = await list(token);
  expect(kept.cache).toBe('hit');
  check(kept);
});

test('a routine page is presented at the time of each read', async () => {
  const other = await createTenant(suite.knex, { studies: 1 });
  const tok = await login(suite.api, other.users.doctor!.username);
  const [routine] = await suite
    .knex('routines')
    .insert({
      account_id: other.accountId,
      name: 'Rotina',
      duration_minutes: 60,
      alert_minutes: 10,
      color: '#1976d2',
      show_remaining_time: true,
    })
    .returning('id');
  // Due in 30 minutes and 3 s: 30 minutes remain for 3 s, then 29, cache or not.
  const written = Date.now();
  await suite
    .knex('studies')
    .where({ id: other.studyIds[0] })
    .update({ routine_id: routine.id, received_at: new Date(written - 30 * 60_000 + 3_000) });
  const first = await list(tok);
  expect(first.body.studies[0]!.routine).toMatchObject({ name: 'Rotina', remainingMinutes: 30 });
  await new Promise((r) => setTimeout(r, written + 3_500 - Date.now()));
  const later = await list(tok);
  expect(later.cache).toBe('hit');
  expect(later.body.studies[0]!.routine).toMatchObject({ name: 'Rotina', remainingMinutes: 29 });
});

test('20 refreshes at once after a write read the database once', async () => {
  await suite.knex('studies').where({ id: t.studyIds[1] }).update({ exam_type: 'TC de tórax' });
  const answers = await Promise.all(Array.from({ length: 20 }, () => list(token)));
  const ways = answers.map((a) => a.cache);
  expect(ways.filter((w) => w === 'miss')).toHaveLength(1);
  expect(ways.every((w) => w === 'miss' || w === 'joined' || w === 'hit')).toBe(true);
  for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
});

test("a write the list does not show keeps the answer (an ingest's counters, a report's texts)", async () => {
  await list(token);
  expect((await list(token)).cache).toBe('hit');
  await suite
    .knex('studies')
    .where({ id: t.studyIds[1] })
    .update({ instance_count: 42, stable_at: new Date(), updated_at: new Date() });
  await suite.knex('laudos').where({ account_id: t.accountId }).update({ updated_at: new Date() });
  expect((await list(token)).cache).toBe('hit');
});

test('a rolled-back write keeps the answer', async () => {
  await list(token);
  expect((await list(token)).cache).toBe('hit');
  await suite.knex
    .transaction(async (trx) => {
      await trx('studies').where({ id: t.studyIds[1] }).update({ exam_type: 'nunca' });
      throw new Error('rollback');
    })
    .catch(() => undefined);
  expect((await list(token)).cache).toBe('hit');
});

test('answers are the caller’s own: two users of one account, and another tenant', async () => {
  const a = await createTenant(suite.knex, {
    studies: 2,
    users: { one: ['STUDIES_SAVE_REPORTS'], two: ['STUDIES_SAVE_REPORTS'] },
  });
  const b = await createTenant(suite.knex, { studies: 1 });
  const [second] = await suite.knex('institutions').insert({ account_id: a.accountId, name: 'Segunda' }).returning('id');
  await suite.knex('user_institution_roles').where({ user_id: a.users.two!.id }).update({ institution_id: second.id });
  const one = await login(suite.api, a.users.one!.username);
  const two = await login(suite.api, a.users.two!.username);
  const outsider = await login(suite.api, b.users.doctor!.username);
  for (let n = 0; n < 2; n++) {
    expect((await list(one)).body.total).toBe(2);
    expect((await list(two)).body.total).toBe(0);
    expect((await list(outsider)).body.studies.map((s) => s.id)).toEqual(b.studyIds);
  }
  expect((await list(two)).cache).toBe('hit');
});

test('a shift-bound user is never answered from the cache', async () => {
  const s = await createTenant(suite.knex, { studies: 1 });
  await putOnAllWeekShift(suite.knex, s);
  const tok = await login(suite.api, s.users.doctor!.username);
  await list(tok);
  expect((await list(tok)).cache).toBe('miss');
});

test('20 writers at once on one account all commit, and the list after them is fresh', async () => {
  await list(token);
  const version = async () => (await suite.knex.raw(`SELECT ${listVersionSql('?')} AS v`, [t.accountId])).rows[0].v as string;
  const before = await version();
  await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      suite.knex.transaction(async (trx) => {
        await trx('studies')
          .where({ id: t.studyIds[n % 3] })
          .update({ exam_type: `exame ${n}` });
        await trx('patients')
          .where({ account_id: t.accountId })
          .update({ sex: n % 2 ? 'F' : 'M' });
      }),
    ),
  );
  expect(await version()).not.toBe(before);
  const fresh = await list(token);
  expect(fresh.cache).toBe('miss');
  const { exam_type } = await suite.knex('studies').where({ id: t.studyIds[1] }).first('exam_type');
  expect(study(fresh, t.studyIds[1]!)?.examType).toBe(exam_type);
});

test('a deleted account leaves no version behind', async () => {
  const gone = await createTenant(suite.knex, { studies: 0, users: {} });
  expect(await suite.knex('list_versions').where({ account_id: gone.accountId }).first()).toBeDefined();
  await suite.knex.transaction(async (trx) => {
    await trx('institutions').where({ account_id: gone.accountId }).update({ name: 'x' });
    await trx('patients').where({ account_id: gone.accountId }).delete();
    await trx('institutions').where({ account_id: gone.accountId }).delete();
    await trx('list_versions').where({ account_id: gone.accountId }).delete();
    await trx('accounts').where({ id: gone.accountId }).delete();
  });
  expect(await suite.knex('list_versions').where({ account_id: gone.accountId }).first()).toBeUndefined();
});
