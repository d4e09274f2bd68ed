/**
 * The uploader loop: sends spooled instances to the platform by STOW-RS and deletes each one
 * only when the platform confirmed its SOPInstanceUID. Outages (network, 5xx, 429, 401…) are
 * waited out with exponential back-off + jitter and never cost an instance anything; an
 * instance the platform refuses for good goes to rejected/ with its reason; one refused for
 * the platform's own trouble (out of resources) is retried on its own back-off without limit,
 * one refused for an unknown reason up to RETRY_MAX_INSTANCE_ATTEMPTS times.
 */
import type { Logger } from 'pino';
import type { Spool, SpoolEntry } from '../spool/spool';
import type { AgentStats } from '../status/stats';
import { backoffDelay, type BackoffPolicy } from './backoff';
import { type BatchLimits, type InstanceRetry, pickBatch } from './batch';
import { multipartRelated } from './multipart';
import { postStow, stowUrl } from './stow-client';
import { classifyFailure, parseStowResponse, type StowOutcome } from './stow-response';

export interface UploaderOptions {
  platformUrl: string;
  connectKey: string;
  limits: BatchLimits;
  backoff: BackoffPolicy;
  maxInstanceAttempts: number;
  timeoutMs: number;
  /**
   * While a modality is still sending, wait up to this long for a batch to fill before sending
   * a partial one (fewer, fuller STOW-RS requests; at most this much added latency).
   */
  lingerMs: number;
  /** Longest idle wait before looking at the spool again (new files also wake the loop). */
  idlePollMs?: number;
}

const hex = (n: number | undefined) => (n === undefined ? 'none' : `0x${n.toString(16).toUpperCase().padStart(4, '0')}`);

export class Uploader {
  private readonly url: URL;
  private readonly retries = new Map<string, InstanceRetry>();
  private queue: SpoolEntry[] = [];
  private consecutiveOutages = 0;
  private stopping = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private inFlight: AbortController | null = null;
  private lastArrival = 0;
  private lingerStart: number | null = null;

  constructor(
    private readonly spool: Spool,
    private readonly options: UploaderOptions,
    private readonly stats: AgentStats,
    private readonly logger: Logger,
  ) {
    this.url = stowUrl(options.platformUrl);
  }

  start(): void {
    this.loop ??= this.run().catch((err: unknown) => {
      // run() catches every step's failure; reaching here is a bug: say so loudly.
      this.logger.fatal({ err }, 'uploader stopped');
      throw err;
    });
  }

  /** A new instance is in the spool: stop idling. */
  nudge(): void {
    this.lastArrival = Date.now();
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.inFlight?.abort();
    this.wake?.();
    await this.loop?.catch(() => undefined);
  }

