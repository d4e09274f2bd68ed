/**
 * QIDO name searches read the trigram index with the windows an account's name sample picks
 * (ADR 043): the same studies are found with and without the sample, on names that all share
 * their common trigrams ('Nome<n> Sobrenome<n % 7>', as in bench:qido).
 */
import type { DicomwebCaller } from '../../api/dicomweb/auth';
import { searchStudies } from '../../api/dicomweb/qido';
import { parseQido } from '../../api/dicomweb/qido-keys';
import { loadNameSample } from '../../api/search/name-samples';
import { type Tenant, createTenant } from '../support/fixtures';
import { institutionCaller, seedPatientStudies } from '../support/patient-studies';
import { platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite();
const N = 600;
let t: Tenant;
let caller: DicomwebCaller;

/**
 * Patient n's name: 'Nome<n> Sobrenome<n % 7>', as the bench writes them, and the last 20 'Lame<n - 280>',
 * whose digits hold what a window of 'Nome3…' may read, and not the whole word.
 */
const givenName = (n: number) => (n > N - 20 ? `Lame${n - 280}` : `Nome${n}`);
const patientName = (n: number) => `${givenName(n)} Sobrenome${n % 7}`;
/** The header's, family first. */
const headerName = (n: number) => `Sobrenome${n % 7}^${givenName(n)}`;

beforeAll(async () => {
  const knex = suite.knex;
  t = await createTenant(knex, { studies: 0, users: { doctor: [] } });
  caller = institutionCaller(t.accountId, t.institutionId);
  await knex('patients').insert(
    Array.from({ length: N }, (_, i) => ({ account_id: t.accountId, patient_id: `PID${i + 1}`, name: patientName(i + 1) })),
  );
  await seedPatientStudies(knex, t.accountId, t.institutionId, N);
});

/** The study numbers a search finds, in order, and whether its statement read windows. */
async function search(query: string): Promise<{ found: number[]; windowed: boolean }> {
  const statements: string[] = [];
  const capture = (q: { sql: string }) => statements.push(q.sql);
  suite.knex.on('query', capture);
  try {
    const rows = await searchStudies(suite.knex, caller, parseQido(Object.fromEntries(new URLSearchParams(query)), 'study'), 'x');
    const found = rows.map((r) => Number(String((r['00081190']!.Value as string[])[0]).split('2.25.')[1]));
    return { found, windowed: statements.some((s) => s.includes(`(p.name_search || '')`)) };
  } finally {
    suite.knex.off('query', capture);
  }
}

/** What a search must find, newest first (the studies' exam dates grow with n). */
function expected(match: (n: number) => boolean): number[] {
  return Array.from({ length: N }, (_, i) => N - i).filter(match);
}

const cases: [query: string, match: (n: number) => boolean][] = [
  ['PatientName=*Nome307*&limit=1000', (n) => headerName(n).toLowerCase().includes('nome307')],
  ['PatientName=Sobrenome3*&limit=1000', (n) => n % 7 === 3],
  ['PatientName=*nome1?0*&limit=1000', (n) => /nome1.0/.test(headerName(n).toLowerCase())],
  ['PatientName=nome30&fuzzymatching=true&limit=1000', (n) => givenName(n).startsWith('Nome30')],
  ['PatientName=nome307&fuzzymatching=true&limit=1000', (n) => givenName(n) === 'Nome307'],
  ['PatientName=*e31*&limit=1000', (n) => headerName(n).toLowerCase().includes('e31')],
  ['PatientName=sobrenome4 nome45&fuzzymatching=true&limit=1000', (n) => n % 7 === 4 && givenName(n).startsWith('Nome45')],
];

it('finds the same studies before and after the account has a name sample, and reads windows once it has', async () => {
  // Before: the first search starts the sample's read, and does not wait for it.
  for (const [query, match] of cases) expect((await search(query)).found).toEqual(expected(match));
  const sample = await loadNameSample(suite.knex, t.accountId);
  expect(sample.size).toBeGreaterThanOrEqual(N);
  expect(sample.frequency('nom')).toBeGreaterThan(0.95);
  for (const [query, match] of cases) expect((await search(query)).found).toEqual(expected(match));
  // 'nom', 'ome', 'sob'… are in every name: the index reads the rest.
  expect((await search('PatientName=*Nome307*')).windowed).toBe(true);
  expect((await search('PatientName=nome307&fuzzymatching=true')).windowed).toBe(true);
});

it('leaves another account without a sample, and its searches find only its own studies', async () => {
  const other = await createTenant(suite.knex, { studies: 0, users: { doctor: [] } });
  const rows = await searchStudies(
    suite.knex,
    { ...caller, accountId: other.accountId, institutionIds: [other.institutionId] },
    parseQido({ PatientName: '*Nome307*' }, 'study'),
    'x',
  );
  expect(rows).toEqual([]);
  expect((await loadNameSample(suite.knex, other.accountId)).frequency('nom')).toBe(0);
});
