/**
 * A modality to the platform through the Connect agent, end to end: dcmtk's storescu sends a
 * study to the agent (its own process), the agent uploads it with its Connect key to the
 * platform's real STOW-RS, and the study shows in the list of the Connect's institution with
 * its report in state 0; what WADO-RS returns is, byte for byte, the data set that was sent.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnect } from '../../services/connects/connects';
import { dcmtkDir } from '../../scripts/tools';
import { agentEnvFor, dcmtk, datasetBytes, startAgentProcess } from '../support/connect-agent';
import { writeStudy } from '../support/connect-dicom-study';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';
import { killHard } from '../support/worker-process';

jest.setTimeout(180_000);

const suite = platformSuite({
  overrides: { STUDY_STABLE_SECONDS: '0.3' },
  beforeStop: async () => {
    if (agent) await killHard(agent);
  },
});
const api = suite.api;
let t: Tenant;
let agent: ChildProcess | undefined;
let work: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: DOCTOR_PERMISSIONS } });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-platform-'));
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

it('storescu → Connect agent → STOW-RS → the study is in the platform, bytes intact', async () => {
  const { key } = await createConnect(
    suite.knex,
    t.accountId,
    { institutionId: t.institutionId, name: 'Sala 1', aeTitle: 'LAUDOS' },
    null,
  );
  const env = await agentEnvFor(suite.platform.url, key, path.join(work, 'spool'));
  agent = (await startAgentProcess(env)).child;
  const bin = dcmtkDir();
  const files = writeStudy(path.join(work, 'study'), [
    { modality: 'CT', images: 4 },
    { modality: 'CT', images: 3 },
  ]);
  await dcmtk(bin, 'echoscu', ['-aec', 'LAUDOS', '127.0.0.1', env.DICOM_PORT]);
  await dcmtk(bin, 'storescu', ['-aec', 'LAUDOS', '127.0.0.1', env.DICOM_PORT, ...files.map((f) => f.path)]);

  const studyUid = files[0]!.studyInstanceUid;
  const study = await eventually(
    () => suite.knex('studies').where({ account_id: t.accountId, study_instance_uid: studyUid }).first(),
    (s) => s !== undefined && s.instance_count === files.length,
    { timeout: 30_000, what: 'study indexed from the agent' },
  );
  expect(study.institution_id).toBe(t.institutionId);
  expect(study.laudo_state).toBe(0);
  await eventually(
    () => fs.readdirSync(path.join(env.SPOOL_DIR, 'queue')).length,
    (n) => n === 0,
    { what: 'spool emptied' },
  );

  // The doctor of that institution finds it in the list.
  const token = await login(api, t.users.doctor!.username);
  const list = await api('GET', '/studies?pageSize=100', { token });
  expect(list.body.studies.map((s: { id: string }) => s.id)).toContain(study.id);

  // WADO-RS answers each instance with the data set the modality sent.
  for (const f of files.slice(0, 2)) {
    const res = await fetch(
      `${suite.platform.url}/dicomweb/studies/${studyUid}/series/${f.seriesInstanceUid}/instances/${f.sopInstanceUid}`,
      { headers: { authorization: `Bearer ${token}`, accept: 'multipart/related; type="application/dicom"' } },
    );
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    const sent = datasetBytes(fs.readFileSync(f.path));
    expect(body.includes(sent)).toBe(true);
  }
});
