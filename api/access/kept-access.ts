/**
 * A caller's access kept for one access version of its account (ADR 041, ADR 052). Every table
 * loadAccess reads (account links, roles and their institutions, shift schedules, study grants,
 * the account's institutions and time zone) changes that version at commit (migration
 * 20261202010000), and the session's own statement reads it, so a revoked role still takes
 * effect on the next request, on any replica. Reports, studies and comments do not change it:
 * a reading room's actions leave everyone's kept access in place. What the clock changes is
 * never kept: a caller with a shift schedule is loaded on every request, as before. Saves the
 * read of loadAccess on every request of a caller whose access has not changed since the last.
 */
import type { Knex } from 'knex';
import { KeptByVersion, callerKey } from '../http/kept-by-version';
import { type Access, type SessionUser, loadAccess } from './access';

/** A reading room's callers, several accounts each, many times over. */
const MAX_ENTRIES = 5_000;
/** One store per database (each platform in a test process has its own). */
const stores = new WeakMap<Knex, KeptByVersion<{ version: string; access: Access }>>();

/** The user's access to `accountId`, loaded unless one read at `version` is kept. */
export async function accessAtVersion(
  knex: Knex,
  user: SessionUser,
  accountId: string,
  version: string | null | undefined,
): Promise<Access> {
  if (!version) return loadAccess(knex, user, accountId);
  let kept = stores.get(knex);
  if (!kept) stores.set(knex, (kept = new KeptByVersion(MAX_ENTRIES)));
  const key = `${callerKey(user, accountId)}|${user.name}`;
  const hit = kept.get(key, version);
  if (hit) return hit.access;
  const access = await loadAccess(knex, user, accountId);
  if (!access.shiftBound) kept.set(key, { version, access });
  return access;
}
