/**
 * The studies waiting for the orchestrator (ADR 031), given their doctors: those that arrived
 * while the distribution was paused or before a filter caught their modality, and those nobody
 * could take when they arrived (no doctor on shift, every one at their limit). Run when the
 * distribution is resumed or the filters change, and each minute by the sweep. Urgent studies
 * first, then by deadline and arrival: each choice sees the tallies the one before it left.
 */
import type { Knex } from 'knex';
import { LaudoState } from '../../domain/laudo/states';
import { type DistributeDeps, distributeStudy } from './distribute';

/** Older studies are left to people: a week-old backlog is not handed out unannounced. */
export const REDISTRIBUTE_WINDOW_DAYS = 7;
/** Studies given out per account per run; the next run takes the rest. */
const BATCH = 500;

/** Accounts whose distribution is on (not paused, an active filter), with their filters' modalities. */
function distributingAccounts(knex: Knex, accountId: string | null): Promise<{ account_id: string; modalities: string[] }[]> {
  return knex('orchestrator_filters as f')
    .crossJoin(knex.raw('unnest(f.modalities) AS m(modality)'))
    .leftJoin('orchestrator_accounts as oa', 'oa.account_id', 'f.account_id')
    .where('f.active', true)
    .where((q) => {
      void q.whereNull('oa.paused').orWhere('oa.paused', false);
    })
    .modify((q) => {
      if (accountId) void q.where('f.account_id', accountId);
    })
    .groupBy('f.account_id')
    .select('f.account_id', knex.raw('array_agg(DISTINCT m.modality) AS modalities'));
}

/** The account's waiting studies a filter would catch, in the order they are given out. */
function waitingStudies(knex: Knex, accountId: string, modalities: string[], now: Date): Promise<{ id: string }[]> {
  return knex('studies as s')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .leftJoin('routines as r', 'r.id', 's.routine_id')
    .leftJoin('orchestrator_decisions as d', 'd.study_id', 's.id')
    .where('s.account_id', accountId)
    .where('l.state', LaudoState.NOT_STARTED)
    .whereNull('l.responsible_user_id')
    .whereNotNull('s.stable_at')
    .whereNull('s.invalidated_at')
    .whereNull('s.merged_into_id')
    .where('s.received_at', '>', new Date(now.getTime() - REDISTRIBUTE_WINDOW_DAYS * 86_400_000))
    .whereRaw('s.modalities && ?::text[]', [modalities])
    .where((q) => {
      // Never decided (paused, no filter then), or decided that nobody could take it.
      void q.whereNull('d.id').orWhere((q2) => void q2.whereNull('d.user_id').where('d.reason', 'nobodyAvailable'));
    })
    .orderByRaw(
      `r.weight DESC NULLS LAST, s.received_at + make_interval(mins => coalesce(r.duration_minutes, 0)), s.received_at, s.id`,
    )
    .limit(BATCH)
    .select('s.id');
}

export async function redistributeWaiting(
  deps: DistributeDeps,
  accountId: string | null,
  now = new Date(),
): Promise<{ examined: number; assigned: number }> {
  let examined = 0;
  let assigned = 0;
  for (const account of await distributingAccounts(deps.knex, accountId)) {
    for (const { id } of await waitingStudies(deps.knex, account.account_id, account.modalities, now)) {
      examined++;
      const outcome = await distributeStudy(deps, account.account_id, id, now, { retryWaiting: true });
      if (outcome.outcome === 'assigned') assigned++;
      // Paused meanwhile: the rest waits for the resume.
      if (outcome.outcome === 'paused') break;
    }
  }
  return { examined, assigned };
}

