/**
 * Issue 6 over HTTP against the real platform: a veterinary account shares a report's PDF by
 * e-mail — into the embedded outbox (no SMTP configured), through a real SMTP server
 * (smtp-server on a loopback port) and against a silent one (timeout → error kept in the
 * outbox); the 7-day link opens the same PDF without login; refusals for a human account,
 * a bad address, another tenant's study and a report without a document.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { pdfText } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki } from '../../documents/testing/test-pki';
import type { Platform } from '../../scripts/platform';
import { ensureDocumentTools } from '../../scripts/tools';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';
import { fetchBytes as fetchUrl, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

// The extra platforms share the first one's DATA_DIR (its objects): stopped first.
const suite = platformSuite({
  beforeStop: async () => {
    for (const p of extra) await p.stop();
    for (const close of closers) await close();
  },
});
const api = suite.api;
let pki: TestPki;
let vet: Tenant;
let otherVet: Tenant;
let human: Tenant;
const tokens: Record<string, string> = {};
const extra: Platform[] = [];
const closers: (() => Promise<void>)[] = [];

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  ensureDocumentTools();
  vet = await createTenant(suite.knex, { studies: 4, isForHuman: false, users: { doctor: DOCTOR_PERMISSIONS } });
  otherVet = await createTenant(suite.knex, { studies: 1, isForHuman: false, users: { doctor: DOCTOR_PERMISSIONS } });
  human = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  Object.assign(
    tokens,
    await loginTokens(api, { vet: vet.users.doctor!, otherVet: otherVet.users.doctor!, human: human.users.doctor! }),
  );
  pki = makeTestPki({ name: 'Dra. Vet Teste', cpf: vet.users.doctor!.cpf });
  await act('vet', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });
});

afterAll(() => {
  if (pki) fs.rmSync(pki.dir, { recursive: true, force: true });
});

async function act(who: string, method: string, p: string, body: unknown = {}, expectStatus = 200, on = suite.platform) {
  const res = await apiClient(on.url)(method, p, { token: tokens[who], body: method === 'GET' ? undefined : body });
  if (res.status !== expectStatus) throw new Error(`${method} ${p} by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const fetchBytes = (url: string, token?: string) => fetchUrl(url.startsWith('http') ? url : suite.apiUrl(url), token);

const storedObject = (key: string) => fs.readFileSync(path.join(suite.config.DATA_DIR, 'objects', ...key.split('/')));

/** Starts, writes and finishes the study's report (state 2); signs it (3) when asked. */
async function concludedReport(studyId: string, text: string, sign: boolean) {
  await act('vet', 'POST', `/studies/${studyId}/reports/start`);
  const body = { content: `<p>${text}</p>`, ...(sign ? { personalKeyPassword: pki.password } : {}) };
  const saved = await act('vet', 'POST', `/studies/${studyId}/reports/save`, body);
  expect(saved.report.state).toBe(sign ? 3 : 2);
  return saved.report as { laudoId: string; version: number };
}

