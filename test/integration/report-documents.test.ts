/**
 * Report documents over HTTP against the real platform (Temporal, PostgreSQL, broker): A1
 * upload, preview, finish, sign (PDF checked with pdfsig against a test CA), live document,
 * download by version, public verification, reopen archiving, finish-and-sign, tenancy;
 * the per-session A1 cache (a wrong password after a right one refused, a replaced
 * certificate signs, logout forgets) and the preview files kept per report. Every PDF it
 * reads (previews, signed and unsigned downloads, scheduled exams) passes qpdf --check.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { a1SessionCache } from '../../api/documents/a1-session-cache';
import mqtt, { type MqttClient } from 'mqtt';
import { isNotOlder } from '../../domain/live/study-document';
import { pdfText, qpdfCheck, renderPage, tempFile } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki, pdfsig } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { actAs, fetchBytes, loginTokens, platformSuite } from '../support/suite';
import { testEnv } from '../setup/env';
import { Client, Connection } from '@temporalio/client';
import { laudoWorkflowId } from '../../workflows/laudo/messages';

jest.setTimeout(120_000);

const suite = platformSuite({
  beforeStop: async () => {
    await watcher?.endAsync();
  },
});
const api = suite.api;
let t: Tenant;
let other: Tenant;
let pki: TestPki;
const tokens: Record<string, string> = {};
let watcher: MqttClient;
const live = new Map<string, { laudoState: number }>();

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 5, users: { doctor: DOCTOR_PERMISSIONS, nobody: ['STUDIES_RETRIEVE_REPORTS'] } });
  pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  Object.assign(
    tokens,
    await loginTokens(api, { doctor: t.users.doctor!, nobody: t.users.nobody!, outsider: other.users.doctor! }),
  );
  watcher = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.nobody!,
    reconnectPeriod: 0,
  });
  watcher.on('message', (_topic, payload) => {
    const doc = JSON.parse(payload.toString());
    if (isNotOlder(doc, live.get(doc.studyId) as never)) live.set(doc.studyId, doc);
  });
  await watcher.subscribeAsync(`laudos/accounts/${t.accountId}/institutions/${t.institutionId}/studies/+`, { qos: 1 });
});

const act = actAs(api, tokens);

async function fetchPdf(who: string, path: string) {
  const { bytes, ...rest } = await fetchBytes(suite.apiUrl(path), tokens[who]);
  return { ...rest, pdf: bytes };
}

/** Every string and decoded byte payload of a history, as one text to search. */
function historyText(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(historyText).join('\n');
  if (value && typeof value === 'object') return Object.values(value).map(historyText).join('\n');
  return '';
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

it('uploads an A1, signs a finished report into a verifiable PDF, and keeps it through a reopen', async () => {
  const id = t.studyIds[0]!;
  const file = pki.p12.toString('base64');

  // Certificate upload: refusals, then the real one — sealed, never returned.
  expect((await act('doctor', 'POST', '/digitalSignature/upload', { file: 'bm90IGEgcDEy', password: 'x' }, 400)).error.code).toBe(
    'CERTIFICATE_UPLOAD_FAILED',
  );
  expect((await act('doctor', 'POST', '/digitalSignature/upload', { file, password: 'errada' }, 400)).error.code).toBe(
    'CERTIFICATE_PASSWORD_INVALID',
  );
  const expired = pki.expiredP12.toString('base64');
  expect(
    (await act('doctor', 'POST', '/digitalSignature/upload', { file: expired, password: pki.password }, 400)).error.code,
  ).toBe('CERTIFICATE_EXPIRED');
  const uploaded = await act('doctor', 'POST', '/digitalSignature/upload', { file, password: pki.password });
  expect(uploaded.certificate).toMatchObject({ subject: expect.stringContaining('CN=Dr. João Silva') });
  expect(JSON.stringify(uploaded)).not.toContain(file.slice(0, 40));
  const session = await act('doctor', 'GET', '/auth');
  expect(session.data.personalKeyId).toBe(uploaded.certificate.personalKeyId);
  const stored = await suite.knex('user_certificates').where({ user_id: t.users.doctor!.id }).first('sealed_p12');
  expect(Buffer.compare(stored.sealed_p12, pki.p12)).not.toBe(0);
  expect(stored.sealed_p12.includes(pki.p12.subarray(0, 64))).toBe(false);

  // Preview while writing (state 1); no document to download yet.
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  const content = '<h2>Análise</h2><p>Pulmões com transparência preservada; coração de dimensões normais.</p>';
  const { previewUrl } = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content, preview: true });
  const preview = await fetchPdf('doctor', previewUrl);
  expect(preview).toMatchObject({ status: 200, type: 'application/pdf' });
  expect(pdfText(preview.pdf)).toContain('PRÉ-VISUALIZAÇÃO');
  expect(qpdfCheck(preview.pdf).ok).toBe(true);
  expect((await fetchPdf('outsider', previewUrl)).status).toBeGreaterThanOrEqual(403);
  expect((await act('doctor', 'GET', `/studies/${id}/reports/download?version=1`, undefined, 404)).error.code).toBe(
    'REPORT_PDF_UNAVAILABLE',
  );

  // Finish, then sign: a wrong password is refused with the spec's message and changes nothing.
  await act('doctor', 'POST', `/studies/${id}/reports/save`, { content });
  const wrong = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: 'errada' }, 400);
  expect(wrong.error).toEqual({ code: 'CERTIFICATE_PASSWORD_INVALID', description: 'Senha do certificado digital incorreta' });
  const signed = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: pki.password });
  expect(signed.report.state).toBe(3);
  await eventually(
    () => live.get(id)?.laudoState,
    (s) => s === 3,
    { what: 'live document in state 3' },
  );
  expect(await suite.knex('laudos').where({ id: signed.report.laudoId }).first('is_digitally_signed')).toEqual({
    is_digitally_signed: true,
  });

  // The version's document is the signed PDF; pdfsig trusts it against the test CA.
  const download = await fetchPdf('doctor', `/studies/${id}/reports/download?version=1`);
  expect(download).toMatchObject({ status: 200, type: 'application/pdf' });
  const verdict = pdfsig(tempFile(download.pdf), pki.nssDir);
  expect(verdict).toContain('Signature is Valid');
  expect(verdict).toContain('Total document signed');
  expect(verdict).toContain('Certificate is Trusted');
  expect(qpdfCheck(download.pdf).ok).toBe(true);
  const text = pdfText(download.pdf);
  expect(text).toContain(`Paciente ${t.users.doctor!.username.split('.')[1]}`);
  expect(text).toContain('Pulmões com transparência preservada');
  expect(text).toContain('Assinado digitalmente por Dr. João Silva');
  renderPage(download.pdf, 'integration-signed-page-1');

  // Another tenant reaches neither the study nor its document.
  expect((await fetchPdf('outsider', `/studies/${id}/reports/download?version=1`)).status).toBeGreaterThanOrEqual(403);
  expect((await fetchPdf('outsider', `/studies/${id}/reports/download?version=1`)).status).toBeLessThanOrEqual(404);

  // The public check by the code printed on the PDF.
  const code = text.match(/Código de verificação: ([A-Z0-9-]{14})/)?.[1];
  expect(code).toBeDefined();
  const check = await api('GET', `/public/verify/${code}`);
  if (!check.body?.document) throw new Error(`${code} ${check.status} ${JSON.stringify(check.body)}`);
  expect(check.body.document).toMatchObject({
    status: 'valid',
    version: 1,
    sha256: sha(download.pdf),
    signerName: 'Dr. João Silva',
    certificateSubject: expect.stringContaining(`CN=Dr. João Silva:*********${pki.cpf.slice(9)}`),
  });
  expect((await api('GET', '/public/verify/AAAA-AAAA-AAAA')).status).toBe(404);
  expect(sha((await fetchPdf('', `/public/verify/${code}/document`)).pdf)).toBe(sha(download.pdf));

  // Reopen: the signed version is archived and keeps its PDF; version 2 starts unsigned.
  await act('doctor', 'POST', `/studies/${id}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
  expect((await api('GET', `/public/verify/${code}`)).body.document.status).toBe('archived');
  expect(sha((await fetchPdf('doctor', `/studies/${id}/reports/download?version=1`)).pdf)).toBe(sha(download.pdf));

  // Finishing with the password signs too; a wrong one refuses before finishing.
  const v2 = '<p>Texto revisado: ação e coração.</p>';
  const refused = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: v2, personalKeyPassword: 'errada' }, 400);
  expect(refused.error.code).toBe('CERTIFICATE_PASSWORD_INVALID');
  expect((await suite.knex('laudos').where({ id: signed.report.laudoId }).first('state')).state).toBe(1);
  const finished = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: v2, personalKeyPassword: pki.password });
  expect(finished.report).toMatchObject({ state: 3, version: 2 });
  const second = await fetchPdf('doctor', `/studies/${id}/reports/download?version=2`);
  expect(qpdfCheck(second.pdf).ok).toBe(true);
  expect(pdfsig(tempFile(second.pdf), pki.nssDir)).toContain('Signature is Valid');
  expect(pdfText(second.pdf)).toContain('Texto revisado: ação e coração.');

  // Every run of the report's workflow: the sign Updates carry the storage key, never a secret.
  const connection = await Connection.connect({ address: testEnv('temporalAddress') });
  try {
    const client = new Client({ connection });
    let recorded = '';
    for await (const run of client.workflow.list({ query: `WorkflowId = '${laudoWorkflowId(signed.report.laudoId)}'` })) {
      recorded += historyText(await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory());
    }
    const keys: string[] = await suite.knex('laudo_documents').where({ laudo_id: signed.report.laudoId }).pluck('storage_key');
    expect(keys).toHaveLength(2);
    // Positive control: the decoded payloads do hold what the Updates carried.
    for (const key of keys) expect(recorded).toContain(key);
    expect(recorded).not.toContain(pki.password);
    expect(recorded).not.toContain('errada');
    expect(recorded).not.toContain(file.slice(0, 40));
  } finally {
    await connection.close();
  }
});

it('refuses to sign without a certificate with the spec message, and downloads an unsigned concluded report', async () => {
  await act('doctor', 'DELETE', '/digitalSignature');
  expect((await act('doctor', 'GET', '/auth')).data.personalKeyId).toBeNull();
  const id = t.studyIds[1]!;
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Laudo sem assinatura digital.</p>' });
  const refused = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: 'x' }, 400);
  expect(refused.error.description).toBe('Não há certificado A1 cadastrado para o Médico');
  const unsigned = await fetchPdf('doctor', `/studies/${id}/reports/download?version=1`);
  expect(unsigned.status).toBe(200);
  expect(qpdfCheck(unsigned.pdf).ok).toBe(true);
  expect(pdfText(unsigned.pdf)).toContain('Laudo sem assinatura digital.');
  expect(pdfsig(tempFile(unsigned.pdf), pki.nssDir)).toContain('does not contain any signatures');
});

it('previews, finishes and downloads a scheduled exam (no institution) under /scheduledExam', async () => {
  const id = await createScheduledExam(suite.knex, t);
  await act('doctor', 'POST', `/scheduledExam/${id}/reports/start`);
  const { previewUrl } = await act('doctor', 'POST', `/scheduledExam/${id}/reports/saveReport`, {
    content: '<p>Colelitíase.</p>',
    preview: true,
  });
  expect(previewUrl).toMatch(new RegExp(`^/api/scheduledExam/${id}/reports/preview/[0-9a-f]{64}\\.pdf$`));
  const examPreview = await fetchPdf('doctor', previewUrl);
  expect(qpdfCheck(examPreview.pdf).ok).toBe(true);
  expect(pdfText(examPreview.pdf)).toContain('Colelitíase.');
  await act('doctor', 'POST', `/scheduledExam/${id}/reports/saveReport`, { content: '<p>Colelitíase.</p>' });
  const pdf = await fetchPdf('doctor', `/scheduledExam/${id}/reports/download?version=1`);
  expect(pdf.status).toBe(200);
  expect(qpdfCheck(pdf.pdf).ok).toBe(true);
  const text = pdfText(pdf.pdf);
  // Without an institution the header names the account.
  expect(text).toContain(`Conta ${t.users.doctor!.username.split('.')[1]}`);
  expect(text).toContain('US de abdome total');
  expect((await fetchPdf('outsider', `/scheduledExam/${id}/reports/download?version=1`)).status).toBe(404);
});

it('puts a critical finding the doctor placed in the report into the PDF, and leaves out one kept apart', async () => {
  const id = t.studyIds[2]!;
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  const [kind] = await suite
    .knex('account_critical_findings')
    .insert({ account_id: t.accountId, level_and_name: 'Nível 1 - Pneumotórax hipertensivo' })
    .returning('id');
  const content = '<p>Pneumotórax à direita.</p>';
  const preview = async () => {
    const { previewUrl } = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content, preview: true });
    const { pdf } = await fetchPdf('doctor', previewUrl);
    expect(qpdfCheck(pdf).ok).toBe(true);
    return pdfText(pdf);
  };
  // The doctor lacks STUDIES_EDIT_CRITICAL_FINDING_SUSPECT here: the finding is written as a colleague would.
  await suite.knex('study_critical_findings').insert({
    account_id: t.accountId,
    study_id: id,
    account_critical_finding_id: kind.id,
    observation: 'Desvio do mediastino',
    status: 'FINDING_CREATED',
    in_the_report: false,
    user_created_finding_id: t.users.doctor!.id,
  });
  expect(await preview()).not.toContain('Pneumotórax hipertensivo');
  await suite.knex('study_critical_findings').where({ study_id: id }).update({ in_the_report: true });
  const text = (await preview()).replace(/\s+/g, ' ');
  expect(text).toContain('Achado crítico');
  expect(text).toContain('Nível 1 - Pneumotórax hipertensivo — Desvio do mediastino');
});

it('keeps only the newest previews of a report: older preview files are removed as new ones are made', async () => {
  const id = t.studyIds[3]!;
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  const urls: string[] = [];
  for (let i = 1; i <= 5; i++) {
    urls.push(
      (await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: `<p>Rascunho ${i}</p>`, preview: true })).previewUrl,
    );
  }
  const laudoId = (await suite.knex('studies').where({ id }).first('laudo_id')).laudo_id;
  const folder = path.join(suite.config.DATA_DIR, 'objects', 'accounts', t.accountId, 'laudos', laudoId, 'previews');
  expect(fs.readdirSync(folder)).toHaveLength(suite.config.PREVIEW_FILES_KEPT);
  expect(suite.config.PREVIEW_FILES_KEPT).toBe(3);
  expect((await fetchPdf('doctor', urls[0]!)).status).toBe(404);
  expect((await fetchPdf('doctor', urls[1]!)).status).toBe(404);
  for (const url of urls.slice(2)) expect((await fetchPdf('doctor', url)).status).toBe(200);
  // The same content again answers the same (kept) file.
  const again = (await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Rascunho 3</p>', preview: true }))
    .previewUrl;
  expect(again).toBe(urls[2]);
  expect((await fetchPdf('doctor', again)).status).toBe(200);
});

it('the opened A1 is kept for the session: a wrong password is still refused, a replaced certificate signs, logout forgets it', async () => {
  const id = t.studyIds[4]!;
  const doctorId = t.users.doctor!.id;
  const sessionId = async () =>
    (await suite.knex('sessions').where({ user_id: doctorId }).whereNull('revoked_at').orderBy('created_at', 'desc').first('id'))
      .id as string;
  await act('doctor', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Primeira versão.</p>' });
  await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: pki.password });
  expect(a1SessionCache.holds(await sessionId())).toBe(true);

  // A wrong password right after a cached right one: refused with its own message.
  await act('doctor', 'POST', `/studies/${id}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
  const wrong = await act(
    'doctor',
    'POST',
    `/studies/${id}/reports/save`,
    { content: '<p>Segunda.</p>', personalKeyPassword: 'errada' },
    400,
  );
  expect(wrong.error.description).toBe('Senha do certificado digital incorreta');
  const laudoId = (await suite.knex('studies').where({ id }).first('laudo_id')).laudo_id;
  expect((await suite.knex('laudos').where({ id: laudoId }).first('state')).state).toBe(1);

  // A new certificate (another key, same holder) replaces the old one: the next signature is made with it.
  const replacement = makeTestPki({ name: 'Dra. Nova Chave', cpf: t.users.doctor!.cpf });
  await act('doctor', 'POST', '/digitalSignature/upload', {
    file: replacement.p12.toString('base64'),
    password: replacement.password,
  });
  expect(a1SessionCache.holds(await sessionId())).toBe(false);
  const signed = await act('doctor', 'POST', `/studies/${id}/reports/save`, {
    content: '<p>Segunda.</p>',
    personalKeyPassword: replacement.password,
  });
  expect(signed.report).toMatchObject({ state: 3, version: 2 });
  const pdf = tempFile((await fetchPdf('doctor', `/studies/${id}/reports/download?version=2`)).pdf);
  expect(pdfsig(pdf, replacement.nssDir)).toContain('Certificate is Trusted');
  expect(pdfsig(pdf, replacement.nssDir)).toContain(`Signer Certificate Common Name: Dra. Nova Chave:${t.users.doctor!.cpf}`);
  expect(pdfText(fs.readFileSync(pdf))).toContain('Dra. Nova Chave');

  // Logout forgets the session's key.
  const ended = await sessionId();
  expect(a1SessionCache.holds(ended)).toBe(true);
  expect((await api('POST', '/auth/logout', { token: tokens.doctor })).status).toBe(204);
  expect(a1SessionCache.holds(ended)).toBe(false);
});
