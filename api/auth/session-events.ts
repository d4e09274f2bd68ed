/**
 * Ended sessions told to every api replica: a browser's MQTT connection may be held by another
 * replica than the one that ended its session. The notice is a Postgres NOTIFY sent in the
 * transaction that revokes the sessions, so replicas hear of it only once it commits; each
 * replica LISTENs on its own connection and closes its clients of those sessions. Changed access
 * (roles, shifts, grants) goes the same way on a second channel: each replica checks its clients'
 * subscriptions again. The embedded PGlite runs a single process: there the local action is all
 * there is.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { onPostgresServer } from '../../db/connection';
import { type Listening, listenPostgres, notify } from '../../db/listen';

export const SESSION_ENDED_CHANNEL = 'laudos_session_ended';
export const ACCESS_CHANGED_CHANNEL = 'laudos_access_changed';
/** Session ids per notice: 150 × 37 bytes stay under NOTIFY_MAX_BYTES (db/listen.ts). */
const IDS_PER_NOTICE = 150;


/** Tells the other replicas (`from`: this one, which closed its own clients already). */
export async function announceSessionsEnded(db: Knex | Knex.Transaction, ids: string[], from = ''): Promise<void> {
  if (!ids.length || !onPostgresServer(db)) return;
  for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
    const payload = `${from}|${ids.slice(i, i + IDS_PER_NOTICE).join(',')}`;
    await notify(db, SESSION_ENDED_CHANNEL, payload);
  }
}

/**
 * A change of access: of one user (`u:<id>`) or of everyone in an account (`a:<id>`, a role or a
 * schedule edited), announced to the other replicas.
 */
export type AccessTarget = { userId: string } | { accountId: string };

export const accessTargetKey = (t: AccessTarget): string => ('userId' in t ? `u:${t.userId}` : `a:${t.accountId}`);

export function parseAccessTargetKey(key: string): AccessTarget | null {
  if (key.startsWith('u:') && key.length > 2) return { userId: key.slice(2) };
  if (key.startsWith('a:') && key.length > 2) return { accountId: key.slice(2) };
  return null;
}

export async function announceAccessChanged(db: Knex | Knex.Transaction, targets: AccessTarget[], from = ''): Promise<void> {
  if (!targets.length || !onPostgresServer(db)) return;
  const keys = targets.map(accessTargetKey);
  for (let i = 0; i < keys.length; i += IDS_PER_NOTICE) {
    await notify(db, ACCESS_CHANGED_CHANNEL, `${from}|${keys.slice(i, i + IDS_PER_NOTICE).join(',')}`);
  }
}

export type SessionEndListener = Listening;

/**
 * Listens for ended sessions announced by other replicas (`replicaId`: this one's, ignored).
 * Reconnects after a lost connection; sessions ended meanwhile are refused anyway by every
 * request and subscription (the database says revoked), only their open sockets linger.
 */
export async function listenSessionsEnded(opts: {
  databaseUrl: string;
  replicaId: string;
  logger: Logger;
  onEnded: (sessionId: string) => void;
  onAccessChanged?: (target: AccessTarget) => void;
}): Promise<SessionEndListener> {
  return listenPostgres({
    databaseUrl: opts.databaseUrl,
    channels: [SESSION_ENDED_CHANNEL, ACCESS_CHANGED_CHANNEL],
    logger: opts.logger,
    name: 'session-end listener',
    onNotification: (channel, payload) => {
      if (!payload) return;
      const [from, list = ''] = payload.split('|');
      if (from === opts.replicaId) return;
      if (channel === SESSION_ENDED_CHANNEL) for (const id of list.split(',')) if (id) opts.onEnded(id);
      if (channel === ACCESS_CHANGED_CHANNEL)
        for (const key of list.split(',')) {
          const target = parseAccessTargetKey(key);
          if (target) opts.onAccessChanged?.(target);
        }
    },
  });
}
