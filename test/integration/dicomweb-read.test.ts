/**
 * DICOMweb read side against the whole platform: QIDO-RS matching, WADO-RS retrieve (bytes
 * exactly as sent, read back by dcmtk's dcmdump), metadata, frames, rendered and thumbnails,
 * the app's series preview and tags — and another account's UIDs answering 404.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findDcmtk } from '../../scripts/tools';
import { eventually } from '../support/eventually';
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
const api = suite.api;
let t: Tenant;
let token: string;
let otherToken: string;
const study = makeStudy({
  series: 2,
  perSeries: 3,
  modalities: ['CT', 'MR'],
  patientName: 'Oliveira^Joana',
  patientId: 'P-QIDO',
  accessionNumber: 'ACC-QIDO',
  studyDate: '20261015',
});
const second = makeStudy({ series: 1, perSeries: 1, modalities: ['US'], patientName: 'Lima^Pedro', studyDate: '20260301' });
let studyId: string;

const get = (p: string, tk = token, headers: Record<string, string> = {}) =>
  fetch(`${suite.platform.url}${p}`, { headers: { authorization: `Bearer ${tk}`, ...headers } });
const json = async (p: string, tk = token) => {
  const res = await get(p, tk);
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as any };
};

/** Splits a multipart/related body into its parts' bodies. */
function parts(body: Buffer, contentType: string): Buffer[] {
  const boundary = /boundary=([^;]+)/.exec(contentType)![1]!;
  const out: Buffer[] = [];
  const delim = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delim);
  for (;;) {
    const next = body.indexOf(delim, at + delim.length);
    if (next < 0) break;
    const chunk = body.subarray(at + delim.length, next);
    const start = chunk.indexOf('\r\n\r\n') + 4;
    out.push(chunk.subarray(start, chunk.length - 2));
    at = next;
  }
  return out;
}

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM', 'STUDIES_SAVE_REPORTS'] } });
  const other = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM'] } });
  token = await login(api, t.users.doctor!.username);
  otherToken = await login(api, other.users.doctor!.username);
  expect((await stow(suite.platform.url, token, study.files)).status).toBe(200);
  expect((await stow(suite.platform.url, token, second.files)).status).toBe(200);
  studyId = (await suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id')).id;
  await eventually(
    () => suite.knex('dicom_series').where({ study_id: studyId }).whereNotNull('thumbnail_key').count(),
    (r) => Number(r[0]!.count) === 2,
    { timeout: 30_000, what: 'thumbnails' }, // a loaded machine renders slowly
  );
});

it('QIDO-RS finds studies by name wildcard, date range, modality, accession and patient id', async () => {
  const uidsOf = (b: any[]) => b.map((s) => s['0020000D'].Value[0]).sort();
  const all = await json('/dicomweb/studies');
  expect(all.status).toBe(200);
  expect(all.type).toContain('application/dicom+json');
  expect(uidsOf(all.body)).toEqual([study.studyUid, second.studyUid].sort());
  const found = await json('/dicomweb/studies?PatientName=oliv*');
  expect(uidsOf(found.body)).toEqual([study.studyUid]);
  expect(found.body[0]).toMatchObject({
    '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Oliveira^Joana' }] },
    '00080061': { Value: ['CT', 'MR'] },
    '00201206': { Value: [2] },
    '00201208': { Value: [6] },
    '00080050': { Value: ['ACC-QIDO'] },
  });
  expect(uidsOf((await json('/dicomweb/studies?StudyDate=20261001-20261031')).body)).toEqual([study.studyUid]);
  expect(uidsOf((await json('/dicomweb/studies?StudyDate=-20260401')).body)).toEqual([second.studyUid]);
  expect(uidsOf((await json('/dicomweb/studies?ModalitiesInStudy=US')).body)).toEqual([second.studyUid]);
  expect(uidsOf((await json('/dicomweb/studies?AccessionNumber=ACC-QIDO&PatientID=P-QIDO')).body)).toEqual([study.studyUid]);
  expect(uidsOf((await json(`/dicomweb/studies?StudyInstanceUID=${second.studyUid}`)).body)).toEqual([second.studyUid]);
  expect((await json('/dicomweb/studies?limit=1&offset=1')).body).toHaveLength(1);
  const withField = await json('/dicomweb/studies?PatientName=*Joana*&includefield=00280010');
  expect(withField.body[0]['00280010']).toEqual({ vr: 'US', Value: [64] });

  const series = await json(`/dicomweb/studies/${study.studyUid}/series`);
  expect(series.body.map((s: any) => [s['00080060'].Value[0], s['00201209'].Value[0]])).toEqual([
    ['CT', 3],
    ['MR', 3],
  ]);
  expect((await json(`/dicomweb/studies/${study.studyUid}/series?Modality=MR`)).body).toHaveLength(1);
  const instances = await json(`/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/instances`);
  expect(instances.body.map((i: any) => i['00080018'].Value[0])).toEqual(study.sopUids.slice(0, 3));
});

