/**
 * STOW-RS ingest over HTTP against the whole platform: parse, index, store, report in state
 * 0, per-file errors, idempotency, Connect keys, and the ingest workflow's stable point
 * (thumbnails + live document).
 */
import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import { institutionStudiesFilter } from '../../domain/live/study-document';
import { eventually } from '../support/eventually';
import { makeInstance, makeStudy, newUid } from '../support/dicom-files';
import { failureCodes, stow, storedUids } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3', DICOM_MAX_FILE_MB: '0.1' } });
const api = suite.api;
let t: Tenant;
let token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: { uploader: ['STUDIES_UPLOAD_DICOM'], reader: ['STUDIES_SAVE_REPORTS'] },
  });
  await suite.knex('user_accounts').where({ user_id: t.users.reader!.id }).update({ is_admin: true });
  token = await login(api, t.users.uploader!.username);
  adminToken = await login(api, t.users.reader!.username);
});

it('stores a multi-series study, indexes it and gives it a report in state 0', async () => {
  const study = makeStudy({
    series: 2,
    perSeries: 3,
    modalities: ['CT', 'MR'],
    patientName: 'Santos^Maria',
    patientId: 'P-ING-1',
    accessionNumber: 'ACC-ING-1',
  });
  const res = await stow(suite.platform.url, token, study.files);
  expect(res.status).toBe(200);
  expect(storedUids(res.body).sort()).toEqual([...study.sopUids].sort());
  expect(res.body['00081190'].Value[0]).toBe(`${suite.platform.url}/dicomweb/studies/${study.studyUid}`);

  const row = await suite
    .knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .where({ 's.study_instance_uid': study.studyUid })
    .first('s.*', 'p.name as patient_name', 'p.patient_id', 'p.sex', 'l.state');
  expect(row).toMatchObject({
    account_id: t.accountId,
    institution_id: t.institutionId,
    accession_number: 'ACC-ING-1',
    modalities: ['CT', 'MR'],
    exam_type: 'TC de crânio',
    series_count: 2,
    instance_count: 6,
    patient_name: 'Maria Santos',
    patient_id: 'P-ING-1',
    sex: 'F',
    state: 0,
    laudo_state: 0,
  });
  // StudyTime 10:15 is São Paulo wall-clock time.
  expect(new Date(row.exam_date).toISOString()).toBe('2026-11-20T13:15:00.000Z');

  // The original bytes, as sent, under the instance's key.
  const inst = await suite.knex('dicom_instances').where({ sop_instance_uid: study.sopUids[0] }).first();
  expect(fs.readFileSync(path.join(suite.config.DATA_DIR, 'objects', inst.object_key)).equals(study.files[0]!)).toBe(true);

  // The study shows in the uploader's list.
  const list = await api('GET', `/studies?q=ACC-ING-1`, { token: adminToken });
  expect(list.body.studies.map((s: { id: string }) => s.id)).toEqual([row.id]);

  // Stable: every series gets a JPEG thumbnail.
  const series = await eventually(
    () => suite.knex('dicom_series').where({ study_id: row.id }).select('thumbnail_key', 'instance_count'),
    (rows) => rows.length === 2 && rows.every((r) => r.thumbnail_key),
    { what: 'thumbnails', timeout: 30_000 },
  );
  for (const s of series) {
    const jpeg = fs.readFileSync(path.join(suite.config.DATA_DIR, 'objects', s.thumbnail_key));
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }
});

it('is idempotent by SOPInstanceUID: a repeated upload answers success and stores nothing twice', async () => {
  const study = makeStudy({ series: 1, perSeries: 2 });
  expect((await stow(suite.platform.url, token, study.files)).status).toBe(200);
  const again = await stow(suite.platform.url, token, [...study.files, study.files[0]!]);
  expect(again.status).toBe(200);
  expect(storedUids(again.body)).toHaveLength(3);
  const studyRow = await suite.knex('studies').where({ study_instance_uid: study.studyUid });
  expect(studyRow).toHaveLength(1);
  expect(studyRow[0].instance_count).toBe(2);
  expect(await suite.knex('dicom_instances').where({ study_id: studyRow[0].id }).count()).toEqual([{ count: '2' }]);
});

