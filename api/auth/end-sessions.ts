/**
 * Ends sessions of one user at once: revoked in the database (every api replica then answers
 * INVALID_SESSION) and their broker connections closed. Used by a password reset, by blocking,
 * revoking or deleting a user, and by 'sign out the other sessions' in My profile.
 */
import type { Knex } from 'knex';
import type { ApiDeps } from '../deps';
import { a1SessionCache } from '../documents/a1-session-cache';

export async function endUserSessions(
  deps: Pick<ApiDeps, 'knex' | 'onSessionEnded'>,
  userId: string,
  opts: { exceptSessionId?: string; trx?: Knex.Transaction } = {},
): Promise<string[]> {
  const q = (opts.trx ?? deps.knex)('sessions').where({ user_id: userId }).whereNull('revoked_at');
  if (opts.exceptSessionId) void q.whereNot({ id: opts.exceptSessionId });
  const rows: { id: string }[] = await q.update({ revoked_at: deps.knex.fn.now() }).returning('id');
  const ids = rows.map((r) => r.id);
  const disconnect = () => {
    for (const id of ids) {
      deps.onSessionEnded?.(id);
      a1SessionCache.forgetSession(id);
    }
  };
  // Inside a transaction the connections close once it commits (a rollback keeps them).
  if (opts.trx) void opts.trx.executionPromise.then(disconnect, () => undefined);
  else disconnect();
  return ids;
}
