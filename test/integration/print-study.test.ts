/**
 * Print layouts over HTTP (spec 2 §3, §7): print-study starts the printWorkflow and answers
 * its key at once; the job's live document goes requested → started → completed with the
 * link of a PDF with one page per 2x2 of images; after the retention period the PDF, its
 * link and the live document are gone. Bad options are 400, another account's study 404 and
 * its print topic refused; ALLOW_PRINT_ON_DEMAND 'false' refuses printing with 403 for that
 * account only (ADR 007); the print config is saved per account with its list of saved
 * layouts and read back (an old one without the list too); every frame of a multi-frame
 * instance is printed.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import sharp from 'sharp';
import { imagesOf, pageCount, pdfText, qpdfCheck, renderPage, tempFile } from '../../documents/testing/pdf-tools';
import { formatDateTime } from '../../domain/dates';
import { type PrintJobDocument, printObjectKey, printStudyTopic } from '../../domain/print/job';
import { makeInstance, makeStudy, newUid } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

/** Short enough to see the cleanup, long enough to fetch the PDF first. */
const RETENTION_MINUTES = 0.1;
const suite = platformSuite({
  overrides: {
    STUDY_STABLE_SECONDS: '0.3',
    PRINT_RETENTION_MINUTES: String(RETENTION_MINUTES),
  },
});
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let study: ReturnType<typeof makeStudy>;
let studyId: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  tokens.doctor = await login(api, t.users.doctor!.username);
  tokens.outsider = await login(api, other.users.doctor!.username);
  await setAccountConfig(suite.knex, t.accountId, { PRINT_CUSTOM_HEADER: 'Clínica Impressão Ltda' });
  study = makeStudy({ series: 2, perSeries: 3, modalities: ['CT', 'CT'], patientId: 'P-PRINT-1', patientName: 'Conceição^João' });
  expect((await stow(suite.platform.url, tokens.doctor!, study.files)).status).toBe(200);
  studyId = (
    await eventually(
      () => suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id'),
      (r) => r !== undefined,
      { what: 'ingested study' },
    )
  ).id;
});

