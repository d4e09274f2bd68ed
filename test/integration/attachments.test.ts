/**
 * Attachments over HTTP (spec 2 §3–§8): types, upload checked by extension, size and
 * content, list, a short-lived download link that serves the same bytes, delete, the
 * permissions of each verb, and another account's study answering 404.
 */
import { DEMO_ATTACHMENT_TYPES, seedAttachmentTypes } from '../../migrations/seed/attachments-demo';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ worker: false });
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let types: { id: string; title: string; extensionsAllowed: string[] }[];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 1,
    users: {
      clerk: ['STUDIES_CREATE_ATTACHMENTS', 'STUDIES_DOWNLOAD_ATTACHMENT', 'STUDIES_DELETE_ATTACHMENT'],
      reader: ['STUDIES_RETRIEVE_REPORTS'],
    },
  });
  other = await createTenant(suite.knex, {
    studies: 1,
    users: { clerk: ['STUDIES_CREATE_ATTACHMENTS', 'STUDIES_DOWNLOAD_ATTACHMENT'] },
  });
  await seedAttachmentTypes(suite.knex, t.accountId);
  await seedAttachmentTypes(suite.knex, t.accountId); // idempotent
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.clerk! }));
  types = (await api('GET', '/studies/listAttachmentsExtensions', { token: tokens.clerk })).body.attachmentsExtensions;
});

const typeId = (title: string) => types.find((x) => x.title === title)!.id;
const upload = (who: string, name: string, bytes: Buffer, title = 'Pedido médico', studyId = t.studyIds[0]!) =>
  api('POST', '/studies/attachments', {
    token: tokens[who],
    body: {
      studyId,
      attachmentExtensionsId: typeId(title),
      attachment: { name, mimetype: 'application/pdf', size: bytes.length, data: bytes.toString('base64') },
    },
  });

it('lists the account types', () => {
  expect(types.map((x) => x.title).sort()).toEqual(DEMO_ATTACHMENT_TYPES.map((x) => x.title).sort());
});

it('uploads, lists, downloads the same bytes through a short-lived link, and deletes', async () => {
  const studyId = t.studyIds[0]!;
  const res = await upload('clerk', 'pedido médico.pdf', PDF);
  expect(res.status).toBe(201);
  const [att] = res.body.attachments;
  expect(att).toMatchObject({
    attachmentType: 'Pedido médico',
    filename: 'pedido médico.pdf',
    sizeInBytes: PDF.length,
    previewType: 'PDF',
  });

  const link = await api('GET', `/studies/attachments/download?attachmentId=${att.id}&studyId=${studyId}`, {
    token: tokens.clerk,
  });
  expect(link.body.downloadUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]+$/);
  const file = await fetch(`${suite.platform.url}${link.body.downloadUrl}`);
  expect(file.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  expect((await fetch(`${suite.platform.url}/api/files/not-a-real-token-at-all-xx`)).status).toBe(404);
  await suite
    .knex('download_links')
    .where({ account_id: t.accountId })
    .update({ expires_at: new Date(Date.now() - 1000) });
  const expired = await fetch(`${suite.platform.url}${link.body.downloadUrl}`);
  expect(expired.status).toBe(410);
  expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('DOWNLOAD_LINK_EXPIRED');

  const listed = await api('GET', `/studies/attachments?studyId=${studyId}`, { token: tokens.reader });
  expect(listed.body.attachments).toHaveLength(1);
  expect(listed.body.can).toEqual({ create: false, download: false, delete: false });
  expect(
    (await api('DELETE', `/studies/attachments?attachmentId=${att.id}&studyId=${studyId}`, { token: tokens.reader })).status,
  ).toBe(403);
  expect(
    (await api('DELETE', `/studies/attachments?attachmentId=${att.id}&studyId=${studyId}`, { token: tokens.clerk })).status,
  ).toBe(204);
  expect((await api('GET', `/studies/attachments?studyId=${studyId}`, { token: tokens.clerk })).body.attachments).toEqual([]);
  const audited = await suite
    .knex('audit_log')
    .where({ study_id: studyId })
    .whereLike('action', 'study.attachment.%')
    .pluck('action');
  expect(audited).toEqual(
    expect.arrayContaining(['study.attachment.create', 'study.attachment.download', 'study.attachment.delete']),
  );
});

it('refuses a wrong extension, a disguised file, more than 4MB and a user without the permission', async () => {
  const wrongExt = await upload('clerk', 'foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'Exame anterior');
  expect(wrongExt.status).toBe(400);
  expect(wrongExt.body.error).toEqual({ code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED', description: 'Extensão não permitida' });
  const disguised = await upload('clerk', 'laudo.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
  expect(disguised.body.error.description).toBe(
    'Ocorreu um erro ao enviar o arquivo. Verifique o arquivo enviado e tente novamente.',
  );
  const big = await upload('clerk', 'grande.pdf', Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024)]));
  expect(big.status).toBe(413);
  expect(big.body.error.code).toBe('ATTACHMENT_TOO_LARGE');
  expect((await upload('reader', 'a.pdf', PDF)).status).toBe(403);
  expect(await suite.knex('study_attachments').where({ study_id: t.studyIds[0]! }).count({ n: '*' })).toEqual([{ n: '0' }]);
});

it("another account's study answers 404", async () => {
  const res = await api('POST', '/studies/attachments', {
    token: tokens.outsider,
    body: {
      studyId: t.studyIds[0],
      attachmentExtensionsId: typeId('Pedido médico'),
      attachment: { name: 'a.pdf', data: PDF.toString('base64') },
    },
  });
  expect(res.status).toBe(404);
  expect((await api('GET', `/studies/attachments?studyId=${t.studyIds[0]}`, { token: tokens.outsider })).status).toBe(404);
});
