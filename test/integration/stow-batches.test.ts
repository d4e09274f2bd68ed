/**
 * STOW-RS writes in batches (issue 15, ingest speed): a whole CT in one request, many small
 * requests at once to one study, and the answers still per instance and in the body's order.
 * And no stall: the first small uploads on a fresh platform, and small uploads while large
 * images are made into thumbnails, each answer within 2 s (6–20 s were seen before).
 *
 * @serial the 2 s bound is this platform's, not another test file's load on the same cores.
 */
import { makeInstance, makeStudy, newUid } from '../support/dicom-files';
import { eventually } from '../support/eventually';
import { failureCodes, stow, storedUids } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
let t: Tenant;
let token: string;
/** Three 3328×4096 mammograms (27 MB each), each a study of its own. */
let large: { studyUid: string; file: Buffer }[];

/** A copy of `file` with its UIDs changed, same length (the last digits replaced by `k`). */
function withOtherUids(file: Buffer, uids: string[], k: number): { uids: string[]; file: Buffer } {
  const copy = Buffer.from(file);
  const renamed = uids.map((u) => `${u.slice(0, -2)}${String(10 + k)}`);
  uids.forEach((u, i) => {
    const from = Buffer.from(u, 'latin1');
    for (let at = copy.indexOf(from); at >= 0; at = copy.indexOf(from, at + 1)) copy.write(renamed[i]!, at, 'latin1');
  });
  return { uids: renamed, file: copy };
}

beforeAll(async () => {
  // Made once and copied with other UIDs: making pixels this size takes seconds in jest, and
  // is done before the platform takes any request.
  const mg = makeStudy({ series: 1, perSeries: 1, rows: 4096, columns: 3328, modalities: ['MG'] });
  large = [0, 1, 2].map((k) => {
    const copy = withOtherUids(mg.files[0]!, [mg.studyUid, mg.seriesUids[0]!, mg.sopUids[0]!], k);
    return { studyUid: copy.uids[0]!, file: copy.file };
  });
  t = await createTenant(suite.knex, { studies: 0, users: { uploader: ['STUDIES_UPLOAD_DICOM'] } });
  token = await login(suite.api, t.users.uploader!.username);
});

/** Sends one study per file, one after the other: each answer's time in ms. */
async function timedUploads(files: Buffer[]): Promise<number[]> {
  const times: number[] = [];
  for (const f of files) {
    const start = performance.now();
    const res = await stow(suite.platform.url, token, [f]);
    times.push(performance.now() - start);
    expect(res.status).toBe(200);
  }
  return times;
}

const smallStudies = (n: number) =>
  Array.from({ length: n }, () => makeStudy({ series: 1, perSeries: 1, rows: 128, columns: 128 }).files[0]!);

// First in this file: the platform has taken nothing yet.
it('answers each of the first 20 single-instance uploads on a fresh platform within 2 s', async () => {
  const times = await timedUploads(smallStudies(20));
  expect(Math.max(...times)).toBeLessThan(2000);
});

it('answers small uploads within 2 s while large images of other studies are made into thumbnails', async () => {
  // Their thumbnails used to be decoded whole on the event loop, holding every request for
  // about a second each.
  for (const s of large) expect((await stow(suite.platform.url, token, [s.file])).status).toBe(200);
  const times = await timedUploads(smallStudies(20));
  const stable = await eventually(
    () =>
      suite
        .knex('studies')
        .whereIn(
          'study_instance_uid',
          large.map((s) => s.studyUid),
        )
        .whereNotNull('stable_at')
        .count(),
    (rows) => Number(rows[0]!.count) === 3,
    { what: 'large studies stable' },
  );
  expect(Number(stable[0]!.count)).toBe(3);
  expect(Math.max(...times)).toBeLessThan(2000);
  const thumbs = await suite
    .knex('dicom_series')
    .whereIn(
      'study_id',
      suite
        .knex('studies')
        .select('id')
        .whereIn(
          'study_instance_uid',
          large.map((s) => s.studyUid),
        ),
    )
    .whereNotNull('thumbnail_key');
  expect(thumbs).toHaveLength(3);
});

it('stores a 300-instance CT sent in one request, answering per instance in the body’s order', async () => {
  const ct = makeStudy({ series: 2, perSeries: 150, rows: 64, columns: 64 });
  const broken = makeInstance({ studyUid: ct.studyUid, seriesUid: newUid() }).subarray(0, 1500);
  // A repeated instance and a truncated one in the middle, a file that is not DICOM near the end.
  const body = [
    ...ct.files.slice(0, 100),
    ct.files[10]!,
    broken,
    ...ct.files.slice(100, 290),
    Buffer.from('not dicom'),
    ...ct.files.slice(290),
  ];
  const res = await stow(suite.platform.url, token, body);
  expect(res.status).toBe(202);
  expect(failureCodes(res.body)).toEqual(['TRUNCATED', 'NOT_DICOM']);
  const sops = ct.sopUids;
  const expected = [...sops.slice(0, 100), sops[10]!, ...sops.slice(100)];
  expect(storedUids(res.body)).toEqual(expected);

  const study = await suite.knex('studies').where({ study_instance_uid: ct.studyUid }).first();
  expect(study).toMatchObject({ instance_count: 300, series_count: 2, modalities: ['CT'] });
  const series = await suite.knex('dicom_series').where({ study_id: study.id }).orderBy('series_instance_uid');
  expect(series.map((s) => s.instance_count)).toEqual([150, 150]);
  expect(await suite.knex('dicom_instances').where({ study_id: study.id }).count()).toEqual([{ count: '300' }]);
  // Arrival order kept: the first received is the first by created_at (tags, QIDO metadata).
  expect(
    await suite.knex('dicom_instances').where({ study_id: study.id }).orderBy('created_at').pluck('sop_instance_uid'),
  ).toEqual(sops);
  expect(await suite.knex('laudos').where({ id: study.laudo_id }).count()).toEqual([{ count: '1' }]);
});

it('counts every instance once when many single-instance uploads to one study arrive at once, repeats included', async () => {
  const study = makeStudy({ series: 2, perSeries: 20, rows: 64, columns: 64 });
  const sends = [...study.files, ...study.files.slice(0, 10)];
  let next = 0;
  const answers: number[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < sends.length) answers.push((await stow(suite.platform.url, token, [sends[next++]!])).status);
    }),
  );
  expect(answers.every((s) => s === 200)).toBe(true);
  const row = await suite.knex('studies').where({ study_instance_uid: study.studyUid });
  expect(row).toHaveLength(1);
  expect(row[0]).toMatchObject({ instance_count: 40, series_count: 2 });
  const series = await suite.knex('dicom_series').where({ study_id: row[0].id });
  expect(series.map((s) => s.instance_count)).toEqual([20, 20]);
  expect(await suite.knex('laudos').where({ id: row[0].laudo_id }).count()).toEqual([{ count: '1' }]);
});
