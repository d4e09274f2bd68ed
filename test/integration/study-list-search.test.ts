/**
 * The study list's text search and total at clinic shape (issue 20): 1,100 studies, a common
 * surname on every third, a rare accented name and IDs only on the oldest studies (past the
 * newest-first window the search reads first). Every answer is checked against the same search
 * done here over all the tenant's rows.
 */
import { loadAccess } from '../../api/access/access';
import { fillStudyPatientSearch } from '../../migrations/20261130020000_study_patient_search';
import { loadStudySample } from '../../api/search/study-samples';
import { readStudyPage } from '../../api/studies/study-queries';
import { foldName } from '../../domain/imaging/name-fold';
import { StudyListQuery } from '../../domain/studies/schemas';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let token: string;
const STUDIES = 1_100;

interface Truth {
  id: string;
  name: string;
  patientId: string;
  accession: string;
  sortAt: Date;
}
let truth: Truth[];

/** Study n (0 = oldest): its patient's name and ID. */
function patientOf(n: number): { name: string; patientId: string } {
  if (n < 3) return { name: `José Conceição ${n}`, patientId: `XK-9981${n}` };
  if (n < 33) return { name: `Beatriz Quintela ${n}`, patientId: `P${n}` };
  if (n % 3 === 0) return { name: `Maria Silva ${n}`, patientId: `P${n}` };
  return { name: `Paciente Costa ${n}`, patientId: `P${n}` };
}

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0 });
  const k = suite.knex;
  const rows = Array.from({ length: STUDIES }, (_, n) => patientOf(n));
  const patients = await k('patients')
    .insert(rows.map((r) => ({ account_id: t.accountId, patient_id: r.patientId, name: r.name })))
    .returning('id');
  const laudos = await k('laudos')
    .insert(rows.map(() => ({ account_id: t.accountId, institution_id: t.institutionId })))
    .returning('id');
  await k.batchInsert(
    'studies',
    rows.map((_, n) => ({
      account_id: t.accountId,
      institution_id: t.institutionId,
      patient_ref: patients[n].id,
      study_instance_uid: `1.2.826.0.1.3680043.10.1453.20.${n}.${Date.now()}`,
      accession_number: n === 1 ? 'ORTO-77321' : `ACC-${n}`,
      modalities: ['CT'],
      exam_type: 'TC de crânio',
      exam_date: new Date(Date.UTC(2026, 0, 1, 0, n)),
      laudo_id: laudos[n].id,
    })),
    500,
  );
  await createTenant(suite.knex, { studies: 5 }); // another account's studies never show
  truth = (
    await k('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .where('s.account_id', t.accountId)
      .select('s.id', 'p.name', 'p.patient_id as patientId', 's.accession_number as accession', 's.sort_at as sortAt')
  ).map((r: Truth) => ({ ...r, sortAt: new Date(r.sortAt) }));
  token = await login(api, t.users.doctor!.username);
});

const list = (query: string) => api('GET', `/studies?${query}`, { token });
const ids = (res: { body: { studies: { id: string }[] } }) => res.body.studies.map((s) => s.id);

/** The search as the list means it: name without accents or case, IDs without case, contains. */
function expected(q: string, sort: 'asc' | 'desc' = 'desc'): string[] {
  const name = foldName(q);
  const id = q.toLowerCase();
  const dir = sort === 'desc' ? -1 : 1;
  return truth
    .filter(
      (r) => foldName(r.name).includes(name) || r.patientId.toLowerCase().includes(id) || r.accession.toLowerCase().includes(id),
    )
    .sort((a, b) => dir * (a.sortAt.getTime() - b.sortAt.getTime() || (a.id < b.id ? -1 : 1)))
    .map((r) => r.id);
}

it('caps the total at 1,000 and says so', async () => {
  const res = await list('pageSize=25');
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(1000);
  expect(res.body.totalCapped).toBe(true);
  const few = await list('pageSize=25&from=2026-01-01&to=2026-01-01');
  expect(few.body.totalCapped).toBe(false);
});

it('finds a name without its accents or case, on the oldest studies too', async () => {
  for (const q of ['jose conceicao', 'JOSÉ CONCEIÇÃO', 'Conceição']) {
    const res = await list(`pageSize=25&q=${encodeURIComponent(q)}`);
    expect(ids(res)).toEqual(expected(q));
    expect(ids(res)).toHaveLength(3);
    expect(res.body.total).toBe(3);
  }
});

it('finds a patient ID or accession number by any part of it, in any case', async () => {
  expect(ids(await list('q=99811'))).toEqual(expected('99811'));
  expect(ids(await list('q=xk-998'))).toHaveLength(3);
  expect(ids(await list('q=orto-773'))).toEqual([truth.find((r) => r.accession === 'ORTO-77321')!.id]);
});

