/**
 * Issue 14's audit log against the real platform and database: the hash chain the insert
 * trigger builds (also under 50 parallel inserts), the verifier finding an edited row (edited
 * with triggers off, as the database superuser, then put back), UPDATE / DELETE / TRUNCATE
 * refused, the rows a study read, a download and a report transition leave, and the viewer's
 * filters, keyset pages, account isolation and CSV export.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { describeChainReport, verifyAuditChain } from '../../services/audit/verify-chain';
import { testEnv } from '../setup/env';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { admin: [], doctor: DOCTOR_PERMISSIONS } });
  other = await createTenant(suite.knex, { studies: 1, users: { admin: [], doctor: DOCTOR_PERMISSIONS } });
  for (const tenant of [t, other])
    await suite.knex('user_accounts').where({ account_id: tenant.accountId, user_id: tenant.users.admin!.id }).update({ is_admin: true });
  Object.assign(
    tokens,
    await loginTokens(api, { admin: t.users.admin!, doctor: t.users.doctor!, otherAdmin: other.users.admin! }),
  );
});

const insertRow = (action: string, accountId: string | null = t.accountId) =>
  suite.knex('audit_log').insert({ account_id: accountId, user_id: t.users.doctor!.id, action, detail: { n: action } });

/** Runs `sql` with the triggers off (superuser only), as a forger with database access would. */
async function forge(sql: string, bindings: readonly Knex.RawBinding[]): Promise<void> {
  await suite.knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx.raw(sql, bindings);
  });
}

