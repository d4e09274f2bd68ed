/**
 * Management reports (issue 18): the projection stamps `laudos.finished_at` on concluding and
 * clears it on reopening (real workflow); productivity, the management summary and canceled
 * exams count the caller's studies only, by calendar day in America/Sao_Paulo (a report done
 * at 23:30 local belongs to that day, not the UTC one); the management report refuses more than
 * 30 days; CSV and XLSX carry the same rows; readers need MANAGEMENT_REPORTS_READ.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { fetchBytes, actAs, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let a: Tenant;
let b: Tenant;
const tokens: Record<string, string> = {};
let act: ReturnType<typeof actAs>;
const MINUTE = 60_000;

beforeAll(async () => {
  a = await createTenant(suite.knex, {
    studies: 7,
    users: {
      doctor: DOCTOR_PERMISSIONS,
      doctor2: DOCTOR_PERMISSIONS,
      coordinator: ['MANAGEMENT_REPORTS_READ', 'STUDIES_CHANGE_EXAM_STATUS'],
      nobody: ['STUDIES_RETRIEVE_REPORTS'],
    },
  });
  b = await createTenant(suite.knex, { studies: 1, users: { manager: ['MANAGEMENT_REPORTS_READ'] } });
  Object.assign(tokens, await loginTokens(api, { ...a.users, outsider: b.users.manager! }));
  act = actAs(api, tokens);
});

const finishedAt = async (studyId: string) =>
  await suite
    .knex('studies as s')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .where('s.id', studyId)
    .first('l.finished_at', 'l.state');

it('concluding stamps finished_at, signing-free reopening clears it (the real workflow projection)', async () => {
  const id = a.studyIds[0]!;
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  const before = Date.now();
  await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Sem alterações.</p>', finish: true });
  const done = await eventually(
    () => finishedAt(id),
    (r) => r.state === 2,
    { what: 'state 2' },
  );
  expect(done.finished_at).not.toBeNull();
  expect(new Date(done.finished_at).getTime()).toBeGreaterThanOrEqual(before - 5000);
  await act('doctor', 'POST', `/studies/${id}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
  const reopened = await eventually(
    () => finishedAt(id),
    (r) => r.state === 1,
    { what: 'state 1' },
  );
  expect(reopened.finished_at).toBeNull();
});

describe('figures over a fixed period', () => {
  // 2026-11-10 in São Paulo is [2026-11-10T03:00Z, 2026-11-11T03:00Z).
  const DAY = { from: '2026-11-10', to: '2026-11-10' };
  const qs = (p: Record<string, string>) => `?${new URLSearchParams(p)}`;

  beforeAll(async () => {
    const k = suite.knex;
    const routine = await k('routines').where({ account_id: a.accountId, is_default: true }).first('id', 'duration_minutes');
    /** Study n received `turnaround` minutes before `at`, its report done by `who` at `at` in `state`. */
    const place = async (n: number, who: string, at: string, turnaround: number, state: number, withRoutine = true) => {
      const study = await k('studies').where({ id: a.studyIds[n] }).first('laudo_id');
      await k('studies')
        .where({ id: a.studyIds[n] })
        .update({
          received_at: new Date(Date.parse(at) - turnaround * MINUTE),
          routine_id: withRoutine ? routine.id : null,
          laudo_state: state,
          laudo_user_id: a.users[who]!.id,
          modalities: n === 3 ? ['MR'] : ['CT'],
        });
      await k('laudos').where({ id: study.laudo_id }).update({ state, version: 1, user_id: a.users[who]!.id, finished_at: at });
    };
    // 23:30 local on the 10th (02:30Z on the 11th): in the period.
    await place(1, 'doctor', '2026-11-11T02:30:00Z', 60, 2);
    await place(2, 'doctor', '2026-11-10T12:00:00Z', 120, 3);
    // Past its routine's deadline when done.
    await place(3, 'doctor2', '2026-11-10T15:00:00Z', routine.duration_minutes + 30, 3);
    // 23:30 local on the 9th (02:30Z on the 10th): outside.
    await place(4, 'doctor2', '2026-11-10T02:30:00Z', 10, 2);
  });

  it('productivity per doctor: reports, signed, routine weight, median and p90 turnaround, by modality and exam', async () => {
    const res = await act('coordinator', 'GET', `/management/productivity${qs(DAY)}`);
    expect(res.period).toEqual(DAY);
    const doctor = res.doctors.find((d: { userId: string }) => d.userId === a.users.doctor!.id);
    expect(doctor).toMatchObject({
      name: a.users.doctor!.name,
      reports: 2,
      signed: 1,
      weight: 2,
      turnaround: { p50: 90, p90: 114 },
    });
    expect(doctor.byExam).toEqual([{ modality: 'CT', examType: 'TC de crânio', reports: 2 }]);
    const doctor2 = res.doctors.find((d: { userId: string }) => d.userId === a.users.doctor2!.id);
    expect(doctor2).toMatchObject({ reports: 1, signed: 1, byExam: [{ modality: 'MR', examType: 'TC de crânio', reports: 1 }] });
    // The day before holds only study 4's report.
    const before = await act('coordinator', 'GET', `/management/productivity${qs({ from: '2026-11-09', to: '2026-11-09' })}`);
    expect(before.doctors).toEqual([expect.objectContaining({ userId: a.users.doctor2!.id, reports: 1, signed: 0 })]);
  });

  it('the management summary: volumes by day and modality, turnaround percentiles, overdue rate', async () => {
    const res = await act('coordinator', 'GET', `/management/summary${qs({ from: '2026-11-09', to: '2026-11-10' })}`);
    expect(res.finished).toBe(4);
    expect(res.days).toEqual([
      { day: '2026-11-09', received: expect.any(Number), finished: 1 },
      { day: '2026-11-10', received: expect.any(Number), finished: 3 },
    ]);
    expect(res.withRoutine).toBe(4);
    expect(res.finishedLate).toBe(1);
    expect(res.overdueRate).toBe(0.25);
    expect(res.byModality).toEqual(expect.arrayContaining([expect.objectContaining({ modality: 'MR', finished: 1 })]));
    expect(res.turnaround.p50).toBeGreaterThan(0);
  });

  it('the management report covers at most 30 days; bad periods are refused', async () => {
    await act('coordinator', 'GET', `/management/summary${qs({ from: '2026-10-12', to: '2026-11-10' })}`);
    const long = await act('coordinator', 'GET', `/management/summary${qs({ from: '2026-10-11', to: '2026-11-10' })}`, {}, 400);
    expect(long.error).toEqual({
      code: 'MANAGEMENT_PERIOD_TOO_LONG',
      description: 'O relatório gerencial é limitado a intervalos de até 30 dias.',
    });
    for (const bad of [
      { from: '2026-11-11', to: '2026-11-10' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '10/11/2026', to: '2026-11-10' },
    ]) {
      expect((await act('coordinator', 'GET', `/management/summary${qs(bad)}`, {}, 400)).error.code).toBe('MALFORMED_REQUEST');
    }
  });

  it('readers need the permission; another account sees none of these figures', async () => {
    const refused = await act('nobody', 'GET', `/management/productivity${qs(DAY)}`, {}, 403);
    expect(refused.error.code).toBe('CANNOT_READ_MANAGEMENT_REPORTS');
    await act('nobody', 'GET', `/management/summary${qs(DAY)}`, {}, 403);
    await act('nobody', 'GET', `/management/productivity.csv${qs(DAY)}`, {}, 403);
    expect((await act('outsider', 'GET', `/management/productivity${qs(DAY)}`)).doctors).toEqual([]);
    expect((await act('outsider', 'GET', `/management/summary${qs(DAY)}`)).finished).toBe(0);
    // An institution of another account filters to nothing rather than leaking.
    expect(
      (await act('outsider', 'GET', `/management/productivity${qs({ ...DAY, institutionId: a.institutionId })}`)).doctors,
    ).toEqual([]);
  });

  it('CSV and XLSX exports carry the rows', async () => {
    const csv = await fetchBytes(suite.apiUrl(`/management/productivity.csv${qs(DAY)}`), tokens.coordinator);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Médico,Modalidade,Exame,Laudos,Assinados digitalmente,Peso das rotinas,Mediana (min),p90 (min)');
    expect(lines).toContain(`${a.users.doctor!.name},,,2,1,2,90,114`);
    expect(lines).toContain(`${a.users.doctor!.name},CT,TC de crânio,2,,,,`);
    const xlsx = await fetchBytes(suite.apiUrl(`/management/productivity.xlsx${qs(DAY)}`), tokens.coordinator);
    expect(xlsx.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'mgmt-'));
    writeFileSync(path.join(dir, 'p.xlsx'), xlsx.bytes);
    expect(execFileSync('unzip', ['-t', path.join(dir, 'p.xlsx')]).toString()).toContain('No errors detected');
    const sheet = execFileSync('unzip', ['-p', path.join(dir, 'p.xlsx'), 'xl/worksheets/sheet1.xml']).toString();
    expect(sheet).toContain(a.users.doctor!.name);
    expect(sheet).toContain('Mediana (min)');
  });
});

it('canceled exams: when and by whom, in the period, and exported', async () => {
  const id = a.studyIds[6]!;
  await act('coordinator', 'PUT', `/studies/${id}/exam-status`, { status: 'CANCELED' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const res = await act('coordinator', 'GET', `/management/canceled-exams?from=${today}&to=${today}`);
  expect(res.exams).toEqual([
    expect.objectContaining({ id, canceledBy: a.users.coordinator!.name, examType: 'TC de crânio', modalities: ['CT'] }),
  ]);
  expect(res.exams[0].canceledAt).not.toBeNull();
  const csv = await fetchBytes(suite.apiUrl(`/management/canceled-exams.csv?from=${today}&to=${today}`), tokens.coordinator);
  expect(csv.bytes.toString('utf8')).toContain(a.users.coordinator!.name);
  expect((await act('outsider', 'GET', `/management/canceled-exams?from=${today}&to=${today}`)).exams).toEqual([]);
});
