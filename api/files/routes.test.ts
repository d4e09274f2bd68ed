/**
 * The download link route: streamed through the api from local storage; from S3 (moto on
 * loopback), a page or a non-browser client is redirected to a presigned URL, while the app's
 * fetch() calls and iframes still get the bytes from the api.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { Knex } from 'knex';
import { hashToken, newToken } from '../../services/tokens';
import { LocalObjectStorage } from '../../storage/local-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import { S3ObjectStorage } from '../../storage/s3-storage';
import { type MotoServer, startMotoServer } from '../../test/support/moto-server';
import { fileRoutes } from './routes';

const token = newToken();
const link = {
  token_hash: hashToken(token),
  account_id: 'acc-1',
  object_key: 'accounts/acc-1/reports/r1.pdf',
  filename: 'Laudo João.pdf',
  content_type: 'application/pdf',
  expires_at: new Date(Date.now() + 5 * 60_000),
};

/** The one query the route makes: the link by its token's hash. */
const linksTable = ((table: string) => ({
  where: (q: { token_hash: string }) => ({
    first: async () => (table === 'download_links' && q.token_hash === link.token_hash ? link : undefined),
  }),
})) as unknown as Knex;

async function serve(storage: ObjectStorage) {
  const app = new Koa();
  app.silent = true; // the missing object's 500 is expected, not printed
  app.use(fileRoutes({ knex: linksTable, storage }).routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (query = '', headers: Record<string, string> = {}) =>
    fetch(`${base}/files/${token}${query}`, { headers, redirect: 'manual' });
  return { get, close: () => new Promise((r) => server.close(r)) };
}

let moto: MotoServer;
let s3: S3ObjectStorage;
let dir: string;

beforeAll(async () => {
  moto = await startMotoServer();
  const opts = { region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true };
  const credentials = { accessKeyId: 'laudos-test', secretAccessKey: 'laudos-test-secret' };
  const admin = new S3Client({ ...opts, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: 'laudos-files' }));
  admin.destroy();
  s3 = new S3ObjectStorage({ ...opts, ...credentials, bucket: 'laudos-files' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-files-'));
}, 60_000);
afterAll(async () => {
  s3?.destroy();
  await moto?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('redirects a page or a plain client to a presigned S3 URL that serves the bytes', async () => {
  await s3.put(link.object_key, Buffer.from('%PDF-1.7 laudo'), { contentType: 'application/pdf' });
  const api = await serve(s3);
  try {
    const asked: Record<string, string>[] = [{}, { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }];
    for (const headers of asked) {
      const res = await api.get('?download=1', headers);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const location = new URL(res.headers.get('location')!);
      expect(location.origin).toBe(moto.endpoint);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(location.searchParams.get('response-content-type')).toBe('application/pdf');
      expect(location.searchParams.get('response-content-disposition')).toBe(
        `attachment; filename="Laudo Jo_o.pdf"; filename*=UTF-8''Laudo%20Jo%C3%A3o.pdf`,
      );
      const fromS3 = await fetch(location);
      expect(fromS3.status).toBe(200);
      expect(await fromS3.text()).toBe('%PDF-1.7 laudo');
    }
    const inline = await api.get();
    expect(new URL(inline.headers.get('location')!).searchParams.get('response-content-disposition')).toMatch(/^inline; /);
  } finally {
    await api.close();
  }
});

it("streams through the api for the app's fetch() and iframes, which stay on its own origin", async () => {
  await s3.put(link.object_key, Buffer.from('%PDF-1.7 laudo'), { contentType: 'application/pdf' });
  const api = await serve(s3);
  try {
    for (const dest of ['empty', 'iframe']) {
      const res = await api.get('', { 'Sec-Fetch-Dest': dest, 'Sec-Fetch-Mode': dest === 'empty' ? 'cors' : 'navigate' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="Laudo Jo_o.pdf"/);
      expect(await res.text()).toBe('%PDF-1.7 laudo');
    }
  } finally {
    await api.close();
  }
});

it('does not redirect to a missing object', async () => {
  await s3.delete(link.object_key);
  const api = await serve(s3);
  try {
    const res = await api.get('?download=1');
    expect(res.status).toBe(500);
    expect(res.headers.get('location')).toBeNull();
  } finally {
    await api.close();
  }
});

it('streams from local storage, which does not presign', async () => {
  const local = new LocalObjectStorage(dir);
  await local.put(link.object_key, Buffer.from('local bytes'));
  const api = await serve(local);
  try {
    const res = await api.get('?download=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(await res.text()).toBe('local bytes');
  } finally {
    await api.close();
  }
});
