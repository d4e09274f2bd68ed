import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { type MotoServer, startMotoServer } from '../test/support/moto-server';
import { createObjectStorage } from './create-storage';
import { S3ObjectStorage } from './s3-storage';
import { objectStorageContract } from './storage-contract';

// A real S3 API (moto's server) on loopback, started for this file.
let moto: MotoServer;
let admin: S3Client;
const credentials = { accessKeyId: 'laudos-test', secretAccessKey: 'laudos-test-secret' };

beforeAll(async () => {
  moto = await startMotoServer();
  admin = new S3Client({ region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true, credentials });
}, 60_000);
afterAll(async () => {
  admin?.destroy();
  await moto?.stop();
});

const buckets = new Map<S3ObjectStorage, string>();

/** A fresh bucket per test, through the configuration path the platform takes. */
async function freshStorage(): Promise<S3ObjectStorage> {
  const bucket = `laudos-${randomUUID().slice(0, 8)}`;
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  const storage = await createObjectStorage({
    OBJECT_STORAGE: 's3',
    DATA_DIR: '/nonexistent',
    S3_ENDPOINT: moto.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: true,
  });
  expect(storage).toBeInstanceOf(S3ObjectStorage);
  buckets.set(storage as S3ObjectStorage, bucket);
  return storage as S3ObjectStorage;
}

async function dropBucket(storage: S3ObjectStorage): Promise<void> {
  const bucket = buckets.get(storage)!;
  const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
  for (const o of listed.Contents ?? []) await admin.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key }));
  await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
  storage.destroy();
  buckets.delete(storage);
}

describe('S3ObjectStorage (moto): the storage contract', () => {
  objectStorageContract({ create: freshStorage, dispose: (s) => dropBucket(s as S3ObjectStorage) });
});

describe('S3ObjectStorage (moto)', () => {
  let storage: S3ObjectStorage;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(() => dropBucket(storage));

  it('sends a large stream in 8 MB parts, and a small buffer in one PUT', async () => {
    const mb = Buffer.alloc(1 << 20, 7);
    await storage.put('a/large.bin', Readable.from(Array.from({ length: 20 }, () => mb)));
    await storage.put('a/small.bin', Buffer.from('x'));
    const head = (key: string) => admin.send(new HeadObjectCommand({ Bucket: buckets.get(storage), Key: key }));
    // A multipart object's ETag is the MD5 of its parts' MD5s, followed by the part count.
    expect((await head('a/large.bin')).ETag).toMatch(/-3"$/);
    expect((await head('a/small.bin')).ETag).toMatch(/^"[0-9a-f]{32}"$/);
  }, 60_000);

  it('aborts the multipart upload when the stream fails after the first part', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 10) this.push(Buffer.alloc(1 << 20, 1));
        else this.destroy(new Error('network dropped'));
      },
    });
    await expect(storage.put('a/broken.bin', failing)).rejects.toThrow('network dropped');
    expect(await storage.exists('a/broken.bin')).toBe(false);
    const uploads = await admin.send(new ListMultipartUploadsCommand({ Bucket: buckets.get(storage) }));
    expect(uploads.Uploads ?? []).toEqual([]);
  }, 60_000);

  it('does not list a folder marker made by an S3 console', async () => {
    await admin.send(new PutObjectCommand({ Bucket: buckets.get(storage), Key: 'a/f/', Body: '' }));
    await storage.put('a/f/one.pdf', Buffer.from('1'));
    expect((await storage.listFolder('a/f')).map((o) => o.key)).toEqual(['a/f/one.pdf']);
  });

  it('ends the incoming stream when S3 refuses the upload', async () => {
    const elsewhere = new S3ObjectStorage({
      bucket: 'laudos-no-such-bucket',
      endpoint: moto.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...credentials,
    });
    // More than a part, then nothing: the upload starts, and the stream never ends by itself.
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(9 << 20));
    try {
      await expect(elsewhere.put('a/x.bin', body)).rejects.toThrow();
      expect(body.destroyed).toBe(true);
    } finally {
      elsewhere.destroy();
    }
  });

  it('gives a URL a plain fetch() reads the bytes from, asking S3 for the type and file name', async () => {
    await storage.put('accounts/a1/reports/r1.pdf', Buffer.from('%PDF-1.7 laudo'), { contentType: 'application/pdf' });
    const url = new URL(
      await storage.presignedGetUrl('accounts/a1/reports/r1.pdf', {
        expiresInSeconds: 90,
        filename: 'Laudo João.pdf',
        contentType: 'application/pdf',
      }),
    );
    expect(url.origin + url.pathname).toBe(`${moto.endpoint}/${buckets.get(storage)}/accounts/a1/reports/r1.pdf`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('90');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The response-* parameters are signed with the rest; S3 and MinIO answer with them as
    // headers (moto ignores them, so the bytes and the stored type are what is checked here).
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Laudo Jo_o.pdf"; filename*=UTF-8''Laudo%20Jo%C3%A3o.pdf`,
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.7 laudo');

    const inline = new URL(
      await storage.presignedGetUrl('accounts/a1/reports/r1.pdf', {
        expiresInSeconds: 60,
        filename: 'r1.pdf',
        disposition: 'inline',
      }),
    );
    expect(inline.searchParams.get('response-content-disposition')).toMatch(/^inline; filename="r1.pdf"/);
  });

  it('serves the content type given at put', async () => {
    await storage.put('a/audio.mp3', Buffer.from('ID3'), { contentType: 'audio/mpeg' });
    const res = await fetch(await storage.presignedGetUrl('a/audio.mp3', { expiresInSeconds: 60 }));
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(await res.text()).toBe('ID3');
  });

  it('refuses an invalid key before signing anything', async () => {
    await expect(storage.presignedGetUrl('../x', { expiresInSeconds: 60 })).rejects.toThrow('invalid object key');
  });
});