async function download(url: string): Promise<Buffer> {
  const res = await fetch(`${suite.platform.url}/api${url.replace(/^\/api/, '')}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

const watch = async (token: string) =>
  mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, { username: 's', password: token, reconnectPeriod: 0 });

/** The job's live documents as they come (an empty payload: the retained document cleared). */
async function follow(key: string): Promise<{ docs: (PrintJobDocument | null)[]; end: () => Promise<void> }> {
  const watcher = await watch(tokens.doctor!);
  const docs: (PrintJobDocument | null)[] = [];
  watcher.on('message', (_topic, payload) => docs.push(payload.length ? JSON.parse(payload.toString()) : null));
  const granted = await watcher.subscribeAsync(printStudyTopic(t.accountId, key), { qos: 1 });
  expect(granted[0]!.qos).not.toBe(128);
  return { docs, end: () => watcher.endAsync() };
}

/** Requests a print and follows its live document to the end: the final document. */
async function print(query: string): Promise<PrintJobDocument> {
  const key = crypto.randomUUID();
  const live = await follow(key);
  try {
    const res = await api('GET', `/studies/${studyId}/print-study?${query}${query ? '&' : ''}printStudyKey=${key}`, {
      token: tokens.doctor,
    });
    expect([res.status, res.body]).toEqual([202, { printStudyKey: key, downloadUrl: null }]);
    const docs = await eventually(
      async () => live.docs,
      (d) => ['completed', 'error'].includes(d.at(-1)?.status ?? ''),
      { what: 'a final print status', timeout: 60_000 },
    );
    return docs.at(-1)!;
  } finally {
    await live.end();
  }
}

it('answers the key at once; the live document says started then completed with the 2-page PDF of a 2x2 layout', async () => {
  const key = crypto.randomUUID();
  const live = await follow(key);
  try {
    const res = await api(
      'GET',
      `/studies/${studyId}/print-study?layout=2x2&orientation=portrait&pageSize=A4&option=grid&printStudyKey=${key}`,
      { token: tokens.doctor },
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ printStudyKey: key, downloadUrl: null });
    const docs = await eventually(
      async () => live.docs,
      (d) => d.at(-1)?.status === 'completed',
      { what: 'completed print status', timeout: 60_000 },
    );
    expect(docs.map((d) => d?.status)).toEqual(['requested', 'started', 'completed']);
    const done = docs.at(-1)!;
    expect(done).toMatchObject({ pages: 2, downloadUrl: expect.stringMatching(/^\/api\/files\//) });
    const pdf = await download(done.downloadUrl!);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('Clínica Impressão Ltda');
    expect(text).toContain('João Conceição');
    expect(text).toContain('P-PRINT-1');
    // The exam date as the report PDF prints it: DD/MM/YYYY HH:mm:ss in America/Sao_Paulo.
    const { exam_date: examDate } = await suite.knex('studies').where({ id: studyId }).first('exam_date');
    expect(examDate).not.toBeNull();
    expect(text).toContain(formatDateTime(examDate, 'pt-BR'));
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    renderPage(pdf, 'print-2x2-page1');

    // Retention: the PDF, its link and the retained document go once the period has passed.
    const file = path.join(suite.config.DATA_DIR, 'objects', ...printObjectKey(t.accountId, key).split('/'));
    expect(fs.existsSync(file)).toBe(true);
    await eventually(
      async () => live.docs,
      (d) => d.at(-1) === null,
      { what: 'the cleared live document', timeout: RETENTION_MINUTES * 60_000 + 20_000 },
    );
    expect(fs.existsSync(file)).toBe(false);
    expect((await fetch(`${suite.platform.url}${done.downloadUrl}`)).status).toBe(404);
    // The key names that job for good: reusing it is refused and publishes nothing.
    const reused = await api('GET', `/studies/${studyId}/print-study?printStudyKey=${key}`, { token: tokens.doctor });
    expect([reused.status, reused.body.error.code]).toEqual([400, 'MALFORMED_REQUEST']);
    // A new subscriber gets no retained document.
    const late = await follow(key);
    await new Promise((r) => setTimeout(r, 500));
    expect(late.docs).toEqual([]);
    await late.end();
  } finally {
    await live.end();
  }
});

it('one series with group series, fit-columns and landscape A3', async () => {
  expect((await print(`layout=1x1&seriesIds=${study.seriesUids[0]}`)).pages).toBe(3);
  expect((await print('layout=3x3&groupSeries=true')).pages).toBe(2);
  const fit = await print('option=fit-columns&column=3&orientation=landscape&pageSize=A3');
  expect(fit.status).toBe('completed');
  const pdf = await download(fit.downloadUrl!);
  expect(qpdfCheck(pdf).ok).toBe(true);
  expect(execPageSize(pdf)).toMatch(/1190\.55 x 841\.89/);
});

function execPageSize(pdf: Buffer): string {
  return execFileSync('pdfinfo', [tempFile(pdf)], { encoding: 'utf8' });
}

it('bad options are 400 with the error shape; key images alone with none marked end in the error status', async () => {
  for (const q of [
    'option=fit-columns&column=0',
    'layout=11x1',
    'pageSize=A6',
    'orientation=sideways',
    'groupSeries=yes',
    'printStudyKey=x',
    'foo=1',
  ]) {
    const res = await api('GET', `/studies/${studyId}/print-study?${q}`, { token: tokens.doctor });
    expect([q, res.status]).toEqual([q, 400]);
    expect(res.body.error.code).toBe('MALFORMED_REQUEST');
  }
  expect(await print('includeKeyImages=true')).toEqual({ status: 'error', errorMessage: 'no image to print' });
});

it("another account's study is 404 and its print topics are refused", async () => {
  expect((await api('GET', `/studies/${studyId}/print-study?layout=2x2`, { token: tokens.outsider })).status).toBe(404);
  expect((await api('GET', `/studies/${studyId}/print-study`)).status).toBe(401);
  const watcher = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.outsider!,
    reconnectPeriod: 0,
  });
  try {
    await expect(watcher.subscribeAsync(printStudyTopic(t.accountId, crypto.randomUUID()), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
  } finally {
    await watcher.endAsync();
  }
});

it("ALLOW_PRINT_ON_DEMAND 'false' refuses printing with 403 for that account only; unset or 'true' allows it", async () => {
  const setFlag = (accountId: string, value: unknown) =>
    setAccountConfig(suite.knex, accountId, { ALLOW_PRINT_ON_DEMAND: value });
  // A study of the other account (no images: its job starts, then ends in error).
  const outsiderStudyId = other.studyIds[0]!;
  try {
    await setFlag(t.accountId, 'false');
    const refused = await api('GET', `/studies/${studyId}/print-study?layout=2x2`, { token: tokens.doctor });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'PRINT_NOT_ALLOWED',
      description: 'A impressão de imagens não está habilitada para esta conta.',
    });
    // The other account keeps printing; and still cannot reach this account's study.
    expect((await api('GET', `/studies/${outsiderStudyId}/print-study`, { token: tokens.outsider })).status).toBe(202);
    expect((await api('GET', `/studies/${studyId}/print-study`, { token: tokens.outsider })).status).toBe(404);
    await setFlag(t.accountId, 'true');
    expect((await print('layout=2x2')).status).toBe('completed');
    await setFlag(other.accountId, false);
    expect((await api('GET', `/studies/${outsiderStudyId}/print-study`, { token: tokens.outsider })).status).toBe(403);
  } finally {
    await suite
      .knex('accounts')
      .whereIn('id', [t.accountId, other.accountId])
      .update({ config: suite.knex.raw(`config - 'ALLOW_PRINT_ON_DEMAND'`) });
  }
});

it('saves the print config per account with its list of saved layouts and reads it back', async () => {
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body).toEqual({
    layout: { row: 1, col: 1 },
    pageSize: 'A4',
    orientation: 'portrait',
    option: 'grid',
    column: 1,
    groupSeries: false,
    seriesIds: [],
    includeKeyImages: false,
    layouts: [],
    saved: false,
  });
  const saved = {
    layout: { row: 2, col: 3 },
    orientation: 'landscape',
    pageSize: 'A3',
    option: 'fit-columns',
    column: 2,
    groupSeries: true,
    seriesIds: [],
    includeKeyImages: true,
  };
  const first = await api('PATCH', '/layouts', { token: tokens.doctor, body: saved });
  expect([first.status, first.body]).toEqual([200, { ...saved, layouts: [{ row: 2, col: 3 }], saved: true }]);
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body).toEqual({
    ...saved,
    layouts: [{ row: 2, col: 3 }],
    saved: true,
  });
  // A newer layout goes first; one saved again moves to the front instead of repeating.
  await api('PATCH', '/layouts', { token: tokens.doctor, body: { ...saved, layout: { row: 5, col: 7 } } });
  await api('PATCH', '/layouts', { token: tokens.doctor, body: { ...saved, layout: { row: 2, col: 3 } } });
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body.layouts).toEqual([
    { row: 2, col: 3 },
    { row: 5, col: 7 },
  ]);
  // The list is kept to its limit, the oldest dropped.
  for (const col of [1, 2, 3, 4, 5, 6])
    await api('PATCH', '/layouts', { token: tokens.doctor, body: { ...saved, layout: { row: 9, col } } });
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body.layouts).toEqual(
    [6, 5, 4, 3, 2, 1].map((col) => ({ row: 9, col })),
  );
  // The client may send the list (to clear or reorder it); its layout still goes first.
  const cleared = await api('PATCH', '/layouts', { token: tokens.doctor, body: { ...saved, layouts: [] } });
  expect(cleared.body.layouts).toEqual([{ row: 2, col: 3 }]);

  // Another account sees its own (nothing saved).
  expect((await api('GET', '/layouts', { token: tokens.outsider })).body).toMatchObject({
    layout: { row: 1, col: 1 },
    layouts: [],
    saved: false,
  });
  // Invalid configs are refused with the error shape, and nothing is saved.
  for (const bad of [
    { option: 'fit-columns', column: 0 },
    { layouts: [{ row: 11, col: 1 }] },
    { layouts: Array.from({ length: 7 }, (_, i) => ({ row: 1, col: i + 1 })) },
    { layouts: '2x2' },
    { foo: 1 },
    { saved: true },
  ]) {
    const res = await api('PATCH', '/layouts', { token: tokens.doctor, body: bad });
    expect([JSON.stringify(bad), res.status, res.body.error?.code]).toEqual([JSON.stringify(bad), 400, 'MALFORMED_REQUEST']);
  }
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body.layouts).toEqual([{ row: 2, col: 3 }]);
  expect((await api('PATCH', '/layouts', { body: saved })).status).toBe(401);

  // A config saved before the list existed still reads, with an empty list.
  await suite
    .knex('accounts')
    .where({ id: t.accountId })
    .update({
      config: suite.knex.raw(`config || jsonb_build_object('PRINT_CONFIG', ?::jsonb)`, [
        JSON.stringify({ ...saved, layout: { row: 4, col: 4 } }),
      ]),
    });
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body).toEqual({
    ...saved,
    layout: { row: 4, col: 4 },
    layouts: [],
    saved: true,
  });
  // The account's other settings are kept.
  expect((await suite.knex('accounts').where({ id: t.accountId }).first('config')).config.PRINT_CUSTOM_HEADER).toBe(
    'Clínica Impressão Ltda',
  );
});

it('prints every frame of a multi-frame instance as its own image', async () => {
  const studyUid = newUid();
  const seriesUid = newUid();
  const files = [
    makeInstance({
      studyUid,
      seriesUid,
      patientId: 'P-MF-1',
      patientName: 'Quadros^Ana',
      modality: 'US',
      frames: 3,
      instanceNumber: 1,
    }),
    makeInstance({ studyUid, seriesUid, patientId: 'P-MF-1', patientName: 'Quadros^Ana', modality: 'US', instanceNumber: 2 }),
  ];
  expect((await stow(suite.platform.url, tokens.doctor!, files)).status).toBe(200);
  const mf = await eventually(
    () => suite.knex('studies').where({ study_instance_uid: studyUid }).first('id'),
    (r) => r !== undefined,
    { what: 'ingested multi-frame study' },
  );
  await eventually(
    () =>
      suite
        .knex('dicom_instances as i')
        .join('dicom_series as se', 'se.id', 'i.series_id')
        .where('se.study_id', mf.id)
        .select('i.number_of_frames'),
    (rows) => rows.length === 2,
    { what: 'both instances stored' },
  );
  const key = crypto.randomUUID();
  const live = await follow(key);
  try {
    const res = await api('GET', `/studies/${mf.id}/print-study?layout=2x2&printStudyKey=${key}`, { token: tokens.doctor });
    expect(res.status).toBe(202);
    const docs = await eventually(
      async () => live.docs,
      (d) => ['completed', 'error'].includes(d.at(-1)?.status ?? ''),
      { what: 'a final print status', timeout: 60_000 },
    );
    const done = docs.at(-1)!;
    expect(done).toMatchObject({ status: 'completed', pages: 1 });
    const pdf = await download(done.downloadUrl!);
    // 3 frames + 1 single-frame instance = 4 images on the one 2x2 page, every frame different.
    expect(imagesOf(pdf)).toHaveLength(4);
    const drawn = pdfImageFiles(pdf);
    expect(new Set(drawn.map((f) => crypto.createHash('sha1').update(fs.readFileSync(f)).digest('hex'))).size).toBe(4);
    // In frame order: each frame's disc is larger than the one before (makeInstance).
    const discs = await Promise.all(drawn.slice(0, 3).map(brightPixels));
    expect(discs[0]!).toBeLessThan(discs[1]!);
    expect(discs[1]!).toBeLessThan(discs[2]!);
    renderPage(pdf, 'print-multiframe-2x2');
  } finally {
    await live.end();
  }
  // 1x1: one page per frame.
  const key2 = crypto.randomUUID();
  const live2 = await follow(key2);
  try {
    await api('GET', `/studies/${mf.id}/print-study?layout=1x1&printStudyKey=${key2}`, { token: tokens.doctor });
    const docs = await eventually(
      async () => live2.docs,
      (d) => ['completed', 'error'].includes(d.at(-1)?.status ?? ''),
      { what: 'a final print status', timeout: 60_000 },
    );
    expect(docs.at(-1)).toMatchObject({ status: 'completed', pages: 4 });
  } finally {
    await live2.end();
  }
});

/** The images the PDF draws, in drawing order (`pdfimages -all`). */
function pdfImageFiles(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-pdfimages-'));
  execFileSync('pdfimages', ['-all', tempFile(pdf), path.join(dir, 'img')]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => path.join(dir, f));
}

/** How many near-white pixels an image has (the disc's area). */
async function brightPixels(file: string): Promise<number> {
  const { data } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.filter((v) => v > 200).length;
}
