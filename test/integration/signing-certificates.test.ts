/**
 * Issue 12, "a signed report must state the right signer", over HTTP against the real platform:
 * upload and signing refuse, each with its own message, a certificate that is expired, not yet
 * valid, not for signing, not chained to a trusted anchor, or issued to another person (its
 * ICP-Brasil CPF is not the user's); users set their own CPF and council; the signed PDF prints
 * the council under the signer and links to PUBLIC_URL whatever Host the request named.
 */
import http from 'node:http';
import { certificateKey } from '../../services/secrets/certificate-key';
import { distinguishedName, readA1, seal } from '../../documents/signing/a1-certificate';
import { pdfText, tempFile } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki, pdfsig, randomCpf } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { actAs, fetchBytes, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://laudos.example.org';
const suite = platformSuite({ overrides: { PUBLIC_URL } });
const api = suite.api;
let human: Tenant;
let vet: Tenant;
let pki: TestPki;
let vetPki: TestPki;
let act: ReturnType<typeof actAs>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ensureDocumentTools();
  human = await createTenant(suite.knex, { studies: 8, users: { doctor: DOCTOR_PERMISSIONS, colleague: DOCTOR_PERMISSIONS } });
  vet = await createTenant(suite.knex, { studies: 1, isForHuman: false, users: { doctor: DOCTOR_PERMISSIONS } });
  pki = makeTestPki({ name: 'Dr. Carlos Silva', cpf: human.users.doctor!.cpf });
  vetPki = makeTestPki({ name: 'Dra. Beatriz Lima', cpf: vet.users.doctor!.cpf });
  Object.assign(
    tokens,
    await loginTokens(api, { doctor: human.users.doctor!, colleague: human.users.colleague!, vet: vet.users.doctor! }),
  );
  act = actAs(api, tokens);
});

const upload = (who: string, p12: Buffer, expectStatus = 200) =>
  act(who, 'POST', '/digitalSignature/upload', { file: p12.toString('base64'), password: pki.password }, expectStatus);

/** Registers a certificate as the upload does, without its checks (one that was accepted before issue 12). */
async function storeCertificate(userId: string, p12: Buffer): Promise<void> {
  const cert = readA1(p12, pki.password).certificate;
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

const stateOf = async (studyId: string) =>
  (await suite.knex('laudos as l').join('studies as s', 's.laudo_id', 'l.id').where('s.id', studyId).first('l.state'))
    .state as number;

describe('the A1 upload', () => {
  it.each([
    ['expired', () => pki.expiredP12, 'CERTIFICATE_EXPIRED', 'O certificado digital está fora da validade'],
    [
      'not yet valid',
      () => pki.notYetValidP12,
      'CERTIFICATE_NOT_YET_VALID',
      'O certificado digital ainda não entrou na validade',
    ],
    [
      'not for signing',
      () => pki.wrongKeyUsageP12,
      'CERTIFICATE_KEY_USAGE',
      'O certificado digital não permite assinatura digital',
    ],
    [
      'self-signed',
      () => pki.selfSignedP12,
      'CERTIFICATE_UNTRUSTED',
      'O certificado digital não foi emitido por uma Autoridade Certificadora confiável',
    ],
    [
      'issued under an unknown root',
      () => pki.untrustedP12,
      'CERTIFICATE_UNTRUSTED',
      'O certificado digital não foi emitido por uma Autoridade Certificadora confiável',
    ],
    [
      "another person's",
      () => pki.secondDoctor.p12,
      'CERTIFICATE_HOLDER_MISMATCH',
      'O certificado digital não pertence a este usuário: o CPF do titular é diferente do CPF cadastrado',
    ],
  ])('refuses a certificate %s with its own message, and registers nothing', async (_what, p12, code, description) => {
    const refused = await upload('doctor', p12(), 400);
    expect(refused.error).toEqual({ code, description });
    expect(await suite.knex('user_certificates').where({ user_id: human.users.doctor!.id })).toHaveLength(0);
  });

  it('translates the refusal and refuses any certificate to a user without a CPF', async () => {
    const res = await api('POST', '/digitalSignature/upload', {
      token: tokens.doctor,
      body: { file: pki.secondDoctor.p12.toString('base64'), password: pki.password },
      headers: { 'accept-language': 'en' },
    });
    expect(res.body.error.description).toBe(
      "The digital certificate does not belong to this user: the holder's CPF differs from the registered CPF",
    );
    await suite.knex('users').where({ id: human.users.colleague!.id }).update({ cpf: null });
    const noCpf = await upload('colleague', pki.p12, 400);
    expect(noCpf.error).toEqual({
      code: 'CERTIFICATE_HOLDER_CPF_MISSING',
      description: 'Cadastre o seu CPF antes de usar o certificado digital',
    });
    await suite.knex('users').where({ id: human.users.colleague!.id }).update({ cpf: human.users.colleague!.cpf });
  });
});

describe('signing', () => {
  it.each([
    [
      "another person's certificate (dr.silva's report, another doctor's A1)",
      () => pki.secondDoctor.p12,
      'CERTIFICATE_HOLDER_MISMATCH',
    ],
    ['a self-signed certificate', () => pki.selfSignedP12, 'CERTIFICATE_UNTRUSTED'],
    ['a certificate not yet valid', () => pki.notYetValidP12, 'CERTIFICATE_NOT_YET_VALID'],
    ['a certificate not for signing', () => pki.wrongKeyUsageP12, 'CERTIFICATE_KEY_USAGE'],
  ])('refuses %s registered before these checks: the report stays concluded, nothing is stored', async (_what, p12, code) => {
    const id = human.studyIds.shift()!;
    await storeCertificate(human.users.doctor!.id, p12());
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Laudo.</p>' });
    const refused = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: pki.password }, 400);
    expect(refused.error.code).toBe(code);
    expect(await stateOf(id)).toBe(2);
    const laudoId = (await suite.knex('studies').where({ id }).first('laudo_id')).laudo_id;
    expect(await suite.knex('laudo_documents').where({ laudo_id: laudoId })).toHaveLength(0);
  });

  it('refuses once the user changes their CPF away from the certificate, and signs again when it matches', async () => {
    const id = human.studyIds.shift()!;
    await upload('doctor', pki.p12);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Laudo do Dr. Silva.</p>' });
    await act('doctor', 'PUT', '/profile/professional-id', { cpf: randomCpf(), council: null });
    const refused = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: pki.password }, 400);
    expect(refused.error.code).toBe('CERTIFICATE_HOLDER_MISMATCH');
    await act('doctor', 'PUT', '/profile/professional-id', {
      cpf: pki.cpf,
      council: { type: 'CRM', number: '123456', uf: 'SP' },
    });

    // Signed through a request naming another Host: the link is PUBLIC_URL's.
    const signed = await signWithHost(id, 'evil.example');
    expect(signed.status).toBe(200);
    const pdf = (await fetchBytes(suite.apiUrl(`/studies/${id}/reports/download?version=1`), tokens.doctor)).bytes;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(`Confira a autenticidade em ${PUBLIC_URL}/verify/`);
    expect(text).not.toContain('evil.example');
    expect(text).toContain('Dr. Carlos Silva');
    expect(text).toContain('Médico CRM 123456/SP');
    expect(text).not.toContain('veterinário');
    expect(text).toContain('ICP-Brasil PAdES AD-RB');
    const verdict = pdfsig(tempFile(pdf), pki.nssDir);
    expect(verdict).toContain('Signature is Valid');
    expect(verdict).toContain('Certificate is Trusted');
  });

  it("prints 'Médico veterinário' and the CRMV under a veterinarian's signature", async () => {
    const id = vet.studyIds[0]!;
    await act('vet', 'PUT', '/profile/professional-id', { cpf: vetPki.cpf, council: { type: 'CRMV', number: '4567', uf: 'MG' } });
    await act('vet', 'POST', '/digitalSignature/upload', { file: vetPki.p12.toString('base64'), password: vetPki.password });
    await act('vet', 'POST', `/studies/${id}/reports/start`);
    await act('vet', 'POST', `/studies/${id}/reports/save`, {
      content: '<p>Laudo veterinário.</p>',
      personalKeyPassword: vetPki.password,
    });
    const pdf = (await fetchBytes(suite.apiUrl(`/studies/${id}/reports/download?version=1`), tokens.vet)).bytes;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Médico veterinário');
    expect(text).toContain('CRMV 4567/MG');
  });
});

