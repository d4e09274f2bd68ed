/**
 * The queue of study downloads for Connect agents (table connect_downloads). The API queues
 * a request before starting its downloadWorkflow; the workflow's last step marks it ready
 * (or failed); the agent fetches the zip and reports done or failed. Every query names the
 * account, and the agent's ones also its own connect.
 */
import type { Knex } from 'knex';
import type { AgentDownload, ConnectDownloadRequest, ConnectDownloadResult } from '../../domain/connect/download-request';

export async function queueConnectDownload(
  knex: Knex,
  r: { accountId: string; connectId: string; studyIds: string[]; shortKey: string; fullPath: string; requestedBy: string | null },
): Promise<string> {
  const [row] = await knex('connect_downloads')
    .insert({
      account_id: r.accountId,
      connect_id: r.connectId,
      study_ids: r.studyIds,
      short_key: r.shortKey,
      full_path: r.fullPath,
      requested_by: r.requestedBy,
    })
    .returning('id');
  return row.id as string;
}

/** The zip is built: the agent may fetch it. False when the download is not a Connect one. */
export async function markConnectDownloadReady(
  knex: Knex,
  accountId: string,
  shortKey: string,
  objectKey: string,
): Promise<boolean> {
  const n = await knex('connect_downloads')
    .where({ account_id: accountId, short_key: shortKey, status: 'queued' })
    .update({ status: 'ready', object_key: objectKey, updated_at: knex.fn.now() });
  return n > 0;
}

export async function failConnectDownload(knex: Knex, accountId: string, shortKey: string, error: string): Promise<void> {
  await knex('connect_downloads')
    .where({ account_id: accountId, short_key: shortKey })
    .whereIn('status', ['queued', 'ready'])
    .update({ status: 'failed', error: error.slice(0, 500), updated_at: knex.fn.now() });
}

/** The latest requests for a study, for the person who asked (status in the dialog). */
/**
 * The study's latest requests. The clinic folder and the agent's raw error are shown only to
 * who requested it or an administrator (`seesDetails`); everyone else who sees the study gets
 * the status.
 */
export async function listConnectDownloads(
  knex: Knex,
  accountId: string,
  studyId: string,
  seesDetails: (requestedBy: string | null) => boolean,
): Promise<ConnectDownloadRequest[]> {
  const rows = await knex('connect_downloads')
    .where({ account_id: accountId })
    .whereRaw('? = ANY(study_ids)', [studyId])
    .orderBy('created_at', 'desc')
    .limit(10);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    fullPath: seesDetails(r.requested_by) ? r.full_path : null,
    files: r.files,
    error: seesDetails(r.requested_by) ? r.error : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** The agent's poll: it is alive now; answers what it should fetch (ready, or a fetch it dropped). */
export async function pollConnectDownloads(knex: Knex, connect: { id: string; accountId: string }): Promise<AgentDownload[]> {
  await knex('connects').where({ id: connect.id, account_id: connect.accountId }).update({ last_seen_at: knex.fn.now() });
  const rows = await knex('connect_downloads')
    .where({ connect_id: connect.id, account_id: connect.accountId })
    .whereIn('status', ['ready', 'delivering'])
    .orderBy('created_at')
    .limit(20)
    .select('id', 'full_path');
  return rows.map((r) => ({ id: r.id as string, fullPath: r.full_path as string }));
}

/** The zip of one of this agent's requests; marks it being delivered. */
export async function claimConnectDownload(
  knex: Knex,
  connect: { id: string; accountId: string },
  id: string,
): Promise<string | null> {
  const [row] = await knex('connect_downloads')
    .where({ id, connect_id: connect.id, account_id: connect.accountId })
    .whereIn('status', ['ready', 'delivering'])
    .update({ status: 'delivering', updated_at: knex.fn.now() })
    .returning('object_key');
  return (row?.object_key as string | undefined) ?? null;
}

/** The agent's result of one of its requests; false when it is not (or no longer) awaited. */
export async function finishConnectDownload(
  knex: Knex,
  connect: { id: string; accountId: string },
  id: string,
  result: ConnectDownloadResult,
): Promise<boolean> {
  // A success follows the zip's fetch; a failure may come before it (the agent refuses a
  // folder outside its DOWNLOAD_ROOT without fetching anything).
  const n = await knex('connect_downloads')
    .where({ id, connect_id: connect.id, account_id: connect.accountId })
    .whereIn('status', result.ok ? ['delivering'] : ['ready', 'delivering'])
    .update(
      result.ok
        ? { status: 'done', files: result.files, error: null, updated_at: knex.fn.now() }
        : { status: 'failed', error: result.error, updated_at: knex.fn.now() },
    );
  return n > 0;
}