  private sleep(ms: number, wakeOnNudge: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // An outage wait is only cut short by stop(); an idle wait also by a new instance.
      this.wake = wakeOnNudge ? done : () => void (this.stopping && done());
    });
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.step();
      } catch (err) {
        // Spool I/O trouble (disk full, permissions): keep the process up and try again later.
        this.consecutiveOutages++;
        this.noteError(`spool: ${(err as Error).message}`);
        this.logger.error({ err }, 'uploader step failed: will retry');
        this.queue = [];
        await this.sleep(backoffDelay(this.consecutiveOutages, this.options.backoff), false);
      }
    }
  }

  /** One pass: pick a batch (or idle), send it, apply the answer. */
  private async step(): Promise<void> {
    let batch = pickBatch(this.queue, this.options.limits, this.retries, Date.now());
    if (batch.length === 0) {
      this.queue = await this.spool.list();
      batch = pickBatch(this.queue, this.options.limits, this.retries, Date.now());
    }
    if (batch.length === 0) {
      // (a loop, not Math.min(...spread): the queue may hold more entries than a call has arguments)
      let next = Date.now() + (this.options.idlePollMs ?? 5000);
      for (const e of this.queue) next = Math.min(next, this.retries.get(e.sopInstanceUid)?.notBefore ?? Infinity);
      await this.sleep(Math.max(10, next - Date.now()), true);
      return;
    }
    if (await this.lingerForMore(batch)) return;
    const outcome = await this.send(batch);
    if (this.stopping && outcome.kind === 'outage') return;
    await this.apply(batch, outcome);
  }

  /** True when it waited for a partial batch to fill (the caller picks again). At most once per batch. */
  private async lingerForMore(batch: SpoolEntry[]): Promise<boolean> {
    const now = Date.now();
    const partial =
      batch.length < this.options.limits.maxCount && batch.reduce((n, e) => n + e.size, 0) < this.options.limits.maxBytes;
    if (partial && now - this.lastArrival < this.options.lingerMs) {
      this.lingerStart ??= now;
      const left = this.lingerStart + this.options.lingerMs - now;
      if (left > 0) {
        await this.sleep(left, false);
        this.queue = []; // list again: the new arrivals join this batch
        return true;
      }
    }
    this.lingerStart = null;
    return false;
  }

  private async send(batch: SpoolEntry[]): Promise<StowOutcome> {
    const body = multipartRelated(batch.map((e) => ({ body: { path: e.path, size: e.size } })));
    this.stats.requests++;
    this.inFlight = new AbortController();
    try {
      const answer = await postStow(this.url, this.options.connectKey, body, this.options.timeoutMs, this.inFlight.signal);
      return parseStowResponse(answer.status, answer.body);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return { kind: 'outage', reason: e.code ? `${e.code}: ${e.message}` : e.message };
    } finally {
      this.inFlight = null;
    }
  }

  private noteError(message: string): void {
    this.stats.lastError = { message, at: new Date().toISOString() };
  }

  private dropFromQueue(uids: Set<string>): void {
    this.queue = this.queue.filter((e) => !uids.has(e.sopInstanceUid));
  }

  private async confirmed(entry: SpoolEntry): Promise<void> {
    await this.spool.remove(entry);
    this.retries.delete(entry.sopInstanceUid);
    this.stats.sent++;
    this.stats.lastSentAt = new Date().toISOString();
  }

  private async rejected(
    entry: SpoolEntry,
    reason: string,
    details: { failureReason?: number; httpStatus?: number },
  ): Promise<void> {
    await this.spool.reject(entry, { reason, ...details });
    this.retries.delete(entry.sopInstanceUid);
    this.stats.failed++;
    this.noteError(`${entry.sopInstanceUid} rejected: ${reason}`);
    this.logger.warn(
      { sopInstanceUid: entry.sopInstanceUid, reason, ...details },
      'instance rejected by the platform: moved to rejected/',
    );
  }

  /**
   * A per-instance refusal that may pass: wait its own back-off. A `limited` one (unknown
   * reason) gives up after RETRY_MAX_INSTANCE_ATTEMPTS; the platform's own trouble (out of
   * resources) is waited out like an outage. Answers whether the instance stays queued.
   */
  private async retryLater(
    entry: SpoolEntry,
    reason: string,
    details: { failureReason?: number; httpStatus?: number },
    limited: boolean,
  ): Promise<boolean> {
    const retry = this.retries.get(entry.sopInstanceUid) ?? { attempts: 0, notBefore: 0, solo: false };
    retry.attempts++;
    if (limited && retry.attempts >= this.options.maxInstanceAttempts) {
      await this.rejected(entry, `${reason} (gave up after ${retry.attempts} attempts)`, details);
      return false;
    }
    retry.notBefore = Date.now() + backoffDelay(retry.attempts, this.options.backoff);
    this.retries.set(entry.sopInstanceUid, retry);
    this.noteError(`${entry.sopInstanceUid}: ${reason}`);
    return true;
  }

  private async apply(batch: SpoolEntry[], outcome: StowOutcome): Promise<void> {
    const done = new Set(batch.map((e) => e.sopInstanceUid));
    switch (outcome.kind) {
      case 'stored':
        for (const entry of batch) await this.confirmed(entry);
        break;
      case 'per-instance': {
        const failed = new Map(outcome.failed.map((f) => [f.sopInstanceUid, f.failureReason]));
        const stored = outcome.stored && new Set(outcome.stored);
        for (const entry of batch) {
          const uid = entry.sopInstanceUid;
          if (failed.has(uid)) {
            const failureReason = failed.get(uid);
            const details = { failureReason, httpStatus: outcome.httpStatus };
            const klass = classifyFailure(failureReason);
            if (klass === 'already-stored') await this.confirmed(entry);
            else if (klass === 'permanent')
              await this.rejected(entry, `refused by the platform, FailureReason ${hex(failureReason)}`, details);
            else if (
              await this.retryLater(entry, `refused for now, FailureReason ${hex(failureReason)}`, details, klass === 'unknown')
            )
              done.delete(uid);
          } else if (stored === null ? outcome.httpStatus === 202 : stored.has(uid)) {
            await this.confirmed(entry);
          } else if (
            await this.retryLater(
              entry,
              `not confirmed by the platform (HTTP ${outcome.httpStatus})`,
              {
                httpStatus: outcome.httpStatus,
              },
              true,
            )
          ) {
            done.delete(uid);
          }
        }
        this.logger.info(
          { httpStatus: outcome.httpStatus, instances: batch.length, failed: outcome.failed.length },
          'STOW-RS partly stored',
        );
        break;
      }
      case 'request-refused':
        if (batch.length > 1) {
          // One bad instance may spoil the request: send each alone to find it.
          for (const entry of batch) {
            const retry = this.retries.get(entry.sopInstanceUid) ?? { attempts: 0, notBefore: 0, solo: true };
            retry.solo = true;
            this.retries.set(entry.sopInstanceUid, retry);
          }
          done.clear();
          this.logger.info(
            { httpStatus: outcome.httpStatus, instances: batch.length, reason: outcome.reason },
            'STOW-RS request refused: sending one by one',
          );
        } else if (outcome.httpStatus === 413) {
          // Too large alone: that will not change.
          await this.rejected(batch[0]!, outcome.reason, { httpStatus: outcome.httpStatus });
        } else if (await this.retryLater(batch[0]!, outcome.reason, { httpStatus: outcome.httpStatus }, true)) {
          // 400 on a single instance: the contract reports bad instances per instance, so this may
          // be a platform-side problem; retried a bounded number of times before rejected/.
          done.clear();
        }
        break;
      case 'outage': {
        this.consecutiveOutages++;
        this.stats.outages++;
        const delay = backoffDelay(this.consecutiveOutages, this.options.backoff);
        this.noteError(outcome.reason);
        this.stats.retryAt = new Date(Date.now() + delay).toISOString();
        this.logger[outcome.httpStatus === 401 || outcome.httpStatus === 403 ? 'error' : 'warn'](
          { reason: outcome.reason, httpStatus: outcome.httpStatus, retryInMs: delay, queued: this.queue.length },
          'platform unavailable: will retry',
        );
        await this.sleep(delay, false);
        this.stats.retryAt = null;
        // The batch stays in the spool; list again so the retry also carries what arrived meanwhile.
        this.queue = [];
        return;
      }
      default: {
        const never: never = outcome;
        throw new Error(`unknown outcome ${JSON.stringify(never)}`);
      }
    }
    this.consecutiveOutages = 0;
    this.dropFromQueue(done);
  }
}
