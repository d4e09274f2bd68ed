/**
 * Print layouts over HTTP (spec 2 §3, §7): print-study runs the printWorkflow and answers a
 * PDF with one page per 2x2 of images; the job's live document ends 'completed'; bad options
 * are 400, another account's study 404 and its print topic refused; the print config is
 * saved per account and read back.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import mqtt from 'mqtt';
import { pageCount, pdfText, qpdfCheck, renderPage, tempFile } from '../../documents/testing/pdf-tools';
import { printStudyTopic } from '../../domain/print/job';
import type { Platform } from '../../scripts/platform';
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';

jest.setTimeout(90_000);

let platform: Platform;
let knex: Knex;
let api: ReturnType<typeof apiClient>;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let study: ReturnType<typeof makeStudy>;
let studyId: string;

const login = async (username: string) =>
  (await api('POST', '/auth', { body: { username, password: PASSWORD } })).body.data.accessToken as string;

beforeAll(async () => {
  ({ platform, knex } = await startTestPlatform({ STUDY_STABLE_SECONDS: '0.3' }));
  api = apiClient(platform.url);
  t = await createTenant(knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  other = await createTenant(knex, { studies: 0, users: { doctor: DOCTOR_PERMISSIONS } });
  tokens.doctor = await login(t.users.doctor!.username);
  tokens.outsider = await login(other.users.doctor!.username);
  await knex('accounts')
    .where({ id: t.accountId })
    .update({ config: knex.raw(`coalesce(config, '{}'::jsonb) || '{"PRINT_CUSTOM_HEADER":"Clínica Impressão Ltda"}'::jsonb`) });
  study = makeStudy({ series: 2, perSeries: 3, modalities: ['CT', 'CT'], patientId: 'P-PRINT-1', patientName: 'Conceição^João' });
  expect((await stow(platform.url, tokens.doctor!, study.files)).status).toBe(200);
  studyId = (
    await eventually(
      () => knex('studies').where({ study_instance_uid: study.studyUid }).first('id'),
      (r) => r !== undefined,
      { what: 'ingested study' },
    )
  ).id;
});

afterAll(async () => {
  await platform?.stop();
  await knex?.destroy();
});

async function download(url: string): Promise<Buffer> {
  const res = await fetch(`${platform.url}/api${url.replace(/^\/api/, '')}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

it('prints a 2x2 layout of 6 images as 2 pages, with the job status live', async () => {
  const key = crypto.randomUUID();
  const watcher = await mqtt.connectAsync(`${platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.doctor!,
    reconnectPeriod: 0,
  });
  const seen: string[] = [];
  watcher.on('message', (_topic, payload) => seen.push(JSON.parse(payload.toString()).status));
  const granted = await watcher.subscribeAsync(printStudyTopic(t.accountId, key), { qos: 1 });
  expect(granted[0]!.qos).not.toBe(128);
  try {
    const res = await api(
      'GET',
      `/studies/${studyId}/print-study?layout=2x2&orientation=portrait&pageSize=A4&option=grid&printStudyKey=${key}`,
      {
        token: tokens.doctor,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ printStudyKey: key, pages: 2, downloadUrl: expect.stringMatching(/^\/api\/files\//) });
    const pdf = await download(res.body.downloadUrl);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('Clínica Impressão Ltda');
    expect(text).toContain('João Conceição');
    expect(text).toContain('P-PRINT-1');
    renderPage(pdf, 'print-2x2-page1');
    await eventually(
      async () => seen,
      (s) => s.at(-1) === 'completed',
      { what: 'completed print status' },
    );
    expect(seen).toContain('started');
  } finally {
    await watcher.endAsync();
  }
});

it('one series with group series, fit-columns and landscape A3', async () => {
  const one = await api('GET', `/studies/${studyId}/print-study?layout=1x1&seriesIds=${study.seriesUids[0]}`, {
    token: tokens.doctor,
  });
  expect(one.body.pages).toBe(3);
  const grouped = await api('GET', `/studies/${studyId}/print-study?layout=3x3&groupSeries=true`, { token: tokens.doctor });
  expect(grouped.body.pages).toBe(2);
  const fit = await api('GET', `/studies/${studyId}/print-study?option=fit-columns&column=3&orientation=landscape&pageSize=A3`, {
    token: tokens.doctor,
  });
  expect(fit.status).toBe(200);
  const pdf = await download(fit.body.downloadUrl);
  expect(qpdfCheck(pdf).ok).toBe(true);
  expect(execPageSize(pdf)).toMatch(/1190\.55 x 841\.89/);
});

function execPageSize(pdf: Buffer): string {
  return execFileSync('pdfinfo', [tempFile(pdf)], { encoding: 'utf8' });
}

it('bad options are 400 with the error shape; key images alone with none marked fail with the print error', async () => {
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
  const none = await api('GET', `/studies/${studyId}/print-study?includeKeyImages=true`, { token: tokens.doctor });
  expect(none.status).toBe(500);
  expect(none.body.error).toEqual({ code: 'PRINT_FAILED', description: 'Erro ao gerar arquivo para impressão' });
});

it("another account's study is 404 and its print topics are refused", async () => {
  expect((await api('GET', `/studies/${studyId}/print-study?layout=2x2`, { token: tokens.outsider })).status).toBe(404);
  expect((await api('GET', `/studies/${studyId}/print-study`)).status).toBe(401);
  const watcher = await mqtt.connectAsync(`${platform.url.replace('http', 'ws')}/mqtt`, {
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

it('saves the print config per account and reads it back', async () => {
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body).toMatchObject({
    layout: { row: 1, col: 1 },
    pageSize: 'A4',
    orientation: 'portrait',
    option: 'grid',
    column: 1,
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
  expect((await api('PATCH', '/layouts', { token: tokens.doctor, body: saved })).status).toBe(200);
  expect((await api('GET', '/layouts', { token: tokens.doctor })).body).toEqual(saved);
  expect((await api('GET', '/layouts', { token: tokens.outsider })).body.layout).toEqual({ row: 1, col: 1 });
  expect((await api('PATCH', '/layouts', { token: tokens.doctor, body: { option: 'fit-columns', column: 0 } })).status).toBe(400);
  // The account's other settings are kept.
  expect((await knex('accounts').where({ id: t.accountId }).first('config')).config.PRINT_CUSTOM_HEADER).toBe(
    'Clínica Impressão Ltda',
  );
});