it('WADO-RS gives the bytes exactly as sent, which dcmdump reads; metadata as DICOM JSON', async () => {
  const [seriesUid] = study.seriesUids;
  const res = await get(`/dicomweb/studies/${study.studyUid}/series/${seriesUid}`);
  expect(res.status).toBe(200);
  const type = res.headers.get('content-type')!;
  expect(type).toMatch(/^multipart\/related; type="application\/dicom"; boundary=/);
  const got = parts(Buffer.from(await res.arrayBuffer()), type);
  expect(got).toHaveLength(3);
  got.forEach((bytes, i) => expect(bytes.equals(study.files[i]!)).toBe(true));

  const whole = await get(`/dicomweb/studies/${study.studyUid}`);
  expect(parts(Buffer.from(await whole.arrayBuffer()), whole.headers.get('content-type')!)).toHaveLength(6);

  const dcmdump = findDcmtk('dcmdump');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-wado-'));
  const file = path.join(dir, 'instance.dcm');
  const one = await get(`/dicomweb/studies/${study.studyUid}/series/${seriesUid}/instances/${study.sopUids[1]}`);
  fs.writeFileSync(file, parts(Buffer.from(await one.arrayBuffer()), one.headers.get('content-type')!)[0]!);
  const dump = execFileSync(dcmdump, ['+P', '0010,0010', '+P', '0008,0018', file], { encoding: 'utf8' });
  expect(dump).toContain('[Oliveira^Joana]');
  expect(dump).toContain(`[${study.sopUids[1]}]`);
  fs.rmSync(dir, { recursive: true, force: true });

  const meta = await json(`/dicomweb/studies/${study.studyUid}/series/${seriesUid}/metadata`);
  expect(meta.body).toHaveLength(3);
  expect(meta.body[0]['00020010']).toEqual({ vr: 'UI', Value: ['1.2.840.10008.1.2.1'] });
  // Pixel data is not inline: a BulkDataURI points at it (PS3.18 §F.2.6).
  const instanceUrl = `${suite.platform.url}/dicomweb/studies/${study.studyUid}/series/${seriesUid}/instances/${study.sopUids[0]}`;
  expect(meta.body[0]['7FE00010']).toEqual({ vr: 'OW', BulkDataURI: `${instanceUrl}/bulkdata/7FE00010` });
  const bulk = await get(new URL(meta.body[0]['7FE00010'].BulkDataURI).pathname);
  expect(parts(Buffer.from(await bulk.arrayBuffer()), bulk.headers.get('content-type')!)[0]!.length).toBe(64 * 64 * 2);
});

