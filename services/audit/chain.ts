/**
 * The audit log's hash chain (migrations/20261125009000_audit_chain.ts computes the same in
 * the database): a row's hash is sha256 over its fields as PostgreSQL renders them as text,
 * each written `octets:value` (a null as '-'), joined by '|', ending with the previous hash.
 * Length prefixes make the serialisation unambiguous whatever a field contains.
 */
import { createHash } from 'node:crypto';
import type { BrokenLink } from '../../domain/audit/query';

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** A row's fields as text, in chain order (`at` as YYYY-MM-DDTHH:MM:SS.ffffffZ in UTC). */
export interface ChainFields {
  id: string;
  at: string;
  accountId: string | null;
  userId: string | null;
  action: string;
  studyId: string | null;
  laudoId: string | null;
  ip: string | null;
  detail: string;
  prevHash: string;
}

export function canonicalRow(r: ChainFields): string {
  const fields = [r.id, r.at, r.accountId, r.userId, r.action, r.studyId, r.laudoId, r.ip, r.detail, r.prevHash];
  return fields.map((f) => (f === null ? '-' : `${Buffer.byteLength(f, 'utf8')}:${f}`)).join('|');
}

export const rowHash = (r: ChainFields): string => createHash('sha256').update(canonicalRow(r), 'utf8').digest('hex');

/** The first link that does not hold, or null when the chain is intact. */

/**
 * Checks one row against the hash of the row before it (GENESIS_HASH for the first):
 * its prev_hash must be that hash, its hash the one recomputed from its fields.
 */
export function checkLink(r: ChainFields & { hash: string }, previousHash: string): BrokenLink | null {
  if (r.prevHash !== previousHash) return { id: r.id, field: 'prev_hash', expected: previousHash, found: r.prevHash };
  const expected = rowHash(r);
  return expected === r.hash ? null : { id: r.id, field: 'hash', expected, found: r.hash };
}
