/**
 * The viewer's calls over HTTP: the study as the viewer uses it (thumbnails by series, key
 * images, patient history, may the caller write the report), key images marked and cleared,
 * and another account's study answering 404.
 */
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let first: ReturnType<typeof makeStudy>;
let firstId: string;
let secondId: string;

async function ingest(study: ReturnType<typeof makeStudy>): Promise<string> {
  expect((await stow(suite.platform.url, tokens.doctor!, study.files)).status).toBe(200);
  const row = await eventually(
    () => suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id'),
    (r) => r !== undefined,
    { what: 'ingested study' },
  );
  return row.id;
}

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'], reader: ['STUDIES_RETRIEVE_REPORTS'] },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { doctor: DOCTOR_PERMISSIONS } });
  tokens.doctor = await login(api, t.users.doctor!.username);
  tokens.reader = await login(api, t.users.reader!.username);
  tokens.outsider = await login(api, other.users.doctor!.username);
  first = makeStudy({ series: 2, perSeries: 2, modalities: ['CT', 'MR'], patientId: 'P-VIEW-1', patientName: 'Lima^Ana' });
  firstId = await ingest(first);
  secondId = await ingest(
    makeStudy({ series: 1, perSeries: 1, patientId: 'P-VIEW-1', patientName: 'Lima^Ana', studyDate: '20250110' }),
  );
});

it('answers the study as the viewer uses it, with the patient history', async () => {
  const res = await api('GET', `/studies/${firstId}/viewer?viewerType=general`, { token: tokens.doctor });
  expect(res.status).toBe(200);
  const s = res.body.study;
  expect(s).toMatchObject({
    id: firstId,
    studyInstanceUid: first.studyUid,
    patientId: 'P-VIEW-1',
    laudoState: 0,
    canSaveReports: true,
  });
  expect(Object.keys(s.thumbnails).sort()).toEqual([...first.seriesUids].sort());
  expect(s.thumbnails[first.seriesUids[0]!]).toMatchObject({ instanceCount: 2, image: expect.stringContaining('/thumbnail') });
  expect(s.history.map((h: { id: string }) => h.id)).toEqual([secondId]);
  expect((await api('GET', `/studies/patient?studyId=${firstId}`, { token: tokens.doctor })).body.studies[0].id).toBe(secondId);

  const reader = await api('GET', `/studies/${firstId}/viewer`, { token: tokens.reader });
  expect(reader.body.study.canSaveReports).toBe(false);
  expect((await api('GET', `/studies/${firstId}/viewer?viewerType=3d`, { token: tokens.doctor })).status).toBe(400);
});

it('marks and clears key images of the study’s own instances only', async () => {
  const key = { seriesId: first.seriesUids[0], imageKey: first.sopUids[1], frame: 1 };
  expect((await api('POST', `/studies/${firstId}/key-image`, { token: tokens.doctor, body: key })).status).toBe(204);
  expect((await api('POST', `/studies/${firstId}/key-image`, { token: tokens.doctor, body: key })).status).toBe(204);
  const shown = await api('GET', `/studies/${firstId}/viewer`, { token: tokens.doctor });
  expect(shown.body.study.keyImages).toEqual([key]);
  const wrong = { seriesId: first.seriesUids[1], imageKey: first.sopUids[1], frame: 1 };
  expect((await api('POST', `/studies/${firstId}/key-image`, { token: tokens.doctor, body: wrong })).status).toBe(404);
  const q = `seriesId=${key.seriesId}&imageKey=${key.imageKey}&frame=1`;
  expect((await api('DELETE', `/studies/${firstId}/key-image?${q}`, { token: tokens.doctor })).status).toBe(204);
  expect((await api('GET', `/studies/${firstId}/viewer`, { token: tokens.doctor })).body.study.keyImages).toEqual([]);
});

it("another account's study answers 404", async () => {
  expect((await api('GET', `/studies/${firstId}/viewer`, { token: tokens.outsider })).status).toBe(404);
  expect((await api('GET', `/studies/patient?studyId=${firstId}`, { token: tokens.outsider })).status).toBe(404);
  const key = { seriesId: first.seriesUids[0], imageKey: first.sopUids[0], frame: 1 };
  expect((await api('POST', `/studies/${firstId}/key-image`, { token: tokens.outsider, body: key })).status).toBe(404);
});
