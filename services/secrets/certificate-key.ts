/**
 * The key that seals secrets at rest (A1 certificates, authenticator secrets): CERTIFICATE_KEY,
 * or in development a random key made once and kept under DATA_DIR/secrets (0600), so no key is
 * ever written in the code.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/config';

const cache = new Map<string, Buffer>();

export function certificateKey(config: Pick<Config, 'CERTIFICATE_KEY' | 'DATA_DIR'>): Buffer {
  if (config.CERTIFICATE_KEY) return Buffer.from(config.CERTIFICATE_KEY, 'hex');
  const file = path.join(config.DATA_DIR, 'secrets', 'certificate.key');
  const known = cache.get(file);
  if (known) return known;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two processes starting together never overwrite each other's key.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
  cache.set(file, key);
  return key;
}
