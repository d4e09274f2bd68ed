/**
 * The viewer's frame route (issue 15): one frame of a multi-frame instance at native size
 * (lossless, one channel for greyscale) or fitted for a preview, with the session's or an
 * image token's header; a frame or an instance the study does not have, another account's
 * study and an archived study are refused.
 */
import sharp from 'sharp';
import { makeInstance, newUid } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;
const studyUid = newUid();
const sop = newUid();
let studyId: string;

const frameUrl = (id: string, uid: string, n: number, q = 'format=png') =>
  `${suite.platform.url}/api/studies/${id}/viewer/images/${uid}/frames/${n}?${q}`;
const get = (url: string, token: string) => fetch(url, { headers: { access_token: token } });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

beforeAll(async () => {
  const tenant = () =>
    createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  a = await tenant();
  b = await tenant();
  tokenA = await login(suite.api, a.users.doctor!.username);
  tokenB = await login(suite.api, b.users.doctor!.username);
  const file = makeInstance({ studyUid, seriesUid: newUid(), sopUid: sop, rows: 96, columns: 80, frames: 5 });
  studyId = await ingestStudy(suite.platform.url, suite.knex, tokenA, { studyUid, files: [file] });
});

it('serves each frame at its native Rows × Columns, lossless and greyscale, and a fitted preview', async () => {
  const pixels: Buffer[] = [];
  for (const n of [1, 5]) {
    const res = await get(frameUrl(studyId, sop, n, 'format=png&window=1500,3000'), tokenA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([80, 96, 1]);
    pixels.push(await sharp(png).raw().toBuffer());
  }
  // Each frame's disc is larger than the one before: frame 5 is not frame 1.
  expect(pixels[0]!.equals(pixels[1]!)).toBe(false);
  const preview = await get(frameUrl(studyId, sop, 2, 'format=jpeg&size=32'), tokenA);
  expect(preview.headers.get('content-type')).toBe('image/jpeg');
  const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(32);
});

it('takes an image token in the header, never a token in the address', async () => {
  const { token } = (await suite.api('POST', '/auth/imageToken', { token: tokenA })).body as { token: string };
  expect((await get(frameUrl(studyId, sop, 1), token)).status).toBe(200);
  const inUrl = await fetch(`${frameUrl(studyId, sop, 1)}&token=${token}`);
  expect(inUrl.status).toBe(401);
});

it('refuses a frame or an instance the study does not have, and another account', async () => {
  for (const url of [frameUrl(studyId, sop, 6), frameUrl(studyId, newUid(), 1), frameUrl(studyId, sop, 0)]) {
    const res = await get(url, tokenA);
    expect([url, res.status, await codeOf(res)]).toEqual([url, 404, 'NOT_FOUND']);
  }
  const other = await get(frameUrl(studyId, sop, 1), tokenB);
  expect([other.status, await codeOf(other)]).toEqual([404, 'NOT_FOUND']);
});

it("does not serve an archived study's pixels", async () => {
  const archivedUid = newUid();
  const archivedSop = newUid();
  const id = await ingestStudy(suite.platform.url, suite.knex, tokenA, {
    studyUid: archivedUid,
    files: [makeInstance({ studyUid: archivedUid, seriesUid: newUid(), sopUid: archivedSop })],
  });
  await suite.knex('studies').where({ id }).update({ storage_class: 'GLACIER' });
  const res = await get(frameUrl(id, archivedSop, 1), tokenA);
  expect([res.status, await codeOf(res)]).toEqual([409, 'STUDY_ARCHIVED']);
});