it('serves frames, rendered images with window/level, thumbnails, series preview and tags', async () => {
  const inst = `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/instances/${study.sopUids[0]}`;
  const frames = await get(`${inst}/frames/1`);
  expect(frames.headers.get('content-type')).toMatch(/^multipart\/related; type="application\/octet-stream"/);
  const [pixels] = parts(Buffer.from(await frames.arrayBuffer()), frames.headers.get('content-type')!);
  expect(pixels!.length).toBe(64 * 64 * 2);
  expect((await get(`${inst}/frames/2`)).status).toBe(404);

  const rendered = await get(`${inst}/rendered?window=1500,3000`);
  expect(rendered.headers.get('content-type')).toBe('image/jpeg');
  const narrow = await get(`${inst}/frames/1/rendered?window=500,100`, token, { accept: 'image/png' });
  expect(narrow.headers.get('content-type')).toBe('image/png');
  const stat = async (r: Response) => (await sharp(Buffer.from(await r.arrayBuffer())).stats()).channels[0]!.mean;
  // A narrow window around 500 makes the ramp mostly black or white: a different picture.
  expect(Math.abs((await stat(rendered)) - (await stat(narrow)))).toBeGreaterThan(10);

  // An <img> carries an image token in its URL (never the session's: see image-tokens.test.ts).
  const imageToken = (await api('POST', '/auth/imageToken', { token })).body.token as string;
  const thumb = await fetch(
    `${suite.platform.url}/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[1]}/thumbnail?token=${imageToken}`,
  );
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get('content-type')).toBe('image/jpeg');

  const preview = await api('GET', `/studies/${studyId}/series-preview`, { token });
  expect(preview.body).toHaveLength(2);
  expect(preview.body[0]).toMatchObject({
    seriesId: study.seriesUids[0],
    studyId,
    description: 'Série 1',
    modality: 'CT',
    instanceCount: 3,
    url: `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/thumbnail`,
  });
  expect(preview.body[0].instances.map((i: any) => i.imageKey)).toEqual(study.sopUids.slice(0, 3));

  const tags = await api('GET', `/studies/${studyId}/tags`, { token });
  expect(tags.body).toContainEqual({ code: '(0010,0010)', Name: 'PatientName', Value: 'Oliveira^Joana' });
  expect(tags.body).toContainEqual({ code: '(0008,0060)', Name: 'Modality', Value: 'CT' });
});

it("answers 404 for another account's UIDs and study ids, and 401 without a token", async () => {
  const inst = `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/instances/${study.sopUids[0]}`;
  for (const p of [
    `/dicomweb/studies/${study.studyUid}`,
    `/dicomweb/studies/${study.studyUid}/series`,
    `/dicomweb/studies/${study.studyUid}/metadata`,
    inst,
    `${inst}/frames/1`,
    `${inst}/rendered`,
    `/dicomweb/studies/${study.studyUid}/thumbnail`,
  ]) {
    const res = await get(p, otherToken);
    expect([p, res.status]).toEqual([p, 404]);
  }
  expect((await json('/dicomweb/studies', otherToken)).body).toEqual([]);
  expect((await api('GET', `/studies/${studyId}/series-preview`, { token: otherToken })).status).toBe(404);
  expect((await api('GET', `/studies/${studyId}/tags`, { token: otherToken })).status).toBe(404);
  expect((await get('/dicomweb/studies', 'nope')).status).toBe(401);
  const unknown = await get('/dicomweb/nothing-here');
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as any).error.code).toBe('NOT_FOUND');
});

it('gives the viewer its study (spec 3 shape with series and stacks) and serves no pixels of an archived study', async () => {
  const viewer = await api('GET', `/studies/${studyId}/viewer?viewerType=general`, { token });
  expect(viewer.status).toBe(200);
  expect(viewer.body.study).toMatchObject({
    id: studyId,
    studyInstanceUid: study.studyUid,
    patientName: 'Joana Oliveira',
    patientId: 'P-QIDO',
    modalities: ['CT', 'MR'],
    storageClass: 'STANDARD',
    storageAvailable: true,
    laudoState: 0,
  });
  expect(Object.values(viewer.body.study.thumbnails).map((s: any) => [s.modality, s.instanceCount])).toEqual([
    ['CT', 3],
    ['MR', 3],
  ]);
  expect((await api('GET', `/studies/${studyId}/viewer`, { token: otherToken })).status).toBe(404);
  expect((await api('GET', `/studies/${studyId}/viewer?viewerType=x`, { token })).status).toBe(400);

  const inst = `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/instances/${study.sopUids[0]}`;
  await suite.knex('studies').where({ id: studyId }).update({ storage_class: 'GLACIER' });
  try {
    for (const p of [inst, `${inst}/frames/1`, `${inst}/rendered`, `/dicomweb/studies/${study.studyUid}`]) {
      const res = await get(p);
      expect([p, res.status, ((await res.json()) as any).error.code]).toEqual([p, 409, 'STUDY_ARCHIVED']);
    }
    expect((await json(`/dicomweb/studies/${study.studyUid}/metadata`)).status).toBe(200); // the index stays readable
    expect((await api('GET', `/studies/${studyId}/viewer`, { token })).body.study.storageAvailable).toBe(false);
    await suite.knex('studies').where({ id: studyId }).update({ storage_class: 'GLACIER_IR' });
    expect((await get(`${inst}/rendered`)).status).toBe(200);
  } finally {
    await suite.knex('studies').where({ id: studyId }).update({ storage_class: 'STANDARD' });
  }
});