it('pages a common name by offset and by cursor, both orders, as the whole search would', async () => {
  const all = expected('silva');
  expect(all.length).toBe(356);
  const first = await list('pageSize=25&q=silva');
  expect(ids(first)).toEqual(all.slice(0, 25));
  expect(first.body.total).toBe(356);
  expect(first.body.totalCapped).toBe(false);
  // A deep offset page goes past the newest studies the search reads first.
  expect(ids(await list('pageSize=100&page=4&q=silva'))).toEqual(all.slice(300, 356));
  expect(ids(await list('pageSize=25&q=silva&sort=asc'))).toEqual(expected('silva', 'asc').slice(0, 25));
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(`pageSize=100&q=silva${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...ids(res));
    cursor = res.body.nextCursor;
  } while (cursor);
  expect(seen).toEqual(all);
});

it('pages a rare name (only past the newest studies) by cursor, with its exact total', async () => {
  const all = expected('quintela');
  expect(all).toHaveLength(30);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(`pageSize=10&q=quintela${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.body.total).toBe(30);
    seen.push(...ids(res));
    cursor = res.body.nextCursor;
  } while (cursor);
  expect(seen).toEqual(all);
  expect(ids(await list('pageSize=10&page=3&q=quintela'))).toEqual(all.slice(20, 30));
});

it('combines the search with the other filters', async () => {
  const res = await list(`pageSize=25&q=silva&from=2026-01-01&to=2026-01-01&sort=asc`);
  // Exam times are minutes from 00:00 UTC on 1 January: São Paulo's 1 January starts at 03:00 UTC.
  const expectedIds = expected('silva', 'asc').filter((id) => {
    const at = truth.find((r) => r.id === id)!.sortAt.getTime();
    return at >= Date.UTC(2026, 0, 1, 3) && at < Date.UTC(2026, 0, 2, 3);
  });
  expect(ids(res)).toEqual(expectedIds.slice(0, 25));
});

it('writes trigrams at insert, so no search reads a pending list (GIN fastupdate off)', async () => {
  const options = await suite.knex.raw(
    `SELECT relname, reloptions FROM pg_class WHERE relname IN ('patients_name_search_trgm', 'patients_patient_id_trgm', 'studies_accession_trgm')`,
  );
  expect(options.rows).toHaveLength(3);
  for (const row of options.rows as { relname: string; reloptions: string[] | null }[]) {
    expect({ index: row.relname, options: row.reloptions }).toEqual({ index: row.relname, options: ['fastupdate=off'] });
  }
});

