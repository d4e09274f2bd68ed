/**
 * What signing and the A1 upload share (issue 12): the configured trust anchors (read once
 * per folder), the user's registered CPF, and each refusal's own error code.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config/config';
import type { ErrorCode } from '../../domain/errors';
import type { A1Problem } from '../../documents/signing/a1-certificate';
import { type TrustAnchors, loadTrustAnchors } from '../../documents/signing/trust';

export const A1_REFUSALS: Record<A1Problem, ErrorCode> = {
  format: 'CERTIFICATE_UPLOAD_FAILED',
  noKey: 'CERTIFICATE_UPLOAD_FAILED',
  password: 'CERTIFICATE_PASSWORD_INVALID',
  expired: 'CERTIFICATE_EXPIRED',
  notYetValid: 'CERTIFICATE_NOT_YET_VALID',
  keyUsage: 'CERTIFICATE_KEY_USAGE',
  untrusted: 'CERTIFICATE_UNTRUSTED',
  holderCpfMissing: 'CERTIFICATE_HOLDER_CPF_MISSING',
  holderMismatch: 'CERTIFICATE_HOLDER_MISMATCH',
};

const loaded = new Map<string, TrustAnchors>();

/** The anchors of the configured folders (a restart reads a changed folder again). */
export function trustAnchors(config: Pick<Config, 'ICP_BRASIL_ROOTS_DIR' | 'SIGNING_TRUST_ANCHORS_DIR'>): TrustAnchors {
  const key = `${config.ICP_BRASIL_ROOTS_DIR}\u0000${config.SIGNING_TRUST_ANCHORS_DIR ?? ''}`;
  let anchors = loaded.get(key);
  if (!anchors) {
    anchors = loadTrustAnchors({ icpBrasilDir: config.ICP_BRASIL_ROOTS_DIR, otherDir: config.SIGNING_TRUST_ANCHORS_DIR });
    loaded.set(key, anchors);
  }
  return anchors;
}

/** The CPF the user registered (11 digits), or null. */
export async function userCpf(knex: Knex, userId: string): Promise<string | null> {
  const row = await knex('users').where({ id: userId }).first('cpf');
  return (row?.cpf as string | null | undefined) ?? null;
}