/** POST reports/sign with a chosen Host header (fetch will not send one). */
function signWithHost(studyId: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(suite.apiUrl(`/studies/${studyId}/reports/sign`));
  const payload = JSON.stringify({ personalKeyPassword: pki.password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          access_token: tokens.doctor!,
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe("the user's own CPF and council", () => {
  it('are read and set by the user, each problem refused with its message', async () => {
    expect(await act('colleague', 'GET', '/profile/professional-id')).toEqual({ cpf: human.users.colleague!.cpf, council: null });
    const bad = await act('colleague', 'PUT', '/profile/professional-id', { cpf: '123.456.789-00', council: null }, 400);
    expect(bad.error).toEqual({ code: 'CPF_INVALID', description: 'CPF inválido' });
    const incomplete = await act(
      'colleague',
      'PUT',
      '/profile/professional-id',
      { cpf: null, council: { type: 'CRM', number: '12' } },
      400,
    );
    expect(incomplete.error.code).toBe('PROFESSIONAL_COUNCIL_INCOMPLETE');
    const wrongUf = await act(
      'colleague',
      'PUT',
      '/profile/professional-id',
      { cpf: null, council: { type: 'CRM', number: '12', uf: 'XX' } },
      400,
    );
    expect(wrongUf.error.code).toBe('PROFESSIONAL_COUNCIL_INCOMPLETE');
    const taken = await act('colleague', 'PUT', '/profile/professional-id', { cpf: human.users.doctor!.cpf, council: null }, 409);
    expect(taken.error).toEqual({ code: 'CPF_IN_USE', description: 'Este CPF já está cadastrado para outro usuário' });
    const cpf = randomCpf();
    const saved = await act('colleague', 'PUT', '/profile/professional-id', {
      cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      council: { type: 'CRM', number: '98765', uf: 'RS' },
    });
    expect(saved).toEqual({ cpf, council: { type: 'CRM', number: '98765', uf: 'RS' } });
    expect(await act('colleague', 'GET', '/profile/professional-id')).toEqual(saved);
  });
});