it('pages a term past the cap: by offset beyond the newest studies it reads first, and whole by cursor', async () => {
  // 'acc-' is on every accession but one: more than the cap, so no exact total.
  const all = expected('acc-');
  expect(all.length).toBeGreaterThan(1000);
  const first = await list('pageSize=25&q=acc-');
  expect(first.body).toMatchObject({ total: 1000, totalCapped: true });
  expect(ids(first)).toEqual(all.slice(0, 25));
  // Page 41 ends past the first 1,000 studies in list order: read from the index, then ordered.
  for (const sort of ['desc', 'asc'] as const) {
    const ordered = expected('acc-', sort);
    expect(ids(await list(`pageSize=25&page=41&q=acc-&sort=${sort}`))).toEqual(ordered.slice(1000, 1025));
    expect(ids(await list(`pageSize=100&page=11&q=acc-&sort=${sort}`))).toEqual(ordered.slice(1000, 1100));
  }
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(`pageSize=100&q=acc-${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...ids(res));
    cursor = res.body.nextCursor;
  } while (cursor);
  expect(seen).toEqual(all);
});

it('reads the same pages whichever plan the study sample tells, right or wrong', async () => {
  const sample = await loadStudySample(suite.knex, t.accountId);
  expect(sample.studies).toBe(STUDIES);
  expect(sample.size).toBeGreaterThan(400);
  // Every third study is a Silva's; a cluster sample of 500 patients holds about as many.
  expect(sample.share('silva', 'silva')).toBeGreaterThan(0.2);
  expect(sample.share('silva', 'silva')).toBeLessThan(0.45);
  const user = { id: t.users.doctor!.id, name: t.users.doctor!.name, superRole: false };
  const access = await loadAccess(suite.knex, user, t.accountId);
  // The real sample, none, and one forcing each plan whatever the term: 'collect' (share 0),
  // the same with the collection capped at 1,000, which 'acc-' (1,100) overflows, 'window' (every study),
  // 'newest' (past the collection cap, too few among the newest).
  const collect = () => ({ share: () => 0, studies: STUDIES });
  const plans = {
    real: { sample: () => sample },
    none: { sample: () => undefined },
    collect: { sample: collect },
    overflow: { sample: collect, collectCap: 1000 },
    window: { sample: () => ({ share: () => 1, studies: 1_000_000 }) },
    newest: { sample: () => ({ share: () => 0.01, studies: 1_000_000 }) },
  };
  // '107' matches studies 107 and 1070–1079 on their patient (name and ID) and accession number both.
  for (const q of ['silva', 'quintela', 'acc-', 'conceição', 'orto-773', 'p10', '107']) {
    for (const sort of ['desc', 'asc'] as const) {
      const all = expected(q, sort);
      const total = { total: Math.min(all.length, 1000), totalCapped: all.length > 1000 };
      for (const [name, search] of Object.entries(plans)) {
        const read = (query: Record<string, string>) =>
          readStudyPage(suite.knex, access, StudyListQuery.parse({ q, sort, ...query }), search);
        const first = await read({ pageSize: '25' });
        const label = `${q} ${sort} ${name}`;
        expect({ label, ids: first.rows.map((r) => r.id), total: first.total, capped: first.totalCapped }).toEqual({
          label,
          ids: all.slice(0, 25),
          total: total.total,
          capped: total.totalCapped,
        });
        // A page of 10 reads 11 rows: all 11 of '107''s, each found by both indexes.
        const small = await read({ pageSize: '10' });
        expect({ label, ids: small.rows.map((r) => r.id), more: Boolean(small.nextCursor) }).toEqual({
          label,
          ids: all.slice(0, 10),
          more: all.length > 10,
        });
        const deep = await read({ pageSize: '100', page: '4' });
        expect({ label, ids: deep.rows.map((r) => r.id) }).toEqual({ label, ids: all.slice(300, 400) });
        if (first.nextCursor) {
          const next = await read({ pageSize: '25', cursor: first.nextCursor });
          expect({ label, ids: next.rows.map((r) => r.id) }).toEqual({ label, ids: all.slice(25, 50) });
        }
      }
    }
  }
});

it("finds a patient's new name and ID, and a study moved to another patient, at once whichever plan", async () => {
  const k = suite.knex;
  const user = { id: t.users.doctor!.id, name: t.users.doctor!.name, superRole: false };
  const access = await loadAccess(suite.knex, user, t.accountId);
  // The two newest studies: each list walk (the window) reads them first.
  const [newest, second] = [...truth].sort((a, b) => b.sortAt.getTime() - a.sortAt.getTime());
  const patientOfStudy = async (id: string) => (await k('studies').where({ id }).first('patient_ref')).patient_ref as string;
  const [renamed, movedFrom] = [await patientOfStudy(newest!.id), await patientOfStudy(second!.id)];
  const before = await k('patients').where({ id: renamed }).first('name', 'patient_id');
  await k('patients').where({ id: renamed }).update({ name: 'Renata Vasconcelos', patient_id: 'ZQ-5521' });
  await k('studies').where({ id: second!.id }).update({ patient_ref: renamed });
  try {
    // The list's walk of the newest studies reads the patient's name and ID from the study row
    // (copies kept by triggers): every study of the account holds its patient's.
    const stale = async () =>
      Number(
        (await k('studies as s')
          .join('patients as p', 'p.id', 's.patient_ref')
          .where('s.account_id', t.accountId)
          .whereRaw('(s.patient_name_search, s.patient_id_search) is distinct from (p.name_search, lower(p.patient_id))')
          .count({ n: '*' })
          .first())!.n,
      );
    expect(await stale()).toBe(0);
    // The migration fills rows written before its triggers in batches, each past the last one's id.
    const cleared = await k('studies')
      .where('account_id', t.accountId)
      .update({ patient_name_search: null, patient_id_search: null });
    expect(cleared).toBe(STUDIES);
    await fillStudyPatientSearch(k, 7);
    expect(await stale()).toBe(0);
    const copied = await k('studies').whereIn('id', [newest!.id, second!.id]).pluck('patient_name_search');
    expect(copied).toEqual(['renata vasconcelos', 'renata vasconcelos']);
    const plans = {
      none: { sample: () => undefined },
      collect: { sample: () => ({ share: () => 0, studies: STUDIES }) },
      window: { sample: () => ({ share: () => 1, studies: 1_000_000 }) },
      newest: { sample: () => ({ share: () => 0.01, studies: 1_000_000 }) },
    };
    for (const [name, search] of Object.entries(plans)) {
      const found = async (q: string) =>
        (await readStudyPage(k, access, StudyListQuery.parse({ q, pageSize: '25' }), search)).rows.map((r) => r.id);
      expect({ name, ids: await found('vasconcelos') }).toEqual({ name, ids: [newest!.id, second!.id] });
      expect({ name, ids: await found('zq-552') }).toEqual({ name, ids: [newest!.id, second!.id] });
      expect({ name, ids: await found(before.name) }).toEqual({ name, ids: [] });
      expect({ name, ids: await found(second!.name) }).toEqual({ name, ids: [] });
    }
  } finally {
    await k('studies').where({ id: second!.id }).update({ patient_ref: movedFrom });
    await k('patients').where({ id: renamed }).update(before);
  }
});
