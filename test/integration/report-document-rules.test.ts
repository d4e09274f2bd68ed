/**
 * The report-document rules of the issue 6 review, over HTTP against the real platform:
 * an expired A1 refused before finishing (and when signing in 2); previews only by who may
 * save, and a structured form validated before preview; the PDF's age (birth date or typed),
 * species/breed and exam date read back with pdftotext; the versions table and the download
 * route agreeing (20/21); the link calls of spec 2 §7 ({reportId}/download,
 * /digitalSignature/sign and getSignedUrl) with tenancy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { a1SessionCache } from '../../api/documents/a1-session-cache';
import { certificateKey } from '../../services/secrets/certificate-key';
import { distinguishedName, readA1, seal } from '../../documents/signing/a1-certificate';
import { pdfText, qpdfCheck, renderPage, tempFile } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki, pdfsig } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { fetchBytes, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let pki: TestPki;
/** Free-text reports, signing, previews and links. */
let t: Tenant;
/** OIT on DX studies. */
let oit: Tenant;
/** The PDF header: ages (human) and species/breed (veterinary). */
let human: Tenant;
let vet: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, {
    studies: 6,
    users: {
      doctor: DOCTOR_PERMISSIONS,
      reader: ['STUDIES_RETRIEVE_REPORTS'],
      admin: DOCTOR_PERMISSIONS,
      colleague: DOCTOR_PERMISSIONS,
    },
  });
  oit = await createTenant(suite.knex, { studies: 1, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_SAVE_REPORTS_OIT'] } });
  await suite
    .knex('studies')
    .whereIn('id', oit.studyIds)
    .update({ modalities: ['DX'] });
  human = await createTenant(suite.knex, { studies: 1, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_HEADER'] } });
  vet = await createTenant(suite.knex, {
    studies: 1,
    isForHuman: false,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_HEADER'] },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  for (const [key, tenant, user] of [
    ['doctor', t, 'doctor'],
    ['reader', t, 'reader'],
    ['admin', t, 'admin'],
    ['colleague', t, 'colleague'],
    ['oit', oit, 'doctor'],
    ['human', human, 'doctor'],
    ['vet', vet, 'doctor'],
    ['outsider', other, 'doctor'],
  ] as const) {
    tokens[key] = await login(api, tenant.users[user]!.username);
  }
});

async function act(who: string, method: string, url: string, body: unknown = {}, expectStatus = 200, lang?: string) {
  const res = await api(method, url, {
    token: tokens[who],
    body: method === 'GET' ? undefined : body,
    headers: lang ? { 'accept-language': lang } : {},
  });
  if (res.status !== expectStatus) throw new Error(`${method} ${url} by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A PDF fetched with the caller's session, or without one (download links). */
async function fetchPdf(who: string | null, url: string) {
  const { bytes, ...rest } = await fetchBytes(suite.apiUrl(url), who ? tokens[who] : undefined);
  return { ...rest, pdf: bytes };
}

/** A fetched PDF that must be a valid one (qpdf --check), as text. */
async function pdfTextOf(who: string | null, url: string): Promise<string> {
  const got = await fetchPdf(who, url);
  expect([got.status, got.type]).toEqual([200, 'application/pdf']);
  expect(qpdfCheck(got.pdf)).toMatchObject({ ok: true });
  return pdfText(got.pdf).replace(/\s+/g, ' ');
}

/** The user's newest open session (the A1 cache is per session). */
const sessionOf = async (userId: string) =>
  (await suite.knex('sessions').where({ user_id: userId }).whereNull('revoked_at').orderBy('created_at', 'desc').first('id'))
    .id as string;

const stateOf = async (studyId: string) =>
  (await suite.knex('laudos as l').join('studies as s', 's.laudo_id', 'l.id').where('s.id', studyId).first('l.state'))
    .state as number;

/** Registers a certificate for the user as the upload does (sealed with the platform key), skipping its checks. */
async function storeCertificate(userId: string, p12: Buffer, password: string): Promise<void> {
  const cert = readA1(p12, password).certificate;
  await suite.knex('user_certificates').where({ user_id: userId }).delete();
  const [row] = await suite
    .knex('user_certificates')
    .insert({
      user_id: userId,
      sealed_p12: seal(p12, certificateKey(suite.config)),
      subject: distinguishedName(cert.subject.attributes),
      issuer: distinguishedName(cert.issuer.attributes),
      serial: cert.serialNumber,
      not_before: cert.validity.notBefore,
      not_after: cert.validity.notAfter,
    })
    .returning('id');
  await suite.knex('users').where({ id: userId }).update({ personal_key_id: row.id });
}

describe('an expired A1 certificate', () => {
  it('refuses finish-and-sign before finishing, and refuses signing a concluded report', async () => {
    const id = t.studyIds[0]!;
    await storeCertificate(t.users.doctor!.id, pki.expiredP12, pki.password);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    const content = '<p>Laudo com certificado vencido.</p>';
    const refused = await act(
      'doctor',
      'POST',
      `/studies/${id}/reports/save`,
      { content, personalKeyPassword: pki.password },
      400,
    );
    expect(refused.error).toEqual({ code: 'CERTIFICATE_EXPIRED', description: 'O certificado digital está fora da validade' });
    expect(await stateOf(id)).toBe(1);

    // Finished without signing, then signing in 2: refused, still 2, nothing stored. The first
    // open above left the opened certificate in the session's cache, so these go through it.
    expect(a1SessionCache.holds(await sessionOf(t.users.doctor!.id))).toBe(true);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content });
    const sign = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: pki.password }, 400);
    expect(sign.error.description).toBe('O certificado digital está fora da validade');
    const viaSpecCall = await act(
      'doctor',
      'POST',
      '/digitalSignature/sign',
      { studyId: id, personalKeyPassword: pki.password },
      400,
    );
    expect(viaSpecCall.error.code).toBe('CERTIFICATE_EXPIRED');
    expect(await stateOf(id)).toBe(2);
    const laudoId = (await suite.knex('studies').where({ id }).first('laudo_id')).laudo_id;
    expect(await suite.knex('laudo_documents').where({ laudo_id: laudoId })).toHaveLength(0);
    await suite.knex('user_certificates').where({ user_id: t.users.doctor!.id }).delete();
    await suite.knex('users').where({ id: t.users.doctor!.id }).update({ personal_key_id: null });
  });
});

describe('previews', () => {
  it('are refused to a user who may only read the report (403, catalogue message), and leave the previews alone', async () => {
    const id = t.studyIds[1]!;
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    const { previewUrl } = await act('doctor', 'POST', `/studies/${id}/reports/save`, {
      content: '<p>Rascunho.</p>',
      preview: true,
    });
    expect(await pdfTextOf('doctor', previewUrl)).toContain('Rascunho.');
    const laudoId = (await suite.knex('studies').where({ id }).first('laudo_id')).laudo_id;
    const folder = path.join(suite.config.DATA_DIR, 'objects', 'accounts', t.accountId, 'laudos', laudoId, 'previews');
    const before = fs.readdirSync(folder);

    for (const route of ['save', 'review']) {
      const refused = await act(
        'reader',
        'POST',
        `/studies/${id}/reports/${route}`,
        { content: '<p>Outro.</p>', preview: true },
        403,
      );
      expect(refused.error).toEqual({ code: 'FORBIDDEN_ACCESS', description: expect.any(String) });
    }
    const english = await act('reader', 'POST', `/studies/${id}/reports/save`, { content: '<p>x</p>', preview: true }, 403, 'en');
    const portuguese = await act('reader', 'POST', `/studies/${id}/reports/save`, { content: '<p>x</p>', preview: true }, 403);
    expect(english.error.description).not.toBe(portuguese.error.description);
    // Another doctor may save reports but is not this one's author; an account admin may (spec 1 §6).
    const colleague = await act('colleague', 'POST', `/studies/${id}/reports/save`, { content: '<p>x</p>', preview: true }, 409);
    expect(colleague.error.code).toBe('REPORT_HELD_BY_OTHER_USER');
    expect(fs.readdirSync(folder)).toEqual(before);
    await act('admin', 'POST', `/studies/${id}/reports/save`, { content: '<p>x</p>', preview: true });
    expect(fs.readdirSync(folder).filter((f) => !before.includes(f))).toHaveLength(1);
    expect(
      (await act('outsider', 'POST', `/studies/${id}/reports/save`, { content: '<p>x</p>', preview: true }, 404)).error.code,
    ).toBe('NOT_FOUND');
  });

  it('of an OIT form: an incomplete one is refused with Campos inválidos., a complete one shows names and values', async () => {
    const id = oit.studyIds[0]!;
    await act('oit', 'POST', `/studies/${id}/reports/start`, { structuredType: 'OIT' });
    await act('oit', 'POST', `/studies/${id}/structured-report`, { fieldId: 'oit.filmQuality', value: '1' }, 201);
    const refused = await act('oit', 'POST', `/studies/${id}/reports/save`, { content: '', preview: true }, 422);
    expect(refused.error).toMatchObject({ code: 'STRUCTURED_REPORT_INVALID', description: 'Campos inválidos.' });
    expect(refused.error.details).toContain('Campo Símbolos é obrigatório.');

    for (const v of [
      { fieldId: 'oit.parenchymal', value: 'S' },
      { fieldId: 'oit.shapePrimary', value: 'p' },
      { fieldId: 'oit.shapeSecondary', value: 'q' },
      { fieldId: 'oit.zones', value: ['U.R', 'M.L'] },
      { fieldId: 'oit.profusion', value: '1/0' },
      { fieldId: 'oit.largeOpacities', value: '0' },
      { fieldId: 'oit.pleural', value: 'N' },
      { fieldId: 'oit.symbolsPresent', value: 'S' },
      { fieldId: 'oit.symbols', value: ['em', 'tb'] },
    ]) {
      await act('oit', 'POST', `/studies/${id}/structured-report`, v, 201);
    }
    const { previewUrl } = await act('oit', 'POST', `/studies/${id}/reports/save`, { content: '<p>ignorado</p>', preview: true });
    const preview = await pdfTextOf('oit', previewUrl);
    expect(preview).toContain('Classificação radiológica OIT (pneumoconioses)');
    expect(preview).toContain('Profusão: 1/0');
    expect(preview).toContain('Zonas: Superior Direita, Média Esquerda');
    expect(preview).toContain('em — enfisema, tb — tuberculose');
    expect(preview).not.toContain('ignorado');

    // Finished: the version's document shows the same.
    await act('oit', 'POST', `/studies/${id}/reports/save`, { content: '' });
    const finished = await pdfTextOf('oit', `/studies/${id}/reports/download?version=1`);
    expect(finished).toContain('Profusão: 1/0');
    expect(finished).toContain('Alguma anormalidade de parênquima consistente com pneumoconiose');
    expect(finished).not.toContain('PRÉ-VISUALIZAÇÃO');
  });
});

describe("the PDF's patient and exam block", () => {
  it('shows the typed age, then the age from the birth date, and the exam date in America/Sao_Paulo with seconds', async () => {
    const id = human.studyIds[0]!;
    await act('human', 'PATCH', `/studies/${id}/update-data`, {
      patientAge: '45Y 3M 2D',
      patientBirthDate: null,
      // 01:30:15 UTC on 2 Nov is 22:30:15 on 1 Nov in São Paulo.
      dicomCreatedAt: '2026-11-02T01:30:15Z',
    });
    expect((await suite.knex('studies').where({ id }).first('patient_age')).patient_age).toBe('45Y 3M 2D');
    await act('human', 'POST', `/studies/${id}/reports/start`);
    const preview = async (lang?: string) =>
      pdfTextOf(
        'human',
        (await act('human', 'POST', `/studies/${id}/reports/save`, { content: '<p>Exame normal.</p>', preview: true, lang }))
          .previewUrl,
      );
    const typed = await preview();
    expect(typed).toContain('Idade: 45 anos, 3 meses e 2 dias');
    expect(typed).toContain('Data do exame: 01/11/2026 22:30:15');
    expect(typed).not.toContain('Espécie');
    const english = await preview('en');
    expect(english).toContain('45 years, 3 months and 2 days');
    expect(english).toContain('11/01/2026 22:30:15');

    // With a birth date the age is computed at the exam day (1 Nov in São Paulo).
    await act('human', 'PATCH', `/studies/${id}/update-data`, { patientBirthDate: '1980-02-29' });
    expect(await preview()).toContain('Idade: 46 anos, 8 meses e 3 dias');
    const { previewUrl } = await act('human', 'POST', `/studies/${id}/reports/save`, {
      content: '<p>Exame normal.</p>',
      preview: true,
    });
    renderPage((await fetchPdf('human', previewUrl)).pdf, 'integration-age-preview');
  });

  it('shows species and breed on a veterinary account', async () => {
    const id = vet.studyIds[0]!;
    await act('vet', 'PATCH', `/studies/${id}/update-data`, {
      patientSpecies: 'Felina',
      patientBreed: 'Siamês',
      patientAge: '3A',
    });
    await act('vet', 'POST', `/studies/${id}/reports/start`);
    await act('vet', 'POST', `/studies/${id}/reports/save`, { content: '<p>Sem alterações.</p>' });
    const text = await pdfTextOf('vet', `/studies/${id}/reports/download?version=1`);
    expect(text).toContain('Espécie: Felina');
    expect(text).toContain('Raça: Siamês');
    expect(text).toContain('Idade: 3 anos');
  });
});

describe('the versions table and the download route', () => {
  it('agree on which versions have a PDF: concluded yes; auto-concluded (20) and external without text (21) no', async () => {
    const concluded = t.studyIds[2]!;
    const auto = t.studyIds[3]!;
    const external = t.studyIds[4]!;
    await act('doctor', 'POST', `/studies/${concluded}/reports/start`);
    await act('doctor', 'POST', `/studies/${concluded}/reports/save`, { content: '<p>Concluído.</p>' });
    await act('admin', 'POST', `/studies/${auto}/reports/autoConclude`);
    await act('admin', 'POST', `/studies/${external}/reports/external`);
    expect([await stateOf(auto), await stateOf(external)]).toEqual([20, 21]);
    const offered: Record<string, boolean[]> = {};
    for (const id of [concluded, auto, external]) {
      const { versions } = await act('doctor', 'GET', `/studies/${id}/reports`);
      offered[id] = [];
      for (const v of versions as { version: number; hasDocument: boolean }[]) {
        const download = await fetchPdf('doctor', `/studies/${id}/reports/download?version=${v.version}`);
        expect([v.version, download.status === 200]).toEqual([v.version, v.hasDocument]);
        offered[id]!.push(v.hasDocument);
      }
    }
    expect(offered[concluded]).toEqual([true]);
    expect(offered[auto]!.every((x) => !x)).toBe(true);
    expect(offered[external]!.every((x) => !x)).toBe(true);
  });
});

describe('the link calls of spec 2 §7', () => {
  it('{reportId}/download answers a short-lived link to the version PDF; another report or tenant is 404', async () => {
    const id = t.studyIds[2]!; // concluded above
    const laudoId = (await suite.knex('studies').where({ id }).first('laudo_id')).laudo_id as string;
    const { downloadUrl } = await act('doctor', 'GET', `/studies/${id}/reports/${laudoId}/download?version=1`);
    expect(downloadUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{20,}$/);
    expect(await pdfTextOf(null, downloadUrl)).toContain('Concluído.');
    expect((await act('doctor', 'GET', `/studies/${id}/reports/${laudoId}/download`)).downloadUrl).toMatch(/^\/api\/files\//);

    const otherLaudo = (await suite.knex('studies').where({ id: t.studyIds[1]! }).first('laudo_id')).laudo_id;
    expect((await act('doctor', 'GET', `/studies/${id}/reports/${otherLaudo}/download`, undefined, 404)).error.code).toBe(
      'NOT_FOUND',
    );
    expect((await act('doctor', 'GET', `/studies/${id}/reports/not-a-report/download`, undefined, 404)).error.code).toBe(
      'NOT_FOUND',
    );
    await act('outsider', 'GET', `/studies/${id}/reports/${laudoId}/download`, undefined, 404);
    expect((await act('doctor', 'GET', `/studies/${id}/reports/${laudoId}/download?version=9`, undefined, 404)).error.code).toBe(
      'NOT_FOUND',
    );
    expect((await act('doctor', 'GET', `/studies/${id}/reports/${laudoId}/download?version=x`, undefined, 400)).error.code).toBe(
      'MALFORMED_REQUEST',
    );
    // Still being written: no document.
    const writing = t.studyIds[1]!;
    expect((await act('doctor', 'GET', `/studies/${writing}/reports/${otherLaudo}/download`, undefined, 404)).error.code).toBe(
      'REPORT_PDF_UNAVAILABLE',
    );

    // Scheduled exams (no institution) the same.
    const exam = await createScheduledExam(suite.knex, t);
    await act('doctor', 'POST', `/scheduledExam/${exam}/reports/start`);
    await act('doctor', 'POST', `/scheduledExam/${exam}/reports/saveReport`, { content: '<p>Colelitíase.</p>' });
    const examLaudo = (await suite.knex('studies').where({ id: exam }).first('laudo_id')).laudo_id;
    const scheduled = await act('doctor', 'GET', `/scheduledExam/${exam}/reports/${examLaudo}/download`);
    expect(await pdfTextOf(null, scheduled.downloadUrl)).toContain('Colelitíase.');
    expect(await pdfTextOf('doctor', `/scheduledExam/${exam}/reports/download?version=1`)).toContain('US de abdome total');
    await act('outsider', 'GET', `/scheduledExam/${exam}/reports/${examLaudo}/download`, undefined, 404);
  });

  it('/digitalSignature/sign signs as reports/sign; getSignedUrl links the signed PDF only', async () => {
    const id = t.studyIds[5]!;
    await act('doctor', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Laudo para assinar.</p>' });
    const unsigned = await act('doctor', 'POST', '/digitalSignature/getSignedUrl', { studyId: id }, 404);
    expect(unsigned.error).toMatchObject({
      code: 'REPORT_PDF_UNAVAILABLE',
      description: 'O laudo ainda não foi gerado ou assinado',
    });
    await act('doctor', 'POST', '/digitalSignature/sign', { studyId: id }, 400);
    const wrong = await act('doctor', 'POST', '/digitalSignature/sign', { studyId: id, personalKeyPassword: 'errada' }, 400);
    expect(wrong.error.description).toBe('Senha do certificado digital incorreta');
    await act('outsider', 'POST', '/digitalSignature/sign', { studyId: id, personalKeyPassword: pki.password }, 404);

    const signed = await act('doctor', 'POST', '/digitalSignature/sign', { studyId: id, personalKeyPassword: pki.password });
    expect(signed.report).toMatchObject({ state: 3, version: 1 });
    const { signedUrl } = await act('doctor', 'POST', '/digitalSignature/getSignedUrl', { studyId: id, version: 1 });
    expect(signedUrl).toMatch(/^\/api\/files\//);
    const pdf = await fetchPdf(null, signedUrl);
    expect(qpdfCheck(pdf.pdf).ok).toBe(true);
    expect(pdfsig(tempFile(pdf.pdf), pki.nssDir)).toContain('Signature is Valid');
    expect(pdfText(pdf.pdf)).toContain('Laudo para assinar.');
    await act('outsider', 'POST', '/digitalSignature/getSignedUrl', { studyId: id }, 404);
    await act('doctor', 'POST', '/digitalSignature/getSignedUrl', { studyId: 'x' }, 400);
    await act('doctor', 'POST', '/digitalSignature/getSignedUrl', { studyId: id, version: 2 }, 404);
  });
});
