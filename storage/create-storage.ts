import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';
import { LocalObjectStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';

/**
 * The object storage the configuration names: DATA_DIR/objects (embedded default) or an
 * S3-compatible bucket. The api and a worker running alone must name the same one. The AWS SDK
 * (~85 ms to load) is loaded only for a bucket: every platform start and test file skips it.
 */
export async function createObjectStorage(
  cfg: Pick<
    Config,
    | 'OBJECT_STORAGE'
    | 'DATA_DIR'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_BUCKET'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): Promise<ObjectStorage> {
  if (cfg.OBJECT_STORAGE === 's3') {
    // parseConfig refuses s3 without these; a hand-made Config is checked here too.
    if (!cfg.S3_BUCKET || !cfg.S3_ACCESS_KEY_ID || !cfg.S3_SECRET_ACCESS_KEY) {
      throw new Error('OBJECT_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    const { S3ObjectStorage } = await import('./s3-storage');
    return new S3ObjectStorage({
      bucket: cfg.S3_BUCKET,
      endpoint: cfg.S3_ENDPOINT,
      region: cfg.S3_REGION,
      accessKeyId: cfg.S3_ACCESS_KEY_ID,
      secretAccessKey: cfg.S3_SECRET_ACCESS_KEY,
      forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
    });
  }
  const objectsDir = path.join(cfg.DATA_DIR, 'objects');
  fs.mkdirSync(objectsDir, { recursive: true });
  return new LocalObjectStorage(objectsDir);
}