it('refuses bad files one by one with a clear reason while good files land (202, then 409 and 413)', async () => {
  const studyUid = newUid();
  const seriesUid = newUid();
  const good = makeInstance({ studyUid, seriesUid });
  const res = await stow(suite.platform.url, token, [
    Buffer.from('%PDF-1.4 not dicom'),
    good,
    makeInstance({ studyUid, seriesUid }).subarray(0, 2000),
    makeInstance({ studyUid, seriesUid, omit: ['SeriesInstanceUID'] }),
    makeInstance({ studyUid, seriesUid, rows: 256, columns: 256 }), // 131 KB > 0.1 MB
  ]);
  expect(res.status).toBe(202);
  expect(failureCodes(res.body)).toEqual(['NOT_DICOM', 'TRUNCATED', 'MISSING_UID', 'TOO_LARGE']);
  expect(res.body['00081198'].Value.map((f: any) => f['00081197'].Value[0])).toEqual([0xc000, 0xc000, 0xa900, 0xa700]);
  expect(res.body['00081198'].Value[0]['00000902'].Value[0]).toBe('NOT_DICOM: O arquivo não é DICOM (Part 10).');
  expect(storedUids(res.body)).toHaveLength(1);
  expect((await suite.knex('studies').where({ study_instance_uid: studyUid }).first()).instance_count).toBe(1);

  const none = await stow(suite.platform.url, token, [Buffer.from('nothing good here')]);
  expect(none.status).toBe(409);
  expect(failureCodes(none.body)).toEqual(['NOT_DICOM']);
  const big = await stow(suite.platform.url, token, [makeInstance({ studyUid, seriesUid, rows: 256, columns: 256 })]);
  expect(big.status).toBe(413);
});

it('answers 400 for a malformed body, 401 without a valid token, 403 without the upload permission', async () => {
  const bad = await fetch(`${suite.platform.url}/dicomweb/studies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/related; type="application/dicom"; boundary=xyz' },
    body: 'no boundary anywhere',
  });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as any).error.code).toBe('MALFORMED_REQUEST');
  const json = await fetch(`${suite.platform.url}/dicomweb/studies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(json.status).toBe(400);

  const file = makeInstance({ studyUid: newUid(), seriesUid: newUid() });
  expect((await stow(suite.platform.url, 'not-a-token', [file])).status).toBe(401);
  const noPermission = await stow(suite.platform.url, adminToken, [file], {
    query: `institutionId=${(await createTenant(suite.knex, { studies: 0 })).institutionId}`,
  });
  expect(noPermission.status).toBe(403);
});

it('takes uploads from a Connect key into its institution; the key is shown once and only its hash kept', async () => {
  expect((await api('POST', '/connects', { token, body: { name: 'Sala 1', institutionId: t.institutionId } })).status).toBe(403);
  const created = await api('POST', '/connects', {
    token: adminToken,
    body: { name: 'Sala 1', institutionId: t.institutionId, aeTitle: 'SALA1' },
  });
  expect(created.status).toBe(201);
  const key = created.body.key as string;
  expect(key).toMatch(/^lcn_/);
  expect(JSON.stringify(await suite.knex('connects').where({ id: created.body.connect.id }).first())).not.toContain(key);
  const other = await createTenant(suite.knex, { studies: 0 });
  expect(
    (await api('POST', '/connects', { token: adminToken, body: { name: 'X', institutionId: other.institutionId } })).status,
  ).toBe(404);

  const study = makeStudy({ series: 1, perSeries: 1 });
  const res = await stow(suite.platform.url, key, study.files);
  expect(res.status).toBe(200);
  const row = await suite.knex('studies').where({ study_instance_uid: study.studyUid }).first();
  expect(row).toMatchObject({ institution_id: t.institutionId, connect_id: created.body.connect.id });

  await suite.knex('connects').where({ id: created.body.connect.id }).update({ active: false });
  expect((await stow(suite.platform.url, key, study.files)).status).toBe(401);
});

it('publishes the live document once the study is stable, so the list shows it', async () => {
  const client = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 'token',
    password: token,
    reconnectPeriod: 0,
  });
  const docs: any[] = [];
  client.on('message', (_topic, payload) => docs.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(institutionStudiesFilter(t.accountId, t.institutionId), { qos: 1 });
  const study = makeStudy({ series: 1, perSeries: 2 });
  const sentAt = Date.now();
  expect((await stow(suite.platform.url, token, study.files)).status).toBe(200);
  const row = await suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id');
  const doc = await eventually(
    () => docs.find((d) => d.studyId === row.id),
    (d) => d !== undefined,
    { what: 'live document of the new study', timeout: 30_000 },
  );
  expect(doc).toMatchObject({ laudoState: 0, institutionId: t.institutionId });
  expect(Date.parse(doc.arrivedAt)).toBeGreaterThanOrEqual(sentAt - 1000);
  await client.endAsync();
});

it('POST /dicomweb/studies/{study} takes only instances of that study', async () => {
  const study = makeStudy({ series: 1, perSeries: 1 });
  const other = makeStudy({ series: 1, perSeries: 1 });
  const res = await stow(suite.platform.url, token, [...study.files, ...other.files], { path: `/studies/${study.studyUid}` });
  expect(res.status).toBe(202);
  expect(storedUids(res.body)).toEqual(study.sopUids);
  expect(failureCodes(res.body)).toEqual(['STUDY_UID_MISMATCH']);
  expect(await suite.knex('studies').where({ study_instance_uid: other.studyUid }).first()).toBeUndefined();
});
