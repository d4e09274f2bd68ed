/**
 * The signature image of My profile (issue 13; spec 3 §5/§9: JPG or PNG up to 2 MB) against
 * the real platform: the type is read from the bytes (a PDF named .png is refused, a PNG named
 * .jpg is taken), 2 MB + 1 byte is refused, the image is normalised (bounded size) and kept in
 * object storage; a report signed with an A1 draws it in its signature block, and the signed
 * PDF still verifies with pdfsig.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imagesOf, pdfText, qpdfCheck, renderPage, tempFile } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki, pdfsig } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { actAs, fetchBytes, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let pki: TestPki;
const tokens: Record<string, string> = {};
let signature: Buffer;

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: DOCTOR_PERMISSIONS, other: DOCTOR_PERMISSIONS } });
  pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  Object.assign(tokens, await loginTokens(api, t.users));
  // A wide scanned signature, bigger than what is stored (1200 × 400 at most).
  signature = await sharp({ create: { width: 1800, height: 450, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1800" height="450"><path d="M60 300 C 300 60, 500 420, 800 200 S 1300 120, 1700 320" stroke="#1a237e" stroke-width="18" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
});

const act = actAs(api, tokens);
const put = (who: string, fileName: string, bytes: Buffer) =>
  api('PUT', '/profile/signature', { token: tokens[who], body: { fileName, file: bytes.toString('base64') } });

it('reads the type from the bytes and refuses more than 2 MB', async () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const disguised = await put('doctor', 'assinatura.png', pdf);
  expect(disguised.status).toBe(400);
  expect(disguised.body.error).toEqual({
    code: 'SIGNATURE_IMAGE_TYPE_NOT_ALLOWED',
    description: 'A imagem da assinatura deve ser JPG ou PNG',
  });
  // PNG magic bytes over garbage: sharp cannot read it, so it is not an image.
  const fake = Buffer.concat([signature.subarray(0, 16), Buffer.alloc(200, 7)]);
  expect((await put('doctor', 'assinatura.png', fake)).body.error.code).toBe('SIGNATURE_IMAGE_TYPE_NOT_ALLOWED');
  const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  expect((await put('doctor', 'assinatura.gif', gif)).body.error.code).toBe('SIGNATURE_IMAGE_TYPE_NOT_ALLOWED');

  const over = Buffer.concat([signature, Buffer.alloc(2 * 1024 * 1024 + 1 - signature.length)]);
  expect(over.length).toBe(2 * 1024 * 1024 + 1);
  const tooBig = await put('doctor', 'assinatura.png', over);
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.error).toEqual({
    code: 'SIGNATURE_IMAGE_TOO_LARGE',
    description: 'A imagem da assinatura excede o limite de 2MB',
  });
  const en = await api('PUT', '/profile/signature', {
    token: tokens.doctor,
    body: { fileName: 'a.png', file: over.toString('base64') },
    headers: { 'accept-language': 'es' },
  });
  expect(en.body.error.description).toBe('La imagen de la firma supera el límite de 2MB');

  expect((await api('GET', '/profile/signature', { token: tokens.doctor })).status).toBe(404);
  expect((await suite.knex('users').where({ id: t.users.doctor!.id }).first('signature_key')).signature_key).toBeNull();
});

it('stores the image normalised in object storage, per user, and removes it', async () => {
  // A JPEG whose name says .png: taken by its content.
  const jpeg = await sharp(signature).flatten({ background: '#ffffff' }).jpeg().toBuffer();
  const saved = await put('other', 'assinatura.png', jpeg);
  expect(saved.status).toBe(200);
  expect(saved.body.signatureUpdatedAt).toEqual(expect.any(String));
  const got = await fetchBytes(suite.apiUrl('/profile/signature'), tokens.other);
  expect(got.type).toBe('image/png');
  expect(await sharp(got.bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 300 });
  const { signature_key: key } = await suite.knex('users').where({ id: t.users.other!.id }).first('signature_key');
  expect(key).toMatch(new RegExp(`^users/${t.users.other!.id}/signature/[0-9a-f]{32}\\.png$`));
  expect(fs.existsSync(path.join(suite.config.DATA_DIR, 'objects', key))).toBe(true);
  // The doctor has none: each user reads their own only.
  expect((await api('GET', '/profile/signature', { token: tokens.doctor })).status).toBe(404);

  expect((await api('DELETE', '/profile/signature', { token: tokens.other })).status).toBe(204);
  expect((await api('GET', '/profile/signature', { token: tokens.other })).status).toBe(404);
  expect(fs.existsSync(path.join(suite.config.DATA_DIR, 'objects', key))).toBe(false);
  expect((await api('GET', '/profile', { token: tokens.other })).body.signatureUpdatedAt).toBeNull();
});

it('draws the signer’s image in the signed PDF’s signature block, which still verifies', async () => {
  expect((await put('doctor', 'minha assinatura.PNG', signature)).status).toBe(200);
  expect((await api('GET', '/profile', { token: tokens.doctor })).body.signatureUpdatedAt).toEqual(expect.any(String));
  await act('doctor', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });

  const id = t.studyIds[0]!;
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  const content = '<p>Exame dentro dos limites da normalidade.</p>';
  // A preview is not signed: no signature image on it.
  const { previewUrl } = await act('doctor', 'POST', `/studies/${id}/reports/save`, { content, preview: true });
  const preview = (await fetchBytes(suite.apiUrl(previewUrl), tokens.doctor)).bytes;
  expect(imagesOf(preview)).toEqual([]);

  await act('doctor', 'POST', `/studies/${id}/reports/save`, { content });
  const signed = await act('doctor', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: pki.password });
  expect(signed.report.state).toBe(3);
  const download = await fetchBytes(suite.apiUrl(`/studies/${id}/reports/download?version=1`), tokens.doctor);
  expect(download.type).toBe('application/pdf');
  const pdf = download.bytes;
  // The stored 1200 × 300 image (its alpha as a soft mask), besides the verification QR code.
  const images = imagesOf(pdf);
  expect(images).toContainEqual(expect.objectContaining({ type: 'image', width: 1200, height: 300 }));
  expect(images).toContainEqual(expect.objectContaining({ type: 'smask', width: 1200, height: 300 }));
  const verdict = pdfsig(tempFile(pdf), pki.nssDir);
  expect(verdict).toContain('Signature is Valid');
  expect(verdict).toContain('Total document signed');
  expect(qpdfCheck(pdf).ok).toBe(true);
  expect(pdfText(pdf)).toContain(t.users.doctor!.name);
  renderPage(pdf, 'profile-signature-signed');

  // Another report signed after the image is removed has no image but the QR code.
  expect((await api('DELETE', '/profile/signature', { token: tokens.doctor })).status).toBe(204);
  const id2 = t.studyIds[1]!;
  await act('doctor', 'POST', `/studies/${id2}/reports/start`);
  await act('doctor', 'POST', `/studies/${id2}/reports/save`, { content });
  await act('doctor', 'POST', `/studies/${id2}/reports/sign`, { personalKeyPassword: pki.password });
  const plain = (await fetchBytes(suite.apiUrl(`/studies/${id2}/reports/download?version=1`), tokens.doctor)).bytes;
  expect(imagesOf(plain).filter((i) => i.width === 1200)).toEqual([]);
  expect(pdfsig(tempFile(plain), pki.nssDir)).toContain('Signature is Valid');
});