it('shares a signed report into the outbox: the link opens the same signed PDF without login', async () => {
  const id = vet.studyIds[0]!;
  const report = await concludedReport(id, 'Cão, SRD: silhueta cardíaca preservada.', true);
  const signedPdf = (await fetchBytes(`/studies/${id}/reports/download`, tokens.vet)).bytes;
  const signedKey = (await suite.knex('laudo_documents').where({ laudo_id: report.laudoId, version: 1 }).first('storage_key'))
    .storage_key;

  const answer = await act('vet', 'POST', `/studies/${id}/reports/share`, { email: '  Tutor.Rex@Example.org ' });
  expect(answer.message).toMatchObject({
    to: 'Tutor.Rex@Example.org',
    transport: 'outbox',
    status: 'stored',
    error: null,
    sentAt: null,
    studyId: id,
    attachmentName: expect.stringMatching(/\.pdf$/),
  });

  // The row: account-scoped, the signed PDF as attachment, the link in the body.
  const row = await suite.knex('mail_outbox').where({ id: answer.message.id }).first();
  expect(row).toMatchObject({
    account_id: vet.accountId,
    laudo_id: report.laudoId,
    laudo_version: 1,
    created_by: vet.users.doctor!.id,
    attachment_key: signedKey,
    transport: 'outbox',
    status: 'stored',
  });
  expect(sha(storedObject(row.attachment_key))).toBe(sha(signedPdf));
  expect(row.text_body).toContain(answer.message.link);
  expect(row.html_body).toContain(`href="${answer.message.link}"`);
  expect(row.subject).toContain('TC de crânio');

  // The link: absolute, 7 days, no session needed, the same bytes as the signed download.
  const link: string = answer.message.link;
  expect(link.startsWith(`${suite.platform.url}/api/files/`)).toBe(true);
  const days = (new Date(answer.message.linkExpiresAt).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  const stored = await suite
    .knex('download_links')
    .where({ object_key: signedKey })
    .orderBy('expires_at', 'desc')
    .first('expires_at');
  expect(Math.abs(new Date(stored.expires_at).getTime() - new Date(answer.message.linkExpiresAt).getTime())).toBeLessThan(5_000);
  const opened = await fetchBytes(link);
  expect(opened).toMatchObject({ status: 200, type: 'application/pdf' });
  expect(sha(opened.bytes)).toBe(sha(signedPdf));
  expect(pdfText(opened.bytes)).toContain('Assinado digitalmente por Dra. Vet Teste');

  // The outbox page lists it for the account, never for another tenant.
  const list = await act('vet', 'GET', '/mail/outbox');
  expect(list.transport).toBe('outbox');
  expect(list.messages.find((m: { id: string }) => m.id === answer.message.id)).toEqual(answer.message);
  expect(answer.message.senderName).toBe(vet.users.doctor!.name);
  const foreign = await act('otherVet', 'GET', '/mail/outbox');
  expect(foreign.messages.map((m: { id: string }) => m.id)).not.toContain(answer.message.id);

  // Audited: who shared which version with whom.
  const audit = await suite.knex('audit_log').where({ action: 'report.share', study_id: id }).first();
  expect(audit).toMatchObject({ account_id: vet.accountId, user_id: vet.users.doctor!.id });
  expect(audit.detail).toMatchObject({
    to: 'Tutor.Rex@Example.org',
    laudoId: report.laudoId,
    version: 1,
    signed: true,
    status: 'stored',
  });
});

it('shares a concluded (unsigned) report as its rendered text, and after a reopen the last concluded version', async () => {
  const id = vet.studyIds[1]!;
  await concludedReport(id, 'Gato, persa: rins de dimensões normais.', false);
  const first = await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'clinica@example.org' });
  expect(first.message.status).toBe('stored');
  const attached = storedObject(
    (await suite.knex('mail_outbox').where({ id: first.message.id }).first('attachment_key')).attachment_key,
  );
  expect(pdfText(attached)).toContain('Gato, persa: rins de dimensões normais.');
  expect(sha((await fetchBytes(first.message.link)).bytes)).toBe(sha(attached));

  // Reopened (version 2 in writing): the share sends version 1, the last one with a document.
  await act('vet', 'POST', `/studies/${id}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
  const again = await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'clinica@example.org' });
  expect((await suite.knex('mail_outbox').where({ id: again.message.id }).first('laudo_version')).laudo_version).toBe(1);
  expect(pdfText((await fetchBytes(again.message.link)).bytes)).toContain('Gato, persa: rins de dimensões normais.');
});

it('shares a scheduled exam (no institution) through the /scheduledExam routes', async () => {
  const exam = await createScheduledExam(suite.knex, vet);
  await act('vet', 'POST', `/scheduledExam/${exam}/reports/start`);
  await act('vet', 'POST', `/scheduledExam/${exam}/reports/save`, { content: '<p>Ultrassom: vesícula biliar normal.</p>' });
  const shared = await act('vet', 'POST', `/scheduledExam/${exam}/reports/share`, { email: 'tutor@example.org' });
  expect(shared.message).toMatchObject({ studyId: exam, status: 'stored' });
  expect(pdfText((await fetchBytes(shared.message.link)).bytes)).toContain('Ultrassom: vesícula biliar normal.');
  // Listed for the account's members (an exam without institution is the account's).
  expect((await act('vet', 'GET', '/mail/outbox')).messages.map((m: { id: string }) => m.id)).toContain(shared.message.id);
  expect(
    (await act('otherVet', 'POST', `/scheduledExam/${exam}/reports/share`, { email: 'a@example.org' }, 404)).error.code,
  ).toBe('NOT_FOUND');
});

it('refuses a human account, a bad address, another tenant and a report without a document', async () => {
  const id = vet.studyIds[2]!;
  // Human account: the spec's rule, whatever the study.
  const humanAnswer = await act('human', 'POST', `/studies/${human.studyIds[0]}/reports/share`, { email: 'a@example.org' }, 403);
  expect(humanAnswer.error).toEqual({
    code: 'SHARE_ONLY_VETERINARY',
    description: 'O compartilhamento do laudo por e-mail é exclusivo para contas veterinárias',
  });

  // Addresses: one valid address only, with the catalogue's message.
  for (const email of ['abc', 'a@example.org, b@example.org', '', 'x'.repeat(250) + '@a.io', 42]) {
    const bad = await act('vet', 'POST', `/studies/${id}/reports/share`, { email }, 400);
    expect(bad.error).toEqual({ code: 'SHARE_EMAIL_INVALID', description: 'Informe um endereço de e-mail válido' });
  }
  const english = await api('POST', `/studies/${id}/reports/share`, {
    token: tokens.vet,
    body: { email: 'abc' },
    headers: { 'accept-language': 'en' },
  });
  expect(english.body.error.description).toBe('Enter a valid e-mail address');
  expect(
    (await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'a@example.org', cc: 'b@example.org' }, 400)).error.code,
  ).toBe('MALFORMED_REQUEST');

  // Another tenant's study (also a veterinary account) is not found.
  expect((await act('otherVet', 'POST', `/studies/${id}/reports/share`, { email: 'a@example.org' }, 404)).error.code).toBe(
    'NOT_FOUND',
  );
  // Not started, then in writing: no document to share.
  expect((await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'a@example.org' }, 404)).error.code).toBe(
    'REPORT_PDF_UNAVAILABLE',
  );
  await act('vet', 'POST', `/studies/${id}/reports/start`);
  expect((await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'a@example.org' }, 404)).error).toEqual({
    code: 'REPORT_PDF_UNAVAILABLE',
    description: 'O laudo ainda não foi gerado ou assinado',
  });
  // Without a session.
  expect((await api('POST', `/studies/${id}/reports/share`, { body: { email: 'a@example.org' } })).status).toBe(401);
  // Nothing was written for any refusal.
  expect(await suite.knex('mail_outbox').where({ study_id: id }).count('* as n').first()).toEqual({ n: '0' });
  expect(await suite.knex('mail_outbox').where({ account_id: human.accountId }).count('* as n').first()).toEqual({ n: '0' });
});

/** Raw messages received by a loopback SMTP server. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtpServer(received: Received[]): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.server.address() as net.AddressInfo).port;
}

/** The base64 body of the MIME part with this Content-Type, decoded. */
function mimePart(raw: string, contentType: string): { headers: string; body: Buffer } | null {
  const at = raw.toLowerCase().indexOf(`content-type: ${contentType}`);
  if (at < 0) return null;
  const end = raw.indexOf('\r\n\r\n', at);
  const headers = raw.slice(at, end);
  const next = raw.indexOf('\r\n--', end + 4);
  const encoded = raw.slice(end + 4, next < 0 ? undefined : next);
  return {
    headers,
    body: /base64/i.test(headers) ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64') : Buffer.from(encoded, 'latin1'),
  };
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

it('sends through a real SMTP server with the PDF attached and the link in the text', async () => {
  const received: Received[] = [];
  const port = await startSmtpServer(received);
  const smtp = (
    await startTestPlatform(
      {
        DATA_DIR: suite.config.DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Laudos Vet <laudos@vet.example>',
        PUBLIC_URL: 'https://laudos.vet.example',
      },
      { worker: false },
    )
  ).platform;
  extra.push(smtp);

  const id = vet.studyIds[3]!;
  await concludedReport(id, 'Equino: tendões sem alterações.', true);
  const signedPdf = (await fetchBytes(`/studies/${id}/reports/download`, tokens.vet)).bytes;

  const answer = await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'dono@example.org' }, 200, smtp);
  expect(answer.message).toMatchObject({ transport: 'smtp', status: 'sent', to: 'dono@example.org', error: null });
  expect(answer.message.sentAt).not.toBeNull();
  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.from).toBe('laudos@vet.example');
  expect(mail.to).toEqual(['dono@example.org']);
  const pdf = mimePart(mail.raw, 'application/pdf');
  expect(pdf?.headers).toMatch(/attachment/i);
  expect(sha(pdf!.body)).toBe(sha(signedPdf));
  const text = mimePart(mail.raw, 'text/plain');
  const plain = /quoted-printable/i.test(text!.headers)
    ? decodeQuotedPrintable(text!.body.toString('latin1'))
    : text!.body.toString('utf8');
  expect(plain).toContain(answer.message.link);
  // Mail that leaves the platform links to PUBLIC_URL, never to the request's Host.
  expect(answer.message.link).toMatch(/^https:\/\/laudos\.vet\.example\/api\/files\//);
  const link = answer.message.link.replace('https://laudos.vet.example', smtp.url);
  expect(plain).toContain(`${vet.users.doctor!.name} (`);
  expect(plain).toContain('compartilhou com você o laudo do exame TC de crânio');
  expect(sha((await fetchBytes(link)).bytes)).toBe(sha(signedPdf));
  expect((await suite.knex('mail_outbox').where({ id: answer.message.id }).first('status', 'message_id')).status).toBe('sent');

  // The outbox page says mail goes out by SMTP.
  expect((await act('vet', 'GET', '/mail/outbox', undefined, 200, smtp)).transport).toBe('smtp');
});

it('answers the catalogue error when the SMTP server never answers, and keeps the message as error', async () => {
  // A server that accepts connections and says nothing (no greeting).
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((s) => sockets.add(s));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
  const port = (silent.address() as net.AddressInfo).port;
  const stuck = (
    await startTestPlatform(
      {
        DATA_DIR: suite.config.DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'laudos@vet.example',
        PUBLIC_URL: 'https://laudos.vet.example',
        SMTP_TIMEOUT_MS: '1500',
      },
      { worker: false },
    )
  ).platform;
  extra.push(stuck);

  const id = vet.studyIds[0]!; // signed in the first test
  const started = Date.now();
  const failed = await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'dono@example.org' }, 502, stuck);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(failed.error).toEqual({
    code: 'SHARE_SEND_FAILED',
    description: 'Não foi possível enviar o e-mail com o laudo. Tente novamente mais tarde',
  });
  const row = await suite.knex('mail_outbox').where({ study_id: id, transport: 'smtp' }).orderBy('created_at', 'desc').first();
  expect(row).toMatchObject({ status: 'error', to_address: 'dono@example.org', sent_at: null });
  // nodemailer's greeting timeout or our overall bound, whichever comes first.
  expect(row.error).toMatch(/greeting never received|timeout|timed out|did not answer/i);
  const listed = await act('vet', 'GET', '/mail/outbox', undefined, 200, stuck);
  // Users see that it failed; the transport's own text (hosts, replies) stays in the row.
  expect(listed.messages.find((m: { id: string }) => m.id === row.id)).toMatchObject({
    status: 'error',
    error: 'SHARE_SEND_FAILED',
  });
  const audit = await suite
    .knex('audit_log')
    .where({ action: 'report.share', study_id: id })
    .whereRaw("detail->>'status' = 'error'")
    .first();
  expect(audit?.detail).toMatchObject({ outboxId: row.id, transport: 'smtp' });
});

it("refuses a share past the hour's limit (spec 3 §8 'sending limit reached'), counting only the last hour", async () => {
  const id = vet.studyIds[0]!; // signed in the first test
  const user = vet.users.doctor!.id;
  const sent = await suite.knex('mail_outbox').where({ account_id: vet.accountId, created_by: user }).count({ n: '*' }).first();
  const row = (minutesAgo: number) => ({
    account_id: vet.accountId,
    created_by: user,
    to_address: 'antigo@example.org',
    subject: 'Laudo',
    text_body: '-',
    transport: 'outbox',
    status: 'stored',
    created_at: new Date(Date.now() - minutesAgo * 60_000),
  });
  // Older than an hour: not counted.
  await suite.knex('mail_outbox').insert(Array.from({ length: 70 }, () => row(61)));
  await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'tutor@example.org' });
  // Up to the limit (60) within the hour: refused with the catalogue's message, and nothing written.
  await suite.knex('mail_outbox').insert(Array.from({ length: 60 - Number(sent?.n ?? 0) - 1 }, () => row(5)));
  const before = await suite.knex('mail_outbox').where({ created_by: user }).count({ n: '*' }).first();
  const refused = await act('vet', 'POST', `/studies/${id}/reports/share`, { email: 'tutor@example.org' }, 429);
  expect(refused.error).toEqual({
    code: 'SHARE_LIMIT_REACHED',
    description: 'Limite de envios atingido. Entre em contato com o setor comercial.',
  });
  const after = await suite.knex('mail_outbox').where({ created_by: user }).count({ n: '*' }).first();
  expect(after?.n).toBe(before?.n);
});