function runVerifyCommand(): { status: number | null; out: string } {
  const r = spawnSync('npm', ['run', '--silent', 'audit:verify'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: testEnv('databaseUrl') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('hash chain', () => {
  it('chains every insert, 50 in parallel included, into one line the verifier accepts', async () => {
    await insertRow('test.single');
    await Promise.all(Array.from({ length: 50 }, (_, n) => insertRow(`test.parallel.${n}`)));
    const rows: { id: string; prev_hash: string; hash: string }[] = await suite
      .knex('audit_log')
      .orderBy('audit_log.id')
      .select(suite.knex.raw('id::text AS id'), 'prev_hash', 'hash');
    // One linear chain: every prev_hash is the hash of the row before, none shared.
    for (let i = 1; i < rows.length; i++) expect([rows[i]!.id, rows[i]!.prev_hash]).toEqual([rows[i]!.id, rows[i - 1]!.hash]);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    const report = await verifyAuditChain(suite.knex);
    expect(report).toEqual({ intact: true, rows: rows.length });
    expect(describeChainReport(report)).toBe(`chain intact, ${rows.length} rows`);
  });

  it('reports an edited row at that row, and the command exits non-zero', async () => {
    await insertRow('test.before-edit');
    const [victim] = await insertRow('test.to-edit').returning(['id', 'detail', 'hash']);
    await insertRow('test.after-edit');
    await forge(`UPDATE audit_log SET detail = '{"n": "forged"}' WHERE id = ?`, [victim.id]);
    try {
      const report = await verifyAuditChain(suite.knex);
      expect(report.intact).toBe(false);
      if (report.intact) return;
      expect(report.broken).toMatchObject({ id: String(victim.id), field: 'hash', found: victim.hash });
      expect(report.broken.expected).not.toBe(victim.hash);
      const cmd = runVerifyCommand();
      expect(cmd.status).toBe(1);
      expect(cmd.out).toContain(`chain broken at row ${victim.id} (hash)`);
    } finally {
      await forge('UPDATE audit_log SET detail = ? WHERE id = ?', [JSON.stringify(victim.detail), victim.id]);
    }
    const cmd = runVerifyCommand();
    expect([cmd.status, cmd.out]).toEqual([0, expect.stringMatching(/chain intact, \d+ rows/)]);
  });

  it('reports a removed row at the row after it', async () => {
    const [gone] = await insertRow('test.to-remove').returning('*');
    const [next] = await insertRow('test.after-remove').returning(['id']);
    // `at` as text keeps its microseconds (a Date would not): the row goes back exactly.
    gone.at = (await suite.knex('audit_log').where({ id: gone.id }).first(suite.knex.raw('at::text AS at'))).at;
    await forge('DELETE FROM audit_log WHERE id = ?', [gone.id]);
    try {
      const report = await verifyAuditChain(suite.knex);
      expect(report).toMatchObject({ intact: false, broken: { id: String(next.id), field: 'prev_hash', found: gone.hash } });
    } finally {
      const { id, ...fields } = gone;
      await forge(
        `INSERT INTO audit_log (id, ${Object.keys(fields).join(', ')}) VALUES (?, ${Object.keys(fields).map(() => '?').join(', ')})`,
        [id, ...Object.values(fields).map((v) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v))],
      );
    }
    expect((await verifyAuditChain(suite.knex)).intact).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE with a clear message', async () => {
    const [row] = await insertRow('test.append-only').returning(['id']);
    await expect(suite.knex('audit_log').where({ id: row.id }).update({ action: 'x' })).rejects.toThrow(
      /audit_log is append-only: UPDATE refused/,
    );
    await expect(suite.knex('audit_log').where({ id: row.id }).delete()).rejects.toThrow(/audit_log is append-only: DELETE refused/);
    await expect(suite.knex.raw('TRUNCATE audit_log')).rejects.toThrow(/audit_log is append-only: TRUNCATE refused/);
    expect(await suite.knex('audit_log').where({ id: row.id }).first('action')).toEqual({ action: 'test.append-only' });
  });

  it('GET /audit/verify is for the super role only', async () => {
    expect((await api('GET', '/audit/verify', { token: tokens.admin })).status).toBe(403);
    const sup = await createTenant(suite.knex, { studies: 0, users: { super: [] } });
    await suite.knex('users').where({ id: sup.users.super!.id }).update({ super_role: true });
    const { super: token } = await loginTokens(api, { super: sup.users.super! });
    const res = await api('GET', '/audit/verify', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ intact: true, rows: Number((await suite.knex('audit_log').count({ n: '*' }))[0]!.n) });
  });
});

/** The newest row of `action` for the tenant's study, waiting for asynchronous writers. */
async function rowOf(action: string, studyId: string) {
  for (let i = 0; i < 50; i++) {
    const row = await suite.knex('audit_log').where({ action, study_id: studyId }).orderBy('id', 'desc').first();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

describe('what is audited', () => {
  it('a study read, a report read, a download and a report transition each leave one row', async () => {
    const studyId = t.studyIds[0]!;
    const doctor = t.users.doctor!.id;
    expect((await api('GET', `/studies/${studyId}`, { token: tokens.doctor })).status).toBe(200);
    expect(await rowOf('study.read', studyId)).toMatchObject({ account_id: t.accountId, user_id: doctor });

    const start = await api('POST', `/studies/${studyId}/reports/start`, { token: tokens.doctor, body: {} });
    expect(start.status).toBe(200);
    const transition = await rowOf('laudo.start', studyId);
    expect(transition).toMatchObject({ account_id: t.accountId, user_id: doctor, detail: expect.objectContaining({ from: 0, to: 1 }) });
    expect(transition!.laudo_id).toBeTruthy();
    expect(await suite.knex('audit_log').where({ action: 'laudo.start', study_id: studyId }).count({ n: '*' })).toEqual([{ n: '1' }]);

    expect((await api('GET', `/studies/${studyId}/reports/content`, { token: tokens.doctor })).status).toBe(200);
    expect(await rowOf('report.read', studyId)).toMatchObject({ user_id: doctor, detail: expect.objectContaining({ laudoId: transition!.laudo_id }) });

    const dl = await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&activeLaudos=1`, { token: tokens.doctor });
    expect(dl.status).toBe(200);
    expect(await rowOf('study.download', studyId)).toMatchObject({
      account_id: t.accountId,
      user_id: doctor,
      detail: expect.objectContaining({ shortKey: dl.body.shortKey, reports: true }),
    });
  });
});

describe('viewer', () => {
  it('filters by user, action prefix, patient, study and date, newest first in keyset pages', async () => {
    const studyId = t.studyIds[1]!;
    await api('GET', `/studies/${studyId}`, { token: tokens.doctor });
    await api('GET', `/studies/${studyId}`, { token: tokens.admin });
    await api('GET', `/studies/${studyId}/reports/content`, { token: tokens.doctor });

    const byDoctor = await api('GET', `/audit?userId=${t.users.doctor!.id}&studyId=${studyId}`, { token: tokens.admin });
    expect(byDoctor.status).toBe(200);
    expect(byDoctor.body.rows.map((r: { action: string }) => r.action)).toEqual(['report.read', 'study.read']);
    expect(byDoctor.body.rows[0]).toMatchObject({ userName: t.users.doctor!.name, patientName: expect.stringMatching(/^Paciente /) });

    const prefix = await api('GET', `/audit?action=study.&studyId=${studyId}`, { token: tokens.admin });
    expect(prefix.body.rows.map((r: { action: string }) => r.action)).toEqual(['study.read', 'study.read']);

    const patient = byDoctor.body.rows[0].patientName as string;
    const byPatient = await api('GET', `/audit?patient=${encodeURIComponent(patient.slice(-8))}&action=report.`, { token: tokens.admin });
    expect(byPatient.body.rows.length).toBeGreaterThanOrEqual(1);
    expect(byPatient.body.rows.every((r: { patientName: string }) => r.patientName === patient)).toBe(true);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api('GET', `/audit?from=${encodeURIComponent(future)}`, { token: tokens.admin })).body.rows).toEqual([]);
    const past = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    expect((await api('GET', `/audit?to=${past}`, { token: tokens.admin })).body.rows).toEqual([]);

    // Keyset: pages of one, newest first, no row twice, ending with a null cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { rows: { id: string }[]; nextCursor: string | null } } = await api(
        'GET',
        `/audit?studyId=${studyId}&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`,
        { token: tokens.admin },
      );
      seen.push(...page.body.rows.map((r) => r.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(3);
    expect([...seen].sort((a, b) => Number(b) - Number(a))).toEqual(seen);
  });

  it("never shows another account's rows, and only administrators read it", async () => {
    await insertRow('test.other-account', other.accountId);
    const mine = await api('GET', '/audit?action=test.&pageSize=200', { token: tokens.admin });
    expect(mine.body.rows.some((r: { action: string }) => r.action === 'test.other-account')).toBe(false);
    const theirs = await api('GET', '/audit?action=test.other-account', { token: tokens.otherAdmin });
    expect(theirs.body.rows.map((r: { action: string }) => r.action)).toEqual(['test.other-account']);
    expect((await api('GET', `/audit?studyId=${t.studyIds[0]}`, { token: tokens.otherAdmin })).body.rows).toEqual([]);
    expect((await api('GET', '/audit', { token: tokens.doctor })).status).toBe(403);
    expect((await api('GET', '/audit/export.csv', { token: tokens.doctor })).status).toBe(403);
    expect((await api('GET', '/audit?from=25/11/2026', { token: tokens.admin })).status).toBe(400);
  });

  it('exports the filtered rows as RFC 4180 CSV with formula cells neutralised', async () => {
    await suite.knex('audit_log').insert({
      account_id: t.accountId,
      user_id: t.users.admin!.id,
      action: 'test.csv',
      detail: {},
      ip: '=HYPERLINK("x")',
    });
    const res = await fetch(`${suite.platform.url}/api/audit/export.csv?action=test.csv`, { headers: { access_token: tokens.admin! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('"id","at","action","user_id","user","study_id","laudo_id","patient","patient_id","ip","detail"');
    expect(lines).toHaveLength(3); // header, the row, the final CRLF
    expect(lines[1]).toContain(`"test.csv","${t.users.admin!.id}","${t.users.admin!.name}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")","{}"`);
    // The export is itself audited, for the account.
    expect(await suite.knex('audit_log').where({ action: 'audit.export', account_id: t.accountId }).first()).toMatchObject({
      user_id: t.users.admin!.id,
      detail: { action: 'test.csv' },
    });
    const theirs = await fetch(`${suite.platform.url}/api/audit/export.csv?action=test.csv`, { headers: { access_token: tokens.otherAdmin! } });
    expect((await theirs.text()).replace(/^\uFEFF/, '').split('\r\n')).toHaveLength(2);
  });
});
