/**
 * Sends the ingest workflow's signals owed by the outbox (decision 027). Storing instances
 * writes a row `study_ingest_signals` in the same transaction (addCounts); the STOW answer
 * goes out then, and the signal-with-start follows, off the request path: `send` signals one
 * study and deletes its row only if no write came since it was read (`version`). A process that
 * died in between, or a Temporal outage, leaves the row: `replay` (at start and every few
 * seconds) sends the rows older than a moment. A signal sent twice is harmless — the workflow
 * only restarts its quiet timer.
 */
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { coalescePerKey } from './coalesce';
import { signalInstanceStored } from './ingest-signal';

/** A row this old is no longer being sent by its request: the sweep takes it. */
const REPLAY_AFTER_MS = 5_000;
const SWEEP_EVERY_MS = 5_000;

interface OwedRow {
  study_id: string;
  account_id: string;
  study_instance_uid: string;
  instances: number;
  version: string;
}

export interface SignalOutbox {
  /** Signals the study's workflow for the instances its row owes (resolves even on failure: the row stays). */
  send(studyId: string): Promise<void>;
  /** Sends every row older than `olderThanMs` (default: a few seconds); resolves with how many were signalled. */
  replay(olderThanMs?: number): Promise<number>;
  /** Replays at once, then every few seconds until the returned stop is called. */
  startSweep(): () => void;
  /** Waits for the sends and the sweep in flight (before the connections close). */
  drain(): Promise<void>;
}

export function signalOutbox(deps: {
  knex: Knex;
  temporal: Client;
  taskQueue: string;
  stableMs: number;
  logger: Logger;
}): SignalOutbox {
  const { knex, logger } = deps;

  const signalRow = async (row: OwedRow): Promise<void> => {
    await signalInstanceStored(deps.temporal, deps.taskQueue, deps.stableMs, {
      accountId: row.account_id,
      studyId: row.study_id,
      studyUid: row.study_instance_uid,
      instances: row.instances,
    });
    await knex('study_ingest_signals').where({ study_id: row.study_id, version: row.version }).delete();
  };

  // One send in flight per study; uploads finishing meanwhile share the next one, which
  // reads the row again (so it covers them).
  const sendOne = coalescePerKey(async (studyId: string) => {
    const row: OwedRow | undefined = await knex('study_ingest_signals').where({ study_id: studyId }).first();
    if (row) await signalRow(row);
  });

  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };

  const send = (studyId: string) =>
    track(
      sendOne(studyId, studyId).catch((err: unknown) => {
        logger.warn({ err, studyId }, 'ingest signal not sent; the outbox sweep sends it again');
      }),
    );

  const replay = async (olderThanMs = REPLAY_AFTER_MS): Promise<number> => {
    const rows: { study_id: string }[] = await knex('study_ingest_signals')
      .where('updated_at', '<=', knex.raw(`now() - ? * interval '1 millisecond'`, [olderThanMs]))
      .orderBy('updated_at')
      .limit(500)
      .select('study_id');
    let sent = 0;
    for (const r of rows) {
      try {
        await sendOne(r.study_id, r.study_id);
        sent++;
      } catch (err) {
        logger.warn({ err, studyId: r.study_id }, 'ingest signal replay failed; next sweep retries');
      }
    }
    return sent;
  };

  const startSweep = () => {
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = track(
        replay()
          .catch((err: unknown) => logger.warn({ err }, 'ingest signal sweep failed; next round retries'))
          .finally(() => (running = null)),
      );
    };
    tick();
    const timer = setInterval(tick, SWEEP_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  };

  const drain = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  return { send, replay, startSweep, drain };
}
