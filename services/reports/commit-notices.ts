/**
 * A report action's answer as soon as its commit activity has done its work (ADR 042). Once the
 * projection is committed and the live document published, the activity sends a Postgres NOTIFY
 * carrying the Update's id and the record it projected; every api replica LISTENs on its own
 * connection. The api answers with that record — the one the Update returns — instead of
 * waiting for the workflow task that completes the Update, which still runs and still decides
 * every failure (a refusal, an unavailable server: no notice comes, the Update's outcome
 * answers). So an answer still comes after its projection (read-your-writes) and after its live
 * document, as before.
 *
 * Nothing depends on a notice arriving: a lost listener connection, a record too large for a
 * NOTIFY, PGlite (one process, no second connection) all answer from the Update, as before.
 */
import type { Logger } from 'pino';
import { NOTIFY_MAX_BYTES, listenPostgres } from '../../db/listen';
import type { LaudoRecord } from '../../workflows/laudo/messages';

export const LAUDO_COMMITTED_CHANNEL = 'laudos_laudo_committed';

/**
 * The notice of an Update's commit (channel and payload `updateId|record JSON`), or null when it
 * would not fit (no notice). The commit activity sends it with its last live document
 * (`publishStudyDocuments`' notice), delivered when that document's transaction commits.
 */
export function commitNotice(updateId: string | null, record: LaudoRecord): { channel: string; payload: string } | null {
  if (!updateId) return null;
  const payload = `${updateId}|${JSON.stringify(record)}`;
  return Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES ? { channel: LAUDO_COMMITTED_CHANNEL, payload } : null;
}

export interface CommitWait {
  /** The projected record, once its commit is heard (never rejects; may never resolve). */
  committed: Promise<LaudoRecord>;
  /** Stops waiting (always call it: the waiter is removed). */
  cancel(): void;
}

export interface CommitNotices {
  /** Waits for the commit of `updateId`'s transition; register before sending the Update. */
  waitFor(updateId: string): CommitWait;
  /** An Update outcome still on its way after its answer: close() waits for it (it never rejects). */
  track(outcome: Promise<void>): void;
  /** Stops listening, once the outcomes tracked have arrived (each is bounded by its action's timeout). */
  close(): Promise<void>;
}

/**
 * Listens on `databaseUrl` (reconnecting after a lost connection). Waiters are per process;
 * notices of Updates nobody here waits for cost a map lookup.
 */
export async function listenCommitNotices(opts: { databaseUrl: string; logger: Logger }): Promise<CommitNotices> {
  const waiters = new Map<string, Set<(record: LaudoRecord) => void>>();
  const outcomes = new Set<Promise<void>>();
  const heard = (payload: string | undefined) => {
    if (!payload) return;
    const bar = payload.indexOf('|');
    const set = bar > 0 ? waiters.get(payload.slice(0, bar)) : undefined;
    if (!set) return;
    let record: LaudoRecord;
    try {
      record = JSON.parse(payload.slice(bar + 1)) as LaudoRecord;
    } catch {
      return;
    }
    for (const resolve of set) resolve(record);
  };
  const listening = await listenPostgres({
    databaseUrl: opts.databaseUrl,
    channels: [LAUDO_COMMITTED_CHANNEL],
    logger: opts.logger,
    name: 'report commit listener',
    onNotification: (_channel, payload) => heard(payload),
  });

  return {
    waitFor(updateId) {
      let resolve!: (record: LaudoRecord) => void;
      const committed = new Promise<LaudoRecord>((r) => (resolve = r));
      let set = waiters.get(updateId);
      if (!set) waiters.set(updateId, (set = new Set()));
      set.add(resolve);
      return {
        committed,
        cancel() {
          set.delete(resolve);
          if (set.size === 0 && waiters.get(updateId) === set) waiters.delete(updateId);
        },
      };
    },
    track(outcome) {
      outcomes.add(outcome);
      void outcome.then(() => outcomes.delete(outcome));
    },
    async close() {
      await Promise.all(outcomes);
      await listening.close();
    },
  };
}
