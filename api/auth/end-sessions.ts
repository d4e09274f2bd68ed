/**
 * Ends sessions of one user at once: revoked in the database (every api replica then answers
 * INVALID_SESSION) and their broker connections closed, on this replica directly and on the
 * others through session-events.ts. Used by a password reset, by blocking, revoking or deleting
 * a user, and by 'sign out the other sessions' in My profile.
 */
import type { Knex } from 'knex';
import type { ApiDeps } from '../deps';
import { a1SessionCache } from '../documents/a1-session-cache';
import { announceSessionsEnded } from './session-events';

type Deps = Pick<ApiDeps, 'knex' | 'onSessionEnded' | 'replicaId'>;

export async function endUserSessions(
  deps: Deps,
  userId: string,
  opts: {
    exceptSessionId?: string;
    /** Only the sessions working in this account (access to it revoked). */
    accountId?: string;
    /** Only this one session. */
    sessionId?: string;
    trx?: Knex.Transaction;
  } = {},
): Promise<string[]> {
  const q = (opts.trx ?? deps.knex)('sessions').where({ user_id: userId }).whereNull('revoked_at');
  if (opts.exceptSessionId) void q.whereNot({ id: opts.exceptSessionId });
  if (opts.accountId) void q.where({ current_account_id: opts.accountId });
  if (opts.sessionId) void q.where({ id: opts.sessionId });
  const rows: { id: string }[] = await q.update({ revoked_at: deps.knex.fn.now() }).returning('id');
  const ids = rows.map((r) => r.id);
  await sessionsEnded(deps, ids, opts.trx);
  return ids;
}

/**
 * What follows sessions' end (or their account change): their broker connections close here
 * and on every other replica, and their opened A1 certificates are forgotten. Inside a
 * transaction this happens once it commits (a rollback keeps them).
 */
export async function sessionsEnded(deps: Deps, ids: string[], trx?: Knex.Transaction): Promise<void> {
  if (!ids.length) return;
  await announceSessionsEnded(trx ?? deps.knex, ids, deps.replicaId);
  const disconnect = () => {
    for (const id of ids) {
      deps.onSessionEnded?.(id);
      a1SessionCache.forgetSession(id);
    }
  };
  if (trx) void trx.executionPromise.then(disconnect, () => undefined);
  else disconnect();
}
