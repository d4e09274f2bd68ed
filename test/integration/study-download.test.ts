/**
 * Study download against the whole platform: prepareDownload starts the workflow, progress
 * and `finished` arrive on the live topic, the zip lists and tests clean with `unzip -t`,
 * a DICOM inside reads with dcmdump, report PDFs and attachments are in their folders;
 * archived studies and another tenant's ids are refused.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import PDFDocument from 'pdfkit';
import { buffer } from 'node:stream/consumers';
import { ensureDocumentTools, findDcmtk } from '../../scripts/tools';
import { LocalObjectStorage } from '../../storage/local-storage';
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
const api = suite.api;
let t: Tenant;
let token: string;
let otherToken: string;
let studyId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-download-'));
const study = makeStudy({
  series: 2,
  perSeries: 3,
  modalities: ['CT', 'MR'],
  patientName: 'Conceição^Inês',
  patientId: 'P-ZIP',
  accessionNumber: 'ACC-ZIP',
  studyDate: '20261015',
});

function pdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument();
  doc.text(text);
  doc.end();
  return buffer(doc);
}

/** Watches the live topic; resolves with the `finished` document and every document seen. */
async function watch(topic: string, tk = token) {
  const client = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tk,
    reconnectPeriod: 0,
  });
  const seen: any[] = [];
  const finished = new Promise<any>((resolve, reject) => {
    client.on('message', (_t, payload) => {
      const doc = JSON.parse(payload.toString());
      seen.push(doc);
      if (doc.finished) resolve(doc);
      if (doc.error) reject(new Error(`download failed: ${doc.errorMessage}`));
    });
  });
  // A refused subscription is a negative SUBACK, which mqtt.js reports as an error.
  const granted = await client.subscribeAsync(topic, { qos: 1 }).then(
    (g) => g[0]!.qos !== 128,
    () => false,
  );
  finished.catch(() => undefined);
  return { client, seen, finished, granted };
}

async function download(qs: string) {
  const res = await api('GET', `/medicalRecords/prepareDownload?${qs}`, { token });
  if (res.status !== 200) console.error(res.body);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ finished: false, shortKey: expect.any(String) });
  const w = await watch(res.body.topic);
  expect(w.granted).toBe(true);
  const done = await w.finished;
  await w.client.endAsync();
  const zip = await fetch(`${suite.platform.url}${done.downloadUrl}`);
  expect(zip.status).toBe(200);
  const file = path.join(tmp, `${res.body.shortKey}.zip`);
  fs.writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
  const listing = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
  return { file, listing, seen: w.seen, done };
}

beforeAll(async () => {
  ensureDocumentTools(); // unzip, pdftotext
  // The package's parts need their own permissions: reading reports (STUDIES_SAVE_REPORTS
  // counts, decision 015) and downloading attachments; `uploader` has neither.
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      doctor: ['STUDIES_UPLOAD_DICOM', 'STUDIES_SAVE_REPORTS', 'STUDIES_DOWNLOAD_ATTACHMENT'],
      uploader: ['STUDIES_UPLOAD_DICOM'],
    },
  });
  const other = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM'] } });
  token = await login(api, t.users.doctor!.username);
  otherToken = await login(api, other.users.doctor!.username);
  expect((await stow(suite.platform.url, token, study.files)).status).toBe(200);
  const row = await suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id', 'laudo_id', 'account_id');
  studyId = row.id;
  // Two report versions with stored documents (the signing itself is tested elsewhere).
  const storage = new LocalObjectStorage(path.join(suite.config.DATA_DIR, 'objects'));
  await suite.knex('laudos').where({ id: row.laudo_id }).update({ version: 2 });
  for (const version of [1, 2]) {
    const key = `accounts/${row.account_id}/laudos/${row.laudo_id}/documents/v${version}.pdf`;
    await storage.put(key, await pdf(`Laudo versão ${version}`));
    await suite.knex('laudo_documents').insert({
      account_id: row.account_id,
      laudo_id: row.laudo_id,
      version,
      storage_key: key,
      sha256: 'x'.repeat(64),
      verification_code: `V${version}${row.laudo_id.slice(0, 8)}`,
      signer_name: 'Dr',
      certificate_subject: 'CN=Dr',
      signed_at: new Date(),
    });
  }
  const [type] = await suite
    .knex('attachment_types')
    .insert({ account_id: row.account_id, title: 'Pedido', extensions_allowed: ['pdf'] })
    .returning('id');
  const attKey = `accounts/${row.account_id}/studies/${studyId}/attachments/pedido.pdf`;
  const attBody = await pdf('Pedido médico');
  await storage.put(attKey, attBody);
  await suite.knex('study_attachments').insert({
    account_id: row.account_id,
    study_id: studyId,
    attachment_type_id: type.id,
    filename: 'pedido médico.pdf',
    size_in_bytes: attBody.length,
    content_type: 'application/pdf',
    preview_type: 'PDF',
    object_key: attKey,
  });
});

afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

it('zips the DICOMs, reports and attachments in folders by patient and accession; unzip -t and dcmdump read them', async () => {
  const { file, listing, done } = await download(
    `studyIds=${studyId}&dicomSeries=1&activeLaudos=1&inactiveLaudos=1&attachments=1&includePatientId=1&includePatientName=1&includeAccessionNumber=1&includeDate=1`,
  );
  // The index keeps the DICOM name as displayed (given names first).
  const root = 'P-ZIP/Inês Conceição/ACC-ZIP/2026-10-15';
  const dicoms = listing.filter((p) => p.endsWith('.dcm'));
  expect(dicoms).toHaveLength(6);
  expect(dicoms.map((p) => p.slice(0, root.length + 7))).toEqual(Array(6).fill(`${root}/DICOM/`));
  expect(listing).toEqual(
    expect.arrayContaining([
      `${root}/Laudos/laudo.pdf`,
      `${root}/Laudos/laudo-v1-inativo.pdf`,
      `${root}/Anexos/pedido médico.pdf`,
    ]),
  );
  expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
  const out = path.join(tmp, 'x');
  execFileSync('unzip', ['-q', '-o', file, '-d', out]);
  const dump = execFileSync(findDcmtk('dcmdump'), [path.join(out, dicoms[0]!)]).toString();
  expect(dump).toContain(study.studyUid);
  expect(dump).toMatch(/\[P-ZIP\].*PatientID/);
  expect(execFileSync('pdftotext', [path.join(out, root, 'Laudos/laudo.pdf'), '-']).toString()).toContain('Laudo versão 2');
  // The retained last document carries the final counts: a subscriber that came after the
  // progress documents (a loaded machine) still sees them; asking for one of those raced.
  expect(done).toMatchObject({ finished: true, done: 9, total: 9 });
});

it('zips only the chosen series, and rendered JPEGs when asked, with no subfolders', async () => {
  const { listing, file } = await download(`studyIds=${studyId}&dicomSeries=1&imageSeries=1&seriesIds=${study.seriesUids[1]}`);
  expect(listing.filter((p) => p.endsWith('.dcm'))).toHaveLength(3);
  const jpgs = listing.filter((p) => p.endsWith('.jpg'));
  expect(jpgs).toHaveLength(3);
  expect(listing.every((p) => p.startsWith('DICOM/') || p.startsWith('JPEG/'))).toBe(true);
  const jpg = execFileSync('unzip', ['-p', file, jpgs[0]!]);
  expect(jpg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});

it('refuses an archived study with STUDY_ARCHIVED', async () => {
  await suite.knex('studies').where({ id: studyId }).update({ storage_class: 'GLACIER' });
  try {
    const res = await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&dicomSeries=1`, { token });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('STUDY_ARCHIVED');
  } finally {
    await suite.knex('studies').where({ id: studyId }).update({ storage_class: 'STANDARD' });
  }
});

it("answers 404 for another tenant's study or series, and refuses malformed requests", async () => {
  const res = await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&dicomSeries=1`, { token: otherToken });
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('NOT_FOUND');
  const foreignSeries = await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&dicomSeries=1&seriesIds=1.2.3.4`, {
    token,
  });
  expect(foreignSeries.status).toBe(404);
  expect((await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}`, { token })).status).toBe(400);
  // Without the parts' permissions: the images yes, the report or the attachments no.
  const uploader = await login(api, t.users.uploader!.username);
  const refused = async (part: string) =>
    (await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&${part}=1`, { token: uploader })).body.error?.code;
  expect(await refused('activeLaudos')).toBe('FORBIDDEN_ACCESS');
  expect(await refused('attachments')).toBe('ATTACHMENT_FORBIDDEN');
  expect((await api('GET', `/medicalRecords/prepareDownload?studyIds=nope&dicomSeries=1`, { token })).status).toBe(400);
  expect((await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&dicomSeries=1`)).status).toBe(401);
});

it("refuses another account's subscription to a download's live topic", async () => {
  const res = await api('GET', `/medicalRecords/prepareDownload?studyIds=${studyId}&attachments=1`, { token });
  const w = await watch(res.body.topic, otherToken);
  await w.client.endAsync();
  expect(w.granted).toBe(false);
  // The owner's own download still finishes (and the platform stops with nothing running).
  const mine = await watch(res.body.topic);
  try {
    expect(mine.granted).toBe(true);
    expect((await mine.finished).downloadUrl).toMatch(/^\/api\/files\//);
  } finally {
    await mine.client.endAsync();
  }
});
