/**
 * The institution's logo (spec 3 §3: JPG or PNG, up to 2 MB) heads its report PDFs (issue 6):
 * an account administrator uploads it, anyone in the account sees it, the preview PDF draws
 * it; wrong type, disguised bytes and oversize are refused with the catalogue's messages;
 * another account's institution answers 404 and a non-administrator 403.
 */
import sharp from 'sharp';
import { ensureDocumentTools } from '../../scripts/tools';
import { imagesOf, pdfText, qpdfCheck, renderPage } from '../../documents/testing/pdf-tools';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { fetchBytes, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let logo: Buffer;

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 1, users: { admin: [], doctor: DOCTOR_PERMISSIONS } });
  other = await createTenant(suite.knex, { studies: 1, users: { admin: [] } });
  for (const tenant of [t, other]) {
    await suite
      .knex('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  }
  Object.assign(tokens, await loginTokens(api, { admin: t.users.admin!, doctor: t.users.doctor!, outsider: other.users.admin! }));
  logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#0b6e99' } })
    .composite([{ input: Buffer.from('<svg width="300" height="120"><circle cx="60" cy="60" r="40" fill="#ffffff"/></svg>') }])
    .png()
    .toBuffer();
});

const put = (who: string, institutionId: string, fileName: string, bytes: Buffer) =>
  api('PUT', `/institutions/${institutionId}/logo`, { token: tokens[who], body: { fileName, file: bytes.toString('base64') } });

it('refuses what is not a JPG or PNG of at most 2 MB, and who may not change it', async () => {
  expect((await put('admin', t.institutionId, 'logo.gif', Buffer.from('GIF89a....'))).body.error).toMatchObject({
    code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED',
    description: 'Extensão não permitida',
  });
  const disguised = await put('admin', t.institutionId, 'logo.png', Buffer.from('%PDF-1.4 not an image'));
  expect(disguised.status).toBe(400);
  expect(disguised.body.error.code).toBe('ATTACHMENT_UPLOAD_FAILED');
  const big = Buffer.concat([logo, Buffer.alloc(2 * 1024 * 1024)]);
  const tooBig = await put('admin', t.institutionId, 'logo.png', big);
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.error.description).toBe('O logo excede o limite de 2MB');
  expect((await put('doctor', t.institutionId, 'logo.png', logo)).status).toBe(403);
  expect((await put('outsider', t.institutionId, 'logo.png', logo)).status).toBe(404);
  expect((await api('GET', `/institutions/${t.institutionId}/logo`, { token: tokens.admin })).status).toBe(404);
});

it('stores the logo, shows it to the account, and draws it in the report PDF header', async () => {
  expect((await put('admin', t.institutionId, 'Logotipo clínica.PNG', logo)).status).toBe(204);
  const list = await api('GET', '/institutions', { token: tokens.doctor });
  expect(list.body).toMatchObject({
    canManage: false,
    institutions: [{ id: t.institutionId, logoUpdatedAt: expect.any(String) }],
  });
  expect((await api('GET', '/institutions', { token: tokens.admin })).body.canManage).toBe(true);
  expect((await api('GET', '/institutions', { token: tokens.outsider })).body.institutions).toEqual([
    expect.objectContaining({ id: other.institutionId }),
  ]);
  const res = await fetchBytes(suite.apiUrl(`/institutions/${t.institutionId}/logo`), tokens.doctor);
  expect(res.type).toBe('image/png');
  expect(Buffer.compare(res.bytes, logo)).toBe(0);
  expect((await api('GET', `/institutions/${t.institutionId}/logo`, { token: tokens.outsider })).status).toBe(404);

  const id = t.studyIds[0]!;
  const start = await api('POST', `/studies/${id}/reports/start`, { token: tokens.doctor, body: {} });
  expect(start.status).toBe(200);
  const saved = await api('POST', `/studies/${id}/reports/save`, {
    token: tokens.doctor,
    body: { content: '<p>Exame sem alterações.</p>', preview: true },
  });
  expect(saved.status).toBe(200);
  const pdf = (await fetchBytes(suite.apiUrl(saved.body.previewUrl), tokens.doctor)).bytes;
  expect(pdfText(pdf)).toContain('Exame sem alterações.');
  expect(imagesOf(pdf)).toContainEqual(expect.objectContaining({ type: 'image', width: 300, height: 120 }));
  expect(qpdfCheck(pdf)).toMatchObject({ ok: true });
  renderPage(pdf, 'institution-logo-preview');

  // Removed: the next preview has no image.
  expect((await api('DELETE', `/institutions/${t.institutionId}/logo`, { token: tokens.admin })).status).toBe(204);
  const again = await api('POST', `/studies/${id}/reports/save`, {
    token: tokens.doctor,
    body: { content: '<p>Exame sem alterações.</p>', preview: true },
  });
  const pdf2 = (await fetchBytes(suite.apiUrl(again.body.previewUrl), tokens.doctor)).bytes;
  expect(imagesOf(pdf2)).toEqual([]);
});
