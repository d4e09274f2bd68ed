/**
 * Report images over HTTP against the real platform (issue 6, spec 2 §2, §7): the selection
 * of the version (key images first, then saved, then carried into a reopened version), the
 * external files' url + fields upload (content-checked, one use, one hour), tenancy, and the
 * finished and the signed PDFs holding the images (pdfimages, qpdf).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { imagesOf, pdfText, qpdfCheck, renderPage } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant, setAccountConfig } from '../support/fixtures';
import { actAs, fetchBytes, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
let t: Tenant;
let other: Tenant;
let pki: TestPki;
const tokens: Record<string, string> = {};
let study: ReturnType<typeof makeStudy>;
let studyId: string;
let sibling: ReturnType<typeof makeStudy>;
let foreign: ReturnType<typeof makeStudy>;
let foreignId: string;

beforeAll(async () => {
  ensureDocumentTools();
  const uploader = [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM' as const];
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: uploader, reader: ['STUDIES_RETRIEVE_REPORTS'] } });
  pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  other = await createTenant(suite.knex, { studies: 0, users: { doctor: uploader } });
  tokens.doctor = await login(api, t.users.doctor!.username);
  tokens.reader = await login(api, t.users.reader!.username);
  tokens.outsider = await login(api, other.users.doctor!.username);
  study = makeStudy({ series: 2, perSeries: 3, patientId: 'P-IMG-1', patientName: 'Conceição^Maria' });
  studyId = await ingestStudy(suite.platform.url, suite.knex, tokens.doctor, study);
  sibling = makeStudy({ series: 1, perSeries: 1, patientId: 'P-IMG-2' });
  await ingestStudy(suite.platform.url, suite.knex, tokens.doctor, sibling);
  foreign = makeStudy({ series: 1, perSeries: 1, patientId: 'P-IMG-3' });
  foreignId = await ingestStudy(suite.platform.url, suite.knex, tokens.outsider, foreign);
});

const act = actAs(api, tokens);

/** The browser's upload: multipart with the slot's fields, then the file. */
async function upload(slot: { url: string; fields: Record<string, string> }, name: string, bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  for (const [k, v] of Object.entries(slot.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${suite.platform.url}${slot.url}`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Posts a 10 MB multipart body of which only the first 64 KB is ever sent: the status the
 * server answers without waiting for the rest, or 'no answer' when it waits for the body.
 */
function postUnfinished(url: string): Promise<number | 'no answer'> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${suite.platform.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(10 * 1024 * 1024) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, 5000);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.write(Buffer.alloc(64 * 1024, 'a'));
  });
}

const photo = (color: string, w = 320, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function download(path: string): Promise<Buffer> {
  const res = await fetchBytes(suite.apiUrl(path), tokens.doctor);
  expect(res.status).toBe(200);
  return res.bytes;
}

it('opens with the viewer’s key images, saves the selection in its order, and refuses keys that are not the study’s', async () => {
  await act('doctor', 'POST', `/studies/${studyId}/reports/start`);
  const key = { seriesId: study.seriesUids[1], imageKey: study.sopUids[4], frame: 1 };
  expect((await api('POST', `/studies/${studyId}/key-image`, { token: tokens.doctor, body: key })).status).toBe(204);

  const first = await act('doctor', 'GET', `/studies/${studyId}/reports/images`);
  expect(first).toMatchObject({
    version: 1,
    source: 'keyImages',
    laudoImages: [{ imageKey: study.sopUids[4], order: 1, frame: 1 }],
    externalImages: [],
    settings: { maxAdjacentImages: 12, allowSelectAllImagesReport: false },
  });

  // The account's settings are read as the spec writes them (strings).
  await setAccountConfig(suite.knex, t.accountId, { maxAdjacentImages: '4', allowSelectAllImagesReport: 'true' });
  expect((await act('doctor', 'GET', `/studies/${studyId}/reports/images`)).settings).toEqual({
    maxAdjacentImages: 4,
    allowSelectAllImagesReport: true,
  });

  const saved = await act('doctor', 'POST', `/studies/${studyId}/reports/images`, {
    laudoImages: [
      { imageKey: study.sopUids[4], order: 2 },
      { imageKey: study.sopUids[0], order: 1 },
    ],
    externalImages: [],
  });
  expect(saved).toMatchObject({
    source: 'saved',
    laudoImages: [
      { imageKey: study.sopUids[0], order: 1 },
      { imageKey: study.sopUids[4], order: 2 },
    ],
  });

  const refused = async (laudoImages: unknown, status = 404) =>
    (await act('doctor', 'POST', `/studies/${studyId}/reports/images`, { laudoImages, externalImages: [] }, status)).error.code;
  expect(await refused([{ imageKey: sibling.sopUids[0], order: 1 }])).toBe('NOT_FOUND'); // another study's
  expect(await refused([{ imageKey: foreign.sopUids[0], order: 1 }])).toBe('NOT_FOUND'); // another tenant's
  expect(await refused([{ imageKey: study.sopUids[0], order: 1, frame: 2 }])).toBe('NOT_FOUND'); // single frame
  expect(await refused([{ imageKey: 'not a uid', order: 1 }], 400)).toBe('MALFORMED_REQUEST');
  expect(
    (await act('doctor', 'POST', `/studies/${studyId}/reports/images`, { laudoImages: [], externalImages: ['nunca.jpg'] }, 404))
      .error.code,
  ).toBe('NOT_FOUND');
  // A refused save leaves the saved selection as it was.
  expect((await act('doctor', 'GET', `/studies/${studyId}/reports/images`)).laudoImages).toHaveLength(2);

  // Other tenants and callers who may not write the report.
  expect((await api('GET', `/studies/${studyId}/reports/images`, { token: tokens.outsider })).status).toBe(404);
  expect(
    (await api('POST', `/studies/${studyId}/reports/images`, { token: tokens.outsider, body: { laudoImages: [] } })).status,
  ).toBe(404);
  expect((await api('GET', `/studies/${foreignId}/reports/images`, { token: tokens.doctor })).status).toBe(404);
  const reader = await api('POST', `/studies/${studyId}/reports/images`, { token: tokens.reader, body: { laudoImages: [] } });
  expect(reader.status).toBeGreaterThanOrEqual(403);
  expect((await api('GET', `/studies/${studyId}/reports/images`)).status).toBe(401);

  // Exams without institution have the same calls.
  const examId = await createScheduledExam(suite.knex, t);
  expect(await act('doctor', 'GET', `/scheduledExam/${examId}/reports/images`)).toMatchObject({
    source: 'keyImages',
    laudoImages: [],
  });
});

it('uploads external images through one-time url + fields: accents stripped, content checked, used or expired urls refused', async () => {
  const { files } = await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/4`);
  expect(files).toHaveLength(4);
  for (const f of files)
    expect(f).toEqual({
      url: expect.stringMatching(/^\/api\/report-images\/upload\/[A-Za-z0-9_-]{40,}$/),
      fields: { uploadId: expect.any(String) },
    });
  // The token is stored hashed, bound to the account and the laudo.
  const token = files[0].url.split('/').pop();
  const rows = await suite.knex('laudo_image_upload_tokens').where({ account_id: t.accountId });
  expect(rows).toHaveLength(4);
  expect(JSON.stringify(rows)).not.toContain(token);

  const ok = await upload(files[0], 'Coração.JPG', await photo('#c03030'));
  expect(ok).toEqual({ status: 201, body: { filename: 'Coracao.JPG' } });
  // Used once: a second post is refused.
  expect((await upload(files[0], 'outra.jpg', await photo('#3030c0'))).body.error.code).toBe('UPLOAD_LINK_EXPIRED');

  // A PDF named .png is refused by its content; a .gif by its name.
  const fake = await upload(files[1], 'laudo.png', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'image/png');
  expect(fake).toMatchObject({ status: 400, body: { error: { code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED' } } });
  const gif = await upload(files[2], 'anim.gif', Buffer.from('GIF89a....'), 'image/gif');
  expect(gif.body.error.code).toBe('REPORT_IMAGE_TYPE_NOT_ALLOWED');

  // Expired after an hour.
  const last = files[3];
  await suite
    .knex('laudo_image_upload_tokens')
    .where({ upload_id: last.fields.uploadId })
    .update({ expires_at: new Date(Date.now() - 1000) });
  expect(await upload(last, 'tarde.jpg', await photo('#30c030'))).toMatchObject({
    status: 410,
    body: { error: { code: 'UPLOAD_LINK_EXPIRED' } },
  });
  expect(
    (await upload({ url: '/api/report-images/upload/' + 'x'.repeat(43), fields: {} }, 'a.jpg', await photo('#000'))).status,
  ).toBe(404);
  // Made-up and spent tokens are answered before the body is read (no buffering for them).
  expect(await postUnfinished('/api/report-images/upload/' + 'y'.repeat(43))).toBe(404);
  expect(await postUnfinished(files[0].url)).toBe(410);
  expect(await postUnfinished(last.url)).toBe(410);

  // The fields must be the slot's own.
  const [slot] = (await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files;
  expect((await upload({ url: slot.url, fields: { uploadId: 'outro' } }, 'a.jpg', await photo('#000'))).status).toBe(400);

  // Counts and tenancy.
  expect((await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/0`, undefined, 400)).error.code).toBe(
    'MALFORMED_REQUEST',
  );
  expect((await api('GET', `/studies/${studyId}/reports/external-images/99`, { token: tokens.doctor })).status).toBe(400);
  expect((await api('GET', `/studies/${studyId}/reports/external-images/1`, { token: tokens.outsider })).status).toBe(404);

  const view = await act('doctor', 'GET', `/studies/${studyId}/reports/images`);
  expect(view.uploadedExternalImages).toEqual(['Coracao.JPG']);
  const stored = await suite.knex('laudo_external_images').where({ account_id: t.accountId }).first('object_key', 'content_type');
  expect(stored).toMatchObject({
    content_type: 'image/jpeg',
    object_key: expect.stringMatching(new RegExp(`^accounts/${t.accountId}/laudos/`)),
  });
});

it('prints the selected images in the finished and the signed PDF, and a reopened report starts from them', async () => {
  const [slot] = (await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files;
  expect(
    (
      await upload(
        slot,
        'Ultrassom externo.png',
        await sharp(await photo('#20a060', 300, 150))
          .png()
          .toBuffer(),
        'image/png',
      )
    ).status,
  ).toBe(201);
  await act('doctor', 'POST', `/studies/${studyId}/reports/images`, {
    laudoImages: [
      { imageKey: study.sopUids[5], order: 1 },
      { imageKey: study.sopUids[1], order: 2 },
    ],
    externalImages: ['Coracao.JPG', 'Ultrassom externo.png'],
  });

  // The preview shows them already.
  const { previewUrl } = await act('doctor', 'POST', `/studies/${studyId}/reports/save`, {
    content: '<p>Prévia.</p>',
    preview: true,
  });
  expect(imagesOf(await download(previewUrl.replace(/^\/api/, ''))).filter((i) => i.type === 'image')).toHaveLength(4);

  const [late] = (await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files;
  await act('doctor', 'POST', `/studies/${studyId}/reports/save`, { content: '<p>Exame com imagens selecionadas.</p>' });
  // A url handed out before the report was finished no longer stores anything in it.
  const afterFinish = await upload(late, 'Coração.JPG', await photo('#000000'));
  expect(afterFinish).toMatchObject({ status: 409, body: { error: { code: 'REPORT_NOT_UPDATABLE' } } });
  expect(await suite.knex('laudo_external_images').where({ account_id: t.accountId }).pluck('filename')).toHaveLength(2);
  const pdf = await download(`/studies/${studyId}/reports/download?version=1`);
  expect(qpdfCheck(pdf)).toMatchObject({ ok: true });
  const images = imagesOf(pdf).filter((i) => i.type === 'image');
  expect(images).toHaveLength(4);
  // The study images are the rendered frames (64×64 in the fixture), then the external files.
  expect(images.map((i) => `${i.width}x${i.height}`)).toEqual(['64x64', '64x64', '320x200', '300x150']);
  const text = pdfText(pdf);
  expect(text).toContain('1. Série 2 · Imagem 3');
  expect(text).toContain('2. Série 1 · Imagem 2');
  expect(text).toContain('3. Coracao.JPG');
  expect(text).toContain('4. Ultrassom externo.png');
  renderPage(pdf, 'report-images-integration');
  // The rendered frames are cached under the laudo.
  const laudoId = (await suite.knex('studies').where({ id: studyId }).first('laudo_id')).laudo_id;
  const cached = path.join(
    suite.config.DATA_DIR,
    'objects',
    'accounts',
    t.accountId,
    'laudos',
    laudoId,
    'images',
    `${study.sopUids[5]}-f1-900.jpg`,
  );
  expect(fs.existsSync(cached)).toBe(true);

  // Signing signs the same document, images included (plus the QR code).
  const file = pki.p12.toString('base64');
  await act('doctor', 'POST', '/digitalSignature/upload', { file, password: pki.password });
  await act('doctor', 'POST', `/studies/${studyId}/reports/sign`, { personalKeyPassword: pki.password });
  const signed = await download(`/studies/${studyId}/reports/download?version=1`);
  expect(qpdfCheck(signed)).toMatchObject({ ok: true });
  expect(imagesOf(signed).filter((i) => i.type === 'image')).toHaveLength(5);
  expect(pdfText(signed)).toContain('4. Ultrassom externo.png');

  // Reopened: version 2 starts from version 1's selection; saving it keeps version 1's.
  await act('doctor', 'POST', `/studies/${studyId}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
  const reopened = await act('doctor', 'GET', `/studies/${studyId}/reports/images`);
  expect(reopened).toMatchObject({
    version: 2,
    source: 'previous',
    laudoImages: [{ imageKey: study.sopUids[5] }, { imageKey: study.sopUids[1] }],
    externalImages: ['Coracao.JPG', 'Ultrassom externo.png'],
  });
  await act('doctor', 'POST', `/studies/${studyId}/reports/images`, { laudoImages: [], externalImages: [] });
  expect(await act('doctor', 'GET', `/studies/${studyId}/reports/images`)).toMatchObject({ source: 'saved', laudoImages: [] });
  const v1 = await suite.knex('laudo_image_items').where({ laudo_id: laudoId, version: 1 });
  expect(v1).toHaveLength(4);

  // Version 1 prints Coracao.JPG: a new file sent under that name is stored beside it, not over it.
  const before = await suite.knex('laudo_external_images').where({ laudo_id: laudoId, filename: 'Coracao.JPG' }).first();
  const [again] = (await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files;
  expect(await upload(again, 'Coração.JPG', await photo('#0000ff'))).toEqual({
    status: 201,
    body: { filename: 'Coracao (2).JPG' },
  });
  expect(await suite.knex('laudo_external_images').where({ laudo_id: laudoId, filename: 'Coracao.JPG' }).first()).toEqual(before);
  expect(
    imagesOf(await download(`/studies/${studyId}/reports/download?version=1`)).filter((i) => i.type === 'image'),
  ).toHaveLength(5);
  // A name only the version being written uses is replaced as before.
  const [twice] = (await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files;
  expect((await upload(twice, 'Coracao (2).JPG', await photo('#00ffff'))).body).toEqual({ filename: 'Coracao (2).JPG' });
  expect((await act('doctor', 'GET', `/studies/${studyId}/reports/images`)).uploadedExternalImages).toEqual([
    'Coracao.JPG',
    'Ultrassom externo.png',
    'Coracao (2).JPG',
  ]);
});

it('caps the external images of one report at 30, when handing out urls and when storing', async () => {
  const laudoId = (await suite.knex('studies').where({ id: studyId }).first('laudo_id')).laudo_id;
  const files = () => suite.knex('laudo_external_images').where({ account_id: t.accountId, laudo_id: laudoId });
  const template = await files().first('account_id', 'laudo_id', 'content_type', 'size_in_bytes', 'object_key', 'uploaded_by');
  const add = (n: number, from: number) =>
    suite
      .knex('laudo_external_images')
      .insert(Array.from({ length: n }, (_, i) => ({ ...template, filename: `extra-${from + i}.jpg`, created_at: new Date() })));
  await add(26, 1); // 3 uploaded + 26 = 29
  expect((await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/2`, undefined, 400)).error.code).toBe(
    'REPORT_EXTERNAL_IMAGES_LIMIT',
  );
  const [slot, spare] = [
    ...(await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files,
    ...(await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`)).files,
  ];
  expect(await upload(slot, 'trigesima.jpg', await photo('#ff00ff'))).toMatchObject({ status: 201 });
  expect((await files()).length).toBe(30);
  // A url handed out under the cap cannot store a 31st file.
  expect(await upload(spare, 'trigesima-primeira.jpg', await photo('#ffff00'))).toMatchObject({
    status: 400,
    body: { error: { code: 'REPORT_EXTERNAL_IMAGES_LIMIT', description: 'O laudo atingiu o limite de 30 imagens externas.' } },
  });
  expect((await act('doctor', 'GET', `/studies/${studyId}/reports/external-images/1`, undefined, 400)).error.code).toBe(
    'REPORT_EXTERNAL_IMAGES_LIMIT',
  );
  expect((await files()).length).toBe(30);
});
