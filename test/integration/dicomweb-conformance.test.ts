/**
 * DICOMweb conformance points the outside client test cannot reach: QIDO keys refused with
 * 400 (never silently ignored), STOW-RS bodies broken part-way (202 with what was stored, 409
 * when nothing was), character sets accepted or refused by name, WADO-RS 406, CORS for the
 * configured viewer origins and the account's customViewerUrl, and WADO-URI at /wado.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildMultipart } from '../../imaging/multipart';
import { findDcmtk } from '../../scripts/tools';
import { makeInstance, makeStudy, newUid } from '../support/dicom-files';
import { failureCodes, stow, storedUids } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const VIEWER_ORIGIN = 'https://ohif.hospital.test';
const suite = platformSuite({
  // SERVE_WEB: /wado must never reach the web app's index.html (npm test builds web/dist).
  overrides: { STUDY_STABLE_SECONDS: '0.2', SERVE_WEB: 'true', DICOMWEB_CORS_ORIGINS: `${VIEWER_ORIGIN}, https://other.test` },
});
let t: Tenant;
let token: string;
const study = makeStudy({ series: 1, perSeries: 2, patientName: 'Ribeiro^Marta', patientId: 'P-CONF' });
const url = (p: string) => `${suite.platform.url}${p}`;
const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(url(p), { headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM'] } });
  token = await login(suite.api, t.users.doctor!.username);
  expect((await stow(suite.platform.url, token, study.files)).status).toBe(200);
});

describe('QIDO-RS', () => {
  it.each([
    ['/dicomweb/studies?PatientWeight=70', 'PatientWeight'],
    ['/dicomweb/studies?00101030=70', '00101030'],
    ['/dicomweb/studies?foo=bar', 'foo'],
    ['/dicomweb/studies?includefield=NotAKeyword', 'includefield=NotAKeyword'],
    ['/dicomweb/studies?fuzzymatching=maybe', 'fuzzymatching=maybe'],
    ['/dicomweb/studies?StudyDate=2026', 'StudyDate=2026'],
    ['/dicomweb/studies?StudyTime=25h', 'StudyTime=25h'],
    ['/dicomweb/studies?SeriesNumber=1', 'SeriesNumber'],
    ['/dicomweb/studies?limit=0', 'limit=0'],
    ['/dicomweb/series?SOPInstanceUID=1.2.3', 'SOPInstanceUID'],
    ['/dicomweb/studies?RequestAttributesSequence.ScheduledProcedureStepID=1', 'not a key of a study search'],
    ['/dicomweb/series?ReferencedStudySequence.ReferencedSOPInstanceUID=1.2', 'sequence matching'],
  ])('refuses %s with 400 naming what', async (p, named) => {
    const res = await get(p);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe('DICOMWEB_UNSUPPORTED_QUERY');
    expect(body.error.details.join(' ')).toContain(named);
  });

  it('applies ReferringPhysicianName, StudyTime, PatientBirthDate and returns matching keys and includefield', async () => {
    const found = async (q: string) => ((await (await get(`/dicomweb/studies?PatientID=P-CONF&${q}`)).json()) as any[]).length;
    // makeInstance writes ReferringPhysicianName Souza^Ana, StudyTime 101500, PatientBirthDate 19800512.
    expect(await found('ReferringPhysicianName=Souza*')).toBe(1);
    expect(await found('ReferringPhysicianName=Lima*')).toBe(0);
    expect(await found('StudyTime=1000-1030')).toBe(1);
    expect(await found('StudyTime=1100-')).toBe(0);
    expect(await found('PatientBirthDate=19800512')).toBe(1);
    expect(await found('PatientBirthDate=-19791231')).toBe(0);
    expect(await found('PatientName=RIBEIRO*')).toBe(1);
    const [one] = (await (
      await get('/dicomweb/studies?PatientID=P-CONF&includefield=PatientBirthDate,Rows&StudyTime=1000-1030')
    ).json()) as any[];
    expect(one['00100030']).toEqual({ vr: 'DA', Value: ['19800512'] });
    expect(one['00280010']).toEqual({ vr: 'US', Value: [64] });
    expect(one['00080030'].Value).toEqual(['101500']);
  });

  it("searches all series, all instances and a study's instances (no longer 404)", async () => {
    const series = (await (await get('/dicomweb/series?PatientID=P-CONF')).json()) as any[];
    expect(series.map((s) => s['0020000E'].Value[0])).toEqual(study.seriesUids);
    expect(series[0]['00100010'].Value[0].Alphabetic).toBe('Ribeiro^Marta');
    const all = (await (await get(`/dicomweb/instances?StudyInstanceUID=${study.studyUid}`)).json()) as any[];
    expect(all.map((i) => i['00080018'].Value[0])).toEqual(study.sopUids);
    const ofStudy = (await (await get(`/dicomweb/studies/${study.studyUid}/instances?InstanceNumber=2`)).json()) as any[];
    expect(ofStudy.map((i) => i['00080018'].Value[0])).toEqual([study.sopUids[1]]);
    expect((await get(`/dicomweb/studies/${newUid()}/instances`)).status).toBe(404);
  });
});

describe('STOW-RS', () => {
  const body = (files: Buffer[]) => {
    const boundary = `b-${randomUUID()}`;
    return { boundary, bytes: buildMultipart(files, boundary) };
  };
  const post = (bytes: Buffer, boundary: string) =>
    fetch(url('/dicomweb/studies'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      },
      body: bytes,
    });

  it('answers a body broken part-way with 202: the stored instance listed, the broken part failed', async () => {
    const s = makeStudy({ series: 1, perSeries: 2 });
    const { boundary, bytes } = body(s.files);
    // Cut in the middle of the second part: no closing boundary ever comes.
    const cut = bytes.subarray(0, bytes.indexOf(`--${boundary}`, 10) + 400);
    const res = await post(cut, boundary);
    expect(res.status).toBe(202);
    const answer = (await res.json()) as any;
    expect(storedUids(answer)).toEqual([s.sopUids[0]]);
    expect(failureCodes(answer)).toEqual(['TRUNCATED']);
    expect(answer['00081198'].Value[0]['00081197']).toEqual({ vr: 'US', Value: [0xc000] });
    expect(await suite.knex('dicom_instances').whereIn('sop_instance_uid', s.sopUids).pluck('sop_instance_uid')).toEqual([
      s.sopUids[0],
    ]);
  });

  it('answers 409 with FailedSOPSequence when the first part breaks, 400 only when no part starts', async () => {
    const s = makeStudy({ series: 1, perSeries: 1 });
    const { boundary, bytes } = body(s.files);
    const res = await post(bytes.subarray(0, 600), boundary);
    expect(res.status).toBe(409);
    const answer = (await res.json()) as any;
    expect(failureCodes(answer)).toEqual(['TRUNCATED']);
    expect(answer['00081199']).toBeUndefined();
    expect((await post(Buffer.from('nothing like a multipart body'), boundary)).status).toBe(400);
  });

  it('accepts ISO 2022 IR 87 (Japanese) names; refuses a set it cannot read by name', async () => {
    const studyUid = newUid();
    // 山田^太郎 and やまだ^たろう in JIS X 0208, between ESC $ B and ESC ( B (PS3.5 H.3.1).
    const jp = makeInstance({
      studyUid,
      seriesUid: newUid(),
      patientId: 'P-JP',
      patientName: 'Yamada^Tarou=\x1b$B;3ED\x1b(B^\x1b$BB@O:\x1b(B=\x1b$B$d$^$@\x1b(B^\x1b$B$?$m$&\x1b(B',
      studyDescription: 'CT',
      specificCharacterSet: ['', 'ISO 2022 IR 87'],
    });
    const res = await stow(suite.platform.url, token, [jp]);
    expect(res.status).toBe(200);
    const [found] = (await (await get('/dicomweb/studies?PatientID=P-JP')).json()) as any[];
    expect(found['00100010'].Value[0]).toEqual({
      Alphabetic: 'Yamada^Tarou',
      Ideographic: '山田^太郎',
      Phonetic: 'やまだ^たろう',
    });
    expect(found['00080005'].Value).toEqual(['', 'ISO 2022 IR 87']);
    // Each component group matches: the ideographic and phonetic ones too, fuzzy or not.
    for (const [name, fuzzy] of [
      ['山田*', false],
      ['*たろう', false],
      // Exact (no wildcard): on the folded name's btree, then the header, case aside.
      ['Yamada^Tarou', false],
      ['YAMADA^TAROU', false],
      ['yamada*', false],
      ['太郎', true],
      ['TAROU', true],
    ] as const) {
      const hits = (await (
        await get(`/dicomweb/studies?PatientName=${encodeURIComponent(name)}&fuzzymatching=${fuzzy}`)
      ).json()) as any[];
      expect([name, hits.map((h) => h['00100020'].Value[0])]).toEqual([name, ['P-JP']]);
    }
    // Exact means the whole name: a part of it, or the parts swapped, is another name.
    for (const name of ['Yamada^Taro', 'Tarou^Yamada', 'Yamada']) {
      const hits = (await (await get(`/dicomweb/studies?PatientName=${encodeURIComponent(name)}`)).json()) as any[];
      expect([name, hits.map((h) => h['00100020'].Value[0])]).toEqual([name, []]);
    }

    const unreadable = makeInstance({
      studyUid: newUid(),
      seriesUid: newUid(),
      studyDescription: 'CT',
      specificCharacterSet: ['', 'ISO 2022 IR 159'],
    });
    const refused = await stow(suite.platform.url, token, [unreadable]);
    expect(refused.status).toBe(409);
    expect(failureCodes(refused.body)).toEqual(['UNSUPPORTED_CHARSET']);
  });
});

describe('WADO-RS negotiation', () => {
  const inst = () => `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/instances/${study.sopUids[0]}`;

  it('refuses with 406 what it cannot serve, and serves uncompressed from a compressed file', async () => {
    const j2k = await get(inst(), {
      accept: 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.4.90',
    });
    expect(j2k.status).toBe(406);
    expect(((await j2k.json()) as any).error.code).toBe('DICOMWEB_NOT_ACCEPTABLE');
    expect((await get(`${inst()}/frames/1`, { accept: 'multipart/related; type="image/jls"' })).status).toBe(406);
    expect((await get(`${inst()}/rendered`, { accept: 'image/gif' })).status).toBe(406);
    expect((await get(`${inst()}/metadata`)).status).toBe(200);
    expect((await get(`${inst()}/metadata`, { accept: 'multipart/related; type="application/dicom+xml"' })).status).toBe(406);
    expect((await get('/dicomweb/studies', { accept: 'application/dicom+xml' })).status).toBe(406);
    expect((await get('/dicomweb/studies', { accept: 'application/json' })).status).toBe(200);

    // An RLE file (dcmtk), asked for uncompressed: the same pixels as the original.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-wado-ts-'));
    const original = makeInstance({ studyUid: newUid(), seriesUid: newUid(), patientId: 'P-RLE' });
    fs.writeFileSync(path.join(dir, 'in.dcm'), original);
    execFileSync(findDcmtk('dcmcrle'), [path.join(dir, 'in.dcm'), path.join(dir, 'rle.dcm')]);
    const rle = fs.readFileSync(path.join(dir, 'rle.dcm'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect((await stow(suite.platform.url, token, [rle])).status).toBe(200);
    const [row] = (await (await get('/dicomweb/instances?PatientID=P-RLE')).json()) as any[];
    const rleInst = new URL(row['00081190'].Value[0]).pathname;
    const frames = await get(`${rleInst}/frames/1`, { accept: 'multipart/related; type="application/octet-stream"' });
    expect(frames.headers.get('content-type')).toMatch(/type="application\/octet-stream"/);
    const raw = Buffer.from(await frames.arrayBuffer());
    const pixels = original.subarray(original.length - 64 * 64 * 2);
    expect(raw.includes(pixels)).toBe(true);
    const stored = await get(`${rleInst}/frames/1`, {
      accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=*',
    });
    expect(Buffer.from(await stored.arrayBuffer()).toString('latin1')).toContain('transfer-syntax=1.2.840.10008.1.2.5');
    const meta = (await (await get(`${rleInst}/metadata`)).json()) as any[];
    expect(meta[0]['7FE00010']).toEqual({ vr: 'OB', BulkDataURI: `${suite.platform.url}${rleInst}/bulkdata/7FE00010` });
  });
});

describe('WADO-RS image types and rendered series', () => {
  it('gives a JPEG-stored frame as image/jpeg when asked, uncompressed as octet-stream; a series rendered as one or every image', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-wado-jpeg-'));
    const original = makeInstance({
      studyUid: newUid(),
      seriesUid: newUid(),
      patientId: 'P-JPEG',
      bits: 8,
      rows: 40,
      columns: 56,
    });
    fs.writeFileSync(path.join(dir, 'in.dcm'), original);
    execFileSync(findDcmtk('dcmcjpeg'), ['+eb', path.join(dir, 'in.dcm'), path.join(dir, 'jpeg.dcm')]);
    const jpeg = fs.readFileSync(path.join(dir, 'jpeg.dcm'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect((await stow(suite.platform.url, token, [jpeg])).status).toBe(200);
    const [row] = (await (await get('/dicomweb/instances?PatientID=P-JPEG')).json()) as any[];
    const inst = new URL(row['00081190'].Value[0]).pathname;

    const asJpeg = await get(`${inst}/frames/1`, { accept: 'multipart/related; type="image/jpeg"' });
    expect(asJpeg.headers.get('content-type')).toMatch(/^multipart\/related; type="image\/jpeg"/);
    const jpegBody = Buffer.from(await asJpeg.arrayBuffer());
    expect(jpegBody.toString('latin1')).toContain('Content-Type: image/jpeg; transfer-syntax=1.2.840.10008.1.2.4.50');
    expect(jpegBody.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const raw = await get(`${inst}/frames/1`, { accept: 'multipart/related; type="application/octet-stream"' });
    const rawBody = Buffer.from(await raw.arrayBuffer());
    const boundary = /boundary=(\S+)/.exec(raw.headers.get('content-type')!)![1]!;
    const start = rawBody.indexOf('\r\n\r\n') + 4;
    expect(rawBody.indexOf(`\r\n--${boundary}--`) - start).toBe(40 * 56);

    const series = `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/rendered`;
    const one = await get(series, { accept: 'image/jpeg' });
    expect(one.headers.get('content-type')).toBe('image/jpeg');
    const every = await get(series, { accept: 'multipart/related; type="image/png"' });
    expect(every.headers.get('content-type')).toMatch(/^multipart\/related; type="image\/png"/);
    expect(
      Buffer.from(await every.arrayBuffer())
        .toString('latin1')
        .match(/Content-Type: image\/png/g),
    ).toHaveLength(2);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(url('/dicomweb/studies'), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('answers preflights of configured origins and of the account customViewerUrl, with the token headers allowed', async () => {
    // Before any cross-origin call: the viewer origins are read then (and cached 30 s).
    const custom = 'https://viewer.clinic.test:8443';
    await suite
      .knex('accounts')
      .where({ id: t.accountId })
      .update({ custom_viewer_url: `${custom}/ohif/viewer?url={url}` });
    for (const origin of [VIEWER_ORIGIN, custom]) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(res.headers.get('access-control-allow-headers')).toMatch(/access_token/);
    }
    const read = await fetch(url('/dicomweb/studies?PatientID=P-CONF'), {
      headers: { origin: custom, authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(custom);
    expect(read.headers.get('access-control-expose-headers')).toMatch(/Content-Type/);
    expect(read.headers.get('vary')).toMatch(/Origin/);
    // An error answer carries them too, so the viewer can read why.
    const denied = await fetch(url('/dicomweb/studies'), { headers: { origin: custom, authorization: 'Bearer nope' } });
    expect([denied.status, denied.headers.get('access-control-allow-origin')]).toEqual([401, custom]);
  });

  it('gives an unknown origin no CORS headers', async () => {
    const res = await preflight('https://evil.test');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(url('/dicomweb/studies'), {
      headers: { origin: 'https://evil.test', authorization: `Bearer ${token}` },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('WADO-URI', () => {
  const wado = (q: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    fetch(url(`/wado?${q}`), { headers });
  const uids = () => `studyUID=${study.studyUid}&seriesUID=${study.seriesUids[0]}&objectUID=${study.sopUids[0]}`;

  it('serves the instance as application/dicom and rendered as JPEG (the default) or PNG', async () => {
    const dicom = await wado(`requestType=WADO&${uids()}&contentType=application/dicom`);
    expect(dicom.status).toBe(200);
    expect(dicom.headers.get('content-type')).toBe('application/dicom');
    expect(Buffer.from(await dicom.arrayBuffer()).equals(study.files[0]!)).toBe(true);
    const jpeg = await wado(`requestType=WADO&${uids()}`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const png = await wado(`requestType=WADO&${uids()}&contentType=image/png&windowCenter=500&windowWidth=100&rows=32`);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('answers errors in the API shape, never the web app', async () => {
    const cases: [string, number][] = [
      ['', 400],
      [`requestType=WADO&${uids()}&anonymize=yes`, 400],
      [`requestType=WADO&${uids()}&contentType=image/gif`, 406],
      [`requestType=WADO&studyUID=${study.studyUid}&seriesUID=${study.seriesUids[0]}&objectUID=${newUid()}`, 404],
    ];
    for (const [q, status] of cases) {
      const res = await wado(q);
      expect([q, res.status, res.headers.get('content-type')]).toEqual([q, status, expect.stringContaining('application/json')]);
    }
    const anonymous = await wado(`requestType=WADO&${uids()}`, {});
    expect(anonymous.status).toBe(401);
    const below = await fetch(url('/wado/anything'));
    expect([below.status, below.headers.get('content-type')]).toEqual([404, expect.stringContaining('application/json')]);
  });
});
