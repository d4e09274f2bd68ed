/**
 * Study download through the clinic's Connect agent, against the whole platform and a real
 * agent process: connect/check per study (setting off, no Connect, unreachable, reachable
 * after the agent's first poll), prepareDownload mode=connect queues the request and the
 * agent writes the normal downloadWorkflow's zip under fullPath — DICOMs byte for byte and
 * readable by dcmdump, the concluded but unsigned report versions as PDFs whose text
 * pdftotext shows; fullPath validation (UNC too), the agent's DOWNLOAD_ROOT (a folder outside
 * it is reported failed, nothing written), who sees the folder and the agent's error, and
 * tenant isolation (users and agents).
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnect } from '../../services/connects/connects';
import { CONNECT_REACHABLE_MS, MAX_FULL_PATH } from '../../domain/connect/download-request';
import { ensureDocumentTools, findDcmtk } from '../../scripts/tools';
import { type AgentEnv, agentEnvFor, datasetBytes, startAgentProcess } from '../support/connect-agent';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';
import { killHard } from '../support/worker-process';
import { workflowFailures } from '../support/workflow-failures';
import { downloadWorkflowId } from '../../workflows/download/messages';

jest.setTimeout(180_000);

const suite = platformSuite({
  overrides: { STUDY_STABLE_SECONDS: '0.2' },
  beforeStop: async () => {
    if (agent) await killHard(agent);
  },
});
const api = suite.api;
let t: Tenant;
let other: Tenant;
let token: string;
let colleagueToken: string;
let otherToken: string;
let studyId: string;
let connectKey: string;
let connectId: string;
let otherKey: string;
let agent: ChildProcess | undefined;
let agentLog: () => string = () => '';
let work: string;
const study = makeStudy({ series: 2, perSeries: 2, modalities: ['CT', 'CT'], patientId: 'P-CONNECT', patientName: 'Lima^Rui' });

const check = async (tk = token, id = studyId) => api('GET', `/studies/${id}/connect/check`, { token: tk });
const setAllowed = (on: boolean) => setAccountConfig(suite.knex, t.accountId, { allowDownloadConnect: String(on) });
const prepare = (qs: string, tk = token) => api('GET', `/medicalRecords/prepareDownload?${qs}`, { token: tk });
const connectQs = (fullPath: string, extra = 'dicomSeries=1') =>
  `studyIds=${studyId}&${extra}&mode=connect&fullPath=${encodeURIComponent(fullPath)}`;

async function act(method: string, url: string, body: unknown = {}) {
  const res = await api(method, url, { token, body });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function agentEnv(key: string, name: string): Promise<AgentEnv> {
  // The agent writes only under DOWNLOAD_ROOT: the clinic folders of these tests are in it.
  return agentEnvFor(suite.platform.url, key, path.join(work, `spool-${name}`), {
    DOWNLOAD_POLL_MS: '300',
    DOWNLOAD_ROOT: path.join(work, 'clinica'),
  });
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((p) => fs.statSync(path.join(dir, p)).isFile())
    .map((p) => p.split(path.sep).join('/'))
    .sort();
}

beforeAll(async () => {
  ensureDocumentTools(); // pdftotext
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-download-'));
  t = await createTenant(suite.knex, {
    studies: 0,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'], colleague: DOCTOR_PERMISSIONS },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  token = await login(api, t.users.doctor!.username);
  colleagueToken = await login(api, t.users.colleague!.username);
  otherToken = await login(api, other.users.doctor!.username);
  studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);
  // Version 1 concluded without a signature, reopened (archived), version 2 concluded unsigned.
  await act('POST', `/studies/${studyId}/reports/start`);
  await act('POST', `/studies/${studyId}/reports/save`, { content: '<p>Primeira versão: pulmões limpos.</p>' });
  await act('POST', `/studies/${studyId}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
  await act('POST', `/studies/${studyId}/reports/save`, { content: '<p>Segunda versão: nódulo de 4 mm.</p>' });
  const laudo = await suite.knex('laudos').where({ account_id: t.accountId }).first('state', 'version');
  expect(laudo).toMatchObject({ state: 2, version: 2 });
  expect(await suite.knex('laudo_documents').where({ account_id: t.accountId })).toHaveLength(0);

  const created = await createConnect(suite.knex, t.accountId, { institutionId: t.institutionId, name: 'Sala 1' }, null);
  connectKey = created.key;
  connectId = created.connect.id;
  otherKey = (await createConnect(suite.knex, other.accountId, { institutionId: other.institutionId, name: 'Outra' }, null)).key;
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('connect/check', () => {
  it('is off while the account does not allow Connect downloads', async () => {
    const res = await check();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ available: false, reason: 'SETTING_OFF' });
    expect((await prepare(connectQs('/srv/exames'))).body.error.code).toBe('CONNECT_UNAVAILABLE');
  });

  it('without an active Connect for the study, there is none', async () => {
    await setAllowed(true);
    await suite.knex('connects').where({ id: connectId }).update({ active: false });
    try {
      expect((await check()).body).toEqual({ available: false, reason: 'NO_CONNECT' });
    } finally {
      await suite.knex('connects').where({ id: connectId }).update({ active: true });
    }
  });

  it('is unreachable until the agent polls, then reachable', async () => {
    expect((await check()).body).toMatchObject({
      available: false,
      reason: 'UNREACHABLE',
      connect: { id: connectId, lastSeenAt: null },
    });
    const res = await prepare(connectQs('/srv/exames'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONNECT_UNAVAILABLE');

    const started = await startAgentProcess(await agentEnv(connectKey, 'clinic'));
    agent = started.child;
    agentLog = started.output;
    const ok = await eventually(check, (r) => r.body.available === true, { timeout: 20_000, what: 'Connect reachable' });
    expect(ok.body).toMatchObject({ available: true, connect: { id: connectId, name: 'Sala 1' } });
    const seen = (await suite.knex('connects').where({ id: connectId }).first('last_seen_at')).last_seen_at;
    expect(Date.now() - new Date(seen).getTime()).toBeLessThan(5_000);
  });

  it("answers 404 for another tenant's study", async () => {
    const res = await check(otherToken);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await api('GET', `/studies/${studyId}/connect/check`)).status).toBe(401);
  });
});

it('queues the download and the agent writes the zip under fullPath: DICOMs intact, unsigned report versions as PDFs', async () => {
  const dest = path.join(work, 'clinica', 'Exames Recebidos');
  const res = await prepare(
    connectQs(dest, 'dicomSeries=1&activeLaudos=1&inactiveLaudos=1&includePatientId=1&includeAccessionNumber=0'),
  );
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ finished: false, queued: true, shortKey: expect.any(String), requestId: expect.any(String) });

  const list = () => api('GET', `/medicalRecords/connectDownloads?studyId=${studyId}`, { token });
  const done = await eventually(
    async () => (await list()).body.requests.find((r: { id: string }) => r.id === res.body.requestId),
    (r) => r?.status === 'done' || r?.status === 'failed',
    { timeout: 60_000, interval: 200, what: 'Connect download written' },
  ).catch((err: Error) => {
    throw new Error(`${err.message}\nagent:\n${agentLog()}`);
  });
  if (done.status !== 'done') {
    // The request says only 'Erro ao gerar download': the workflow's history says why.
    const why = await workflowFailures(downloadWorkflowId(t.accountId, res.body.shortKey));
    throw new Error(`the download failed: ${done.error}\nworkflow:\n${why}\nagent:\n${agentLog()}`);
  }
  expect(done).toMatchObject({ status: 'done', fullPath: dest, files: 6, error: null });

  const written = filesUnder(dest);
  expect(written.filter((p) => p.startsWith('P-CONNECT/DICOM/') && p.endsWith('.dcm'))).toHaveLength(4);
  expect(written).toEqual(expect.arrayContaining(['P-CONNECT/Laudos/laudo.pdf', 'P-CONNECT/Laudos/laudo-v1-inativo.pdf']));
  expect(written).toHaveLength(6);
  // Every DICOM is the data set that was sent, and dcmdump reads it.
  const sent = new Set(study.files.map((f) => datasetBytes(f).toString('base64')));
  for (const p of written.filter((x) => x.endsWith('.dcm'))) {
    expect(sent.has(datasetBytes(fs.readFileSync(path.join(dest, p))).toString('base64'))).toBe(true);
  }
  const dump = execFileSync(findDcmtk('dcmdump'), [
    path.join(
      dest,
      written.find((p) => p.endsWith('.dcm'))!,
    ),
  ]).toString();
  expect(dump).toContain(study.studyUid);
  const text = (p: string) => execFileSync('pdftotext', [path.join(dest, p), '-']).toString();
  expect(text('P-CONNECT/Laudos/laudo.pdf')).toContain('Segunda versão: nódulo de 4 mm.');
  expect(text('P-CONNECT/Laudos/laudo-v1-inativo.pdf')).toContain('Primeira versão: pulmões limpos.');
  // The agent's working copy of the zip is gone.
  const zips = path.join(work, 'spool-clinic', 'download-zips');
  expect(fs.existsSync(zips) ? fs.readdirSync(zips) : []).toEqual([]);
});

const waitForEnd = (requestId: string, tk = token) =>
  eventually(
    async () =>
      (await api('GET', `/medicalRecords/connectDownloads?studyId=${studyId}`, { token: tk })).body.requests.find(
        (r: { id: string }) => r.id === requestId,
      ),
    (r) => r?.status === 'done' || r?.status === 'failed',
    { timeout: 60_000, interval: 200, what: 'Connect download finished' },
  ).catch((err: Error) => {
    throw new Error(`${err.message}\nagent:\n${agentLog()}`);
  });

it('the agent refuses a folder outside its DOWNLOAD_ROOT: the request fails with the reason, nothing is written', async () => {
  const outside = path.join(work, 'fora-da-raiz', 'Exames');
  const res = await prepare(connectQs(outside));
  expect(res.status).toBe(200);
  const failed = await waitForEnd(res.body.requestId);
  expect(failed).toMatchObject({ status: 'failed', fullPath: outside, files: null });
  expect(failed.error).toMatch(/outside DOWNLOAD_ROOT/);
  expect(fs.existsSync(path.join(work, 'fora-da-raiz'))).toBe(false);
  const zips = path.join(work, 'spool-clinic', 'download-zips');
  expect(fs.existsSync(zips) ? fs.readdirSync(zips) : []).toEqual([]);

  // Another user who sees the study gets the status only; an administrator sees the reason.
  const asColleague = await waitForEnd(res.body.requestId, colleagueToken);
  expect(asColleague).toMatchObject({ status: 'failed', fullPath: null, error: null });
  await suite.knex('user_accounts').where({ user_id: t.users.colleague!.id, account_id: t.accountId }).update({ is_admin: true });
  try {
    const asAdmin = await waitForEnd(res.body.requestId, colleagueToken);
    expect(asAdmin).toMatchObject({ status: 'failed', fullPath: outside, error: expect.stringMatching(/outside DOWNLOAD_ROOT/) });
  } finally {
    await suite
      .knex('user_accounts')
      .where({ user_id: t.users.colleague!.id, account_id: t.accountId })
      .update({ is_admin: false });
  }
});

it.each([
  ['a relative folder', 'exames/laudos'],
  ['a .. segment', '/srv/exames/../../etc'],
  ['a Windows .. segment', 'C:\\Exames\\..\\Windows'],
  ['a UNC share', '//host/share/Exames'],
  ['a Windows UNC share', '\\\\host\\share\\Exames'],
  ['a folder over the length limit', '/' + 'x'.repeat(MAX_FULL_PATH)],
  ['an empty folder', ''],
])('refuses %s with MALFORMED_REQUEST and queues nothing', async (_what, fullPath) => {
  const before = await suite
    .knex('connect_downloads')
    .where({ account_id: t.accountId })
    .count<{ count: string }[]>('id as count');
  const res = await prepare(connectQs(fullPath));
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('MALFORMED_REQUEST');
  const after = await suite
    .knex('connect_downloads')
    .where({ account_id: t.accountId })
    .count<{ count: string }[]>('id as count');
  expect(after[0]!.count).toBe(before[0]!.count);
  expect((await prepare(`studyIds=${studyId}&dicomSeries=1&mode=browser&fullPath=/x`)).status).toBe(400);
});

it("keeps tenants apart: another account's user and agent reach none of it", async () => {
  const request = await suite.knex('connect_downloads').where({ account_id: t.accountId }).first('id');
  expect((await prepare(connectQs('/srv/exames'), otherToken)).status).toBe(404);
  const list = await api('GET', `/medicalRecords/connectDownloads?studyId=${studyId}`, { token: otherToken });
  expect(list.status).toBe(404);

  const asOtherAgent = (p: string, init: RequestInit = {}) =>
    fetch(`${suite.platform.url}/api/connect-agent/${p}`, {
      ...init,
      headers: { Authorization: `Bearer ${otherKey}`, 'Content-Type': 'application/json' },
    });
  const poll = await asOtherAgent('downloads');
  expect(poll.status).toBe(200);
  expect(((await poll.json()) as { downloads: unknown[] }).downloads).toEqual([]);
  // The clinic's agent stops (it would fetch the request again); the request is made
  // fetchable again: it is still not the other agent's.
  if (agent) await killHard(agent);
  agent = undefined;
  await suite.knex('connect_downloads').where({ id: request.id }).update({ status: 'ready' });
  try {
    expect((await asOtherAgent(`downloads/${request.id}/zip`)).status).toBe(404);
    const result = await asOtherAgent(`downloads/${request.id}/result`, {
      method: 'POST',
      body: JSON.stringify({ ok: false, error: 'x' }),
    });
    expect(result.status).toBe(404);
    expect((await suite.knex('connect_downloads').where({ id: request.id }).first('status')).status).toBe('ready');
  } finally {
    await suite.knex('connect_downloads').where({ id: request.id }).update({ status: 'done' });
  }
  const noKey = await fetch(`${suite.platform.url}/api/connect-agent/downloads`);
  expect(noKey.status).toBe(401);
  const sessionAsKey = await fetch(`${suite.platform.url}/api/connect-agent/downloads`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sessionAsKey.status).toBe(401);
});

it('an agent that stopped polling is unreachable again once its last poll is older than the limit', async () => {
  if (agent) await killHard(agent);
  agent = undefined;
  await suite
    .knex('connects')
    .where({ id: connectId })
    .update({ last_seen_at: new Date(Date.now() - CONNECT_REACHABLE_MS - 1_000) });
  expect((await check()).body).toMatchObject({ available: false, reason: 'UNREACHABLE' });
  expect((await prepare(connectQs('/srv/exames'))).body.error.code).toBe('CONNECT_UNAVAILABLE');
});
