/**
 * Which Connect serves a study for downloads, and whether it can now: the agent that sent
 * the study if it is still active, else the most recently seen active agent of the study's
 * institution; reachable when it polled lately and the account allows Connect downloads.
 */
import type { Knex } from 'knex';
import { type ConnectCheck, allowsDownloadConnect, isConnectReachable } from '../../domain/connect/download-request';

interface ConnectRow {
  id: string;
  name: string;
  last_seen_at: Date | null;
}

export async function studyConnect(knex: Knex, accountId: string, studyId: string): Promise<ConnectRow | null> {
  const study = await knex('studies').where({ id: studyId, account_id: accountId }).first('connect_id', 'institution_id');
  if (!study) return null;
  const active = () => knex('connects').where({ account_id: accountId, active: true });
  if (study.connect_id) {
    const own = await active().where({ id: study.connect_id }).first('id', 'name', 'last_seen_at');
    if (own) return own;
  }
  if (!study.institution_id) return null;
  const row = await active()
    .where({ institution_id: study.institution_id })
    .orderByRaw('last_seen_at DESC NULLS LAST')
    .orderBy('created_at')
    .first('id', 'name', 'last_seen_at');
  return row ?? null;
}

/** The connect/check answer for a study the caller may see (checked by the route). */
export async function checkStudyConnect(knex: Knex, accountId: string, studyId: string): Promise<ConnectCheck> {
  const [account, connect] = await Promise.all([
    knex('accounts').where({ id: accountId }).first('config'),
    studyConnect(knex, accountId, studyId),
  ]);
  const about = connect
    ? {
        id: connect.id,
        name: connect.name,
        lastSeenAt: connect.last_seen_at ? new Date(connect.last_seen_at).toISOString() : null,
      }
    : undefined;
  if (!allowsDownloadConnect(account?.config)) return { available: false, reason: 'SETTING_OFF', connect: about };
  if (!connect) return { available: false, reason: 'NO_CONNECT' };
  if (!isConnectReachable(connect.last_seen_at)) return { available: false, reason: 'UNREACHABLE', connect: about };
  return { available: true, connect: about };
}
