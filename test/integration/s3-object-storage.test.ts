/**
 * The platform on OBJECT_STORAGE=s3 (moto's S3 API on loopback): an attachment's bytes land in
 * the bucket, not under DATA_DIR, and its download link redirects to a presigned URL that serves
 * them, while the app's own fetch() still gets them from the api.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Knex } from 'knex';
import { seedAttachmentTypes } from '../../migrations/seed/attachments-demo';
import type { Config } from '../../config/config';
import type { Platform } from '../../scripts/platform';
import { createTenant } from '../support/fixtures';
import { type MotoServer, startMotoServer } from '../support/moto-server';
import { apiClient, startTestPlatform } from '../support/platform';
import { loginTokens } from '../support/suite';

jest.setTimeout(60_000);

const BUCKET = 'laudos-objects';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let moto: MotoServer;
let admin: S3Client;
let platform: Platform;
let knex: Knex;
let config: Config;

beforeAll(async () => {
  moto = await startMotoServer();
  const credentials = { accessKeyId: 'laudos-test', secretAccessKey: 'laudos-test-secret' };
  admin = new S3Client({ region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  ({ platform, knex, config } = await startTestPlatform(
    {
      OBJECT_STORAGE: 's3',
      S3_ENDPOINT: moto.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    { worker: false },
  ));
});
afterAll(async () => {
  await platform?.stop();
  await knex?.destroy();
  admin?.destroy();
  await moto?.stop();
});

it('keeps an attachment in the bucket and redirects its download link to a presigned URL', async () => {
  const api = apiClient(platform.url);
  const t = await createTenant(knex, {
    studies: 1,
    users: { clerk: ['STUDIES_CREATE_ATTACHMENTS', 'STUDIES_DOWNLOAD_ATTACHMENT'] },
  });
  await seedAttachmentTypes(knex, t.accountId);
  const { clerk: token } = await loginTokens(api, t.users);
  const types = (await api('GET', '/studies/listAttachmentsExtensions', { token })).body.attachmentsExtensions as {
    id: string;
    title: string;
  }[];
  const studyId = t.studyIds[0]!;
  const uploaded = await api('POST', '/studies/attachments', {
    token,
    body: {
      studyId,
      attachmentExtensionsId: types.find((x) => x.title === 'Pedido médico')!.id,
      attachment: { name: 'pedido.pdf', mimetype: 'application/pdf', size: PDF.length, data: PDF.toString('base64') },
    },
  });
  expect(uploaded.status).toBe(201);

  const listed = await admin.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `accounts/${t.accountId}/` }));
  expect(listed.Contents?.map((o) => o.Size)).toEqual([PDF.length]);
  expect(fs.existsSync(path.join(config.DATA_DIR, 'objects', 'accounts'))).toBe(false);

  const link = await api(
    'GET',
    `/studies/attachments/download?attachmentId=${uploaded.body.attachments[0].id}&studyId=${studyId}`,
    {
      token,
    },
  );
  const opened = await fetch(`${platform.url}${link.body.downloadUrl}?download=1`, { redirect: 'manual' });
  expect(opened.status).toBe(302);
  const location = new URL(opened.headers.get('location')!);
  expect(location.origin).toBe(moto.endpoint);
  const fromBucket = await fetch(location);
  expect(Buffer.from(await fromBucket.arrayBuffer()).equals(PDF)).toBe(true);

  // The app's fetch() (Sec-Fetch-Dest: empty) is answered by the api itself.
  const streamed = await fetch(`${platform.url}${link.body.downloadUrl}`, { headers: { 'Sec-Fetch-Dest': 'empty' } });
  expect(streamed.status).toBe(200);
  expect(streamed.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await streamed.arrayBuffer()).equals(PDF)).toBe(true);
});
