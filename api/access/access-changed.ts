/**
 * After a change of what users may reach (their roles, a role's permissions or schedule, an
 * access grant): their live connections were authorised under the old access. The broker of
 * this replica and, through a Postgres notice, of every other one checks each subscription of
 * those users again and closes a connection holding one no longer allowed; the page reconnects,
 * is refused the lost topics and refetches what it shows (web/src/lib/live.ts). HTTP needs
 * nothing: it reads the access per request. Inside a transaction this happens once it commits.
 */
import type { Knex } from 'knex';
import type { ApiDeps } from '../deps';
import { type AccessTarget, announceAccessChanged } from '../auth/session-events';

type Deps = Pick<ApiDeps, 'knex' | 'onAccessChanged' | 'replicaId'>;

export async function accessChanged(deps: Deps, targets: AccessTarget[], trx?: Knex.Transaction): Promise<void> {
  if (!targets.length) return;
  await announceAccessChanged(trx ?? deps.knex, targets, deps.replicaId);
  const recheck = () => {
    for (const t of targets) deps.onAccessChanged?.(t);
  };
  if (trx) void trx.executionPromise.then(recheck, () => undefined);
  else recheck();
}
