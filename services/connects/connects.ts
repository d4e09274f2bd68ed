/**
 * Connects of an account: the agent's row (its DICOM settings), its keys — answered once,
 * kept as their sha256, rotated or revoked one by one — and its connections with their DICOM
 * tag mapping. `connectOfKey` is how the agent's calls (STOW-RS, downloads) are recognised.
 */
import type { Knex } from 'knex';
import { type z } from 'zod';
import { inTransaction } from '../../db/transaction';
import {
  ConnectBody,
  type ConnectionView,
  type ConnectKeyView,
  type ConnectView,
  type TagMapping,
} from '../../domain/connect/connect-admin';
import { newToken, hashToken } from '../tokens';

/** A Connect key: shown once, stored only as its hash. */
export function newConnectKey(): string {
  return `lcn_${newToken()}`;
}

/** The active Connect a key (not revoked) belongs to, or undefined. */
export async function connectOfKey(
  knex: Knex,
  key: string,
): Promise<
  | { id: string; account_id: string; institution_id: string; connection_id: string | null; tag_mapping: TagMapping[] | null }
  | undefined
> {
  // Its default connection too: a study sent with the key comes through it (its tag mapping).
  return knex('connect_keys as k')
    .join('connects as c', 'c.id', 'k.connect_id')
    .leftJoin('connect_connections as cc', function () {
      this.on('cc.connect_id', 'c.id').andOn('cc.is_default', knex.raw('true'));
    })
    .where({ 'k.key_hash': hashToken(key), 'c.active': true })
    .whereNull('k.revoked_at')
    .first('c.id', 'c.account_id', 'c.institution_id', 'cc.id as connection_id', 'cc.tag_mapping');
}

/** A new key for the Connect (the caller checked the Connect is the account's). */
export async function addConnectKey(
  knex: Knex,
  accountId: string,
  connectId: string,
  createdBy: string | null,
): Promise<{ key: string; view: ConnectKeyView }> {
  const key = newConnectKey();
  const [row] = await knex('connect_keys')
    .insert({
      account_id: accountId,
      connect_id: connectId,
      key_hash: hashToken(key),
      hint: key.slice(-4),
      created_by: createdBy,
    })
    .returning(['id', 'hint', 'created_at', 'revoked_at']);
  return { key, view: keyView(row) };
}

/** A Connect with its default connection and its first key (answered once, kept hashed). */
export async function createConnect(
  knex: Knex,
  accountId: string,
  input: ConnectBody,
  createdBy: string | null,
): Promise<{
  connect: { id: string; name: string; institutionId: string; aeTitle: string | null; active: boolean };
  key: string;
}> {
  const body = ConnectBody.parse(input);
  return inTransaction(knex, async (trx) => {
    const [row] = await trx('connects')
      .insert({ account_id: accountId, ...connectColumns(body), created_by: createdBy })
      .returning('*');
    await trx('connect_connections').insert({ account_id: accountId, connect_id: row.id, name: 'Padrão', is_default: true });
    const { key } = await addConnectKey(trx, accountId, row.id, createdBy);
    return {
      connect: { id: row.id, name: row.name, institutionId: row.institution_id, aeTitle: row.ae_title, active: row.active },
      key,
    };
  });
}

/** The table's columns of a ConnectBody. */
export function connectColumns(b: z.output<typeof ConnectBody>) {
  return {
    name: b.name,
    institution_id: b.institutionId,
    active: b.active,
    ae_title: b.aeTitle,
    store_port: b.storePort,
    worklist_port: b.worklistPort,
    query_retrieve_port: b.queryRetrievePort,
    import_folder: b.importFolder || null,
    download_folder: b.downloadFolder || null,
    upload_interval_seconds: b.uploadIntervalSeconds,
    poll_interval_seconds: b.pollIntervalSeconds,
    retention_days: b.retentionDays,
  };
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function keyView(r: Record<string, any>): ConnectKeyView {
  return { id: r.id, hint: r.hint, createdAt: iso(r.created_at)!, revokedAt: iso(r.revoked_at) };
}

/** The account's Connects (or one), with status, keys and connections. */
export async function listConnects(knex: Knex, accountId: string, id?: string): Promise<ConnectView[]> {
  const qb = knex('connects as c')
    .leftJoin('institutions as i', 'i.id', 'c.institution_id')
    .where('c.account_id', accountId)
    .orderBy('c.created_at')
    .select(
      'c.*',
      'i.name as institution_name',
      knex.raw('(SELECT max(s.created_at) FROM studies s WHERE s.connect_id = c.id) AS last_study_at'),
    );
  if (id) void qb.where('c.id', id);
  const rows: Record<string, any>[] = await qb;
  const ids = rows.map((r) => r.id as string);
  const [keys, connections] = await Promise.all([
    knex('connect_keys').whereIn('connect_id', ids).orderBy('created_at').select('*'),
    knex('connect_connections')
      .whereIn('connect_id', ids)
      .orderBy([{ column: 'is_default', order: 'desc' }, 'name'])
      .select('*'),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    institutionId: r.institution_id,
    institutionName: r.institution_name ?? null,
    aeTitle: r.ae_title,
    active: r.active,
    storePort: r.store_port,
    worklistPort: r.worklist_port,
    queryRetrievePort: r.query_retrieve_port,
    importFolder: r.import_folder,
    downloadFolder: r.download_folder,
    uploadIntervalSeconds: r.upload_interval_seconds,
    pollIntervalSeconds: r.poll_interval_seconds,
    retentionDays: r.retention_days,
    lastSeenAt: iso(r.last_seen_at),
    lastStudyAt: iso(r.last_study_at),
    keys: keys.filter((k) => k.connect_id === r.id).map(keyView),
    connections: connections.filter((c) => c.connect_id === r.id).map(connectionView),
    createdAt: iso(r.created_at)!,
  }));
}

export function connectionView(r: Record<string, any>): ConnectionView {
  return { id: r.id, name: r.name, isDefault: r.is_default, tagMapping: r.tag_mapping };
}
