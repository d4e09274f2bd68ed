import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable, Transform, pipeline } from 'node:stream';
import { contentDisposition } from './content-disposition';
import { type ObjectStorage, type PresignedGetOptions, assertValidKey } from './object-storage';

export interface S3StorageOptions {
  bucket: string;
  /** Endpoint of an S3-compatible service (MinIO, Ceph…); unset → AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, moto). */
  forcePathStyle: boolean;
}

/** A body (buffer or stream) up to this size goes in one PutObject, a larger one in parts this big (S3's least is 5 MB). */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Objects in one S3 bucket. Multipart uploads are all-or-nothing (S3 publishes the object only
 * at CompleteMultipartUpload; a failed one is aborted), so a reader never sees half an object,
 * like the local adapter's rename. Downloads may skip the api through presigned GET URLs.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where the operation requires them: MinIO and older S3-compatible
      // services refuse the CRC32 trailers the SDK adds by default since 3.729.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, opts: { contentType?: string } = {}): Promise<{ size: number }> {
    assertValidKey(key);
    let size = Buffer.isBuffer(body) ? body.length : 0;
    let source: Buffer | Readable = body;
    if (!Buffer.isBuffer(body)) {
      // The size of a stream is known once it has all passed through; pipeline() passes a
      // failing source's error on to the upload, which then aborts.
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(body, counter, () => undefined);
      source = counter;
    }
    // lib-storage's other part uploader keeps reading the stream after one fails, and waits for
    // it to end; a failed S3 call ends the stream at once, so a stalled sender is not waited for.
    const failFast = new Proxy(this.client, {
      get: (target, prop) =>
        prop === 'send'
          ? (...args: Parameters<S3Client['send']>) =>
              (target.send as (...a: typeof args) => Promise<unknown>)(...args).catch((err: unknown) => {
                if (source instanceof Readable) source.destroy(err as Error);
                throw err;
              })
          : Reflect.get(target, prop),
    });
    const upload = new Upload({
      client: failFast,
      params: { Bucket: this.bucket, Key: key, Body: source, ContentType: opts.contentType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size };
  }

  async get(key: string): Promise<Readable> {
    return this.read(key);
  }

  async getRange(key: string, start: number, end: number): Promise<Readable> {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
      throw new Error(`invalid range ${start}-${end}`);
    if (end === start) {
      // HTTP has no empty range: the object's presence is checked, nothing is read.
      await this.size(key);
      return Readable.from([]);
    }
    try {
      return await this.read(key, `bytes=${start}-${end - 1}`);
    } catch (err) {
      // A range starting at or past the end is 416 in S3; here it is the empty rest of the object.
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
        await this.size(key);
        return Readable.from([]);
      }
      throw err;
    }
  }

  /** GetObject answers headers before the body: a missing object fails here, not mid-stream. */
  private async read(key: string, range?: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
      return res.Body as Readable;
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async size(key: string): Promise<number> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async exists(key: string): Promise<boolean> {
    return this.size(key).then(
      () => true,
      (err: Error & { code?: string }) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      },
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a key that is not there: deleting twice is fine, like `rm -f`.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async listFolder(folder: string): Promise<{ key: string; size: number; modifiedAt: Date }[]> {
    assertValidKey(folder);
    const out: { key: string; size: number; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      // Delimiter '/': subfolders come back as CommonPrefixes, not as their objects.
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, Delimiter: '/', ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        // A `folder/` marker (as S3 consoles make) is not an object of the folder.
        if (o.Key && o.Key !== `${folder}/`)
          out.push({ key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async presignedGetUrl(key: string, opts: PresignedGetOptions): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.filename ? contentDisposition(opts.disposition ?? 'attachment', opts.filename) : undefined,
    });
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInSeconds });
  }

  /** Closes the client's sockets. */
  destroy(): void {
    this.client.destroy();
  }
}

/** A missing object becomes an ENOENT error, as the local adapter's fs calls throw. */
function notFound(err: unknown, key: string): unknown {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (err instanceof NoSuchKey || err instanceof NotFound || status === 404) {
    return Object.assign(new Error(`object not found: ${key}`), { code: 'ENOENT', cause: err });
  }
  return err;
}
