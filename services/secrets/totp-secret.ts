/**
 * The authenticator secret at rest: sealed with AES-256-GCM under the platform key, exactly as
 * the A1 certificates are (documents/signing seal, CERTIFICATE_KEY), never stored in clear.
 */
import type { Config } from '../../config/config';
import { seal, unseal } from '../../documents/signing/a1-certificate';
import { certificateKey } from './certificate-key';

type KeyConfig = Pick<Config, 'CERTIFICATE_KEY' | 'DATA_DIR'>;

export const sealTotpSecret = (config: KeyConfig, secret: string): Buffer =>
  seal(Buffer.from(secret, 'utf8'), certificateKey(config));

export const unsealTotpSecret = (config: KeyConfig, sealed: Buffer): string =>
  unseal(sealed, certificateKey(config)).toString('utf8');
