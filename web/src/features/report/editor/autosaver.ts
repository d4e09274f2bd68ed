/**
 * Draft autosave (spec 2 §4): on change, debounced 1 second, and at least every 3 s while
 * typing goes on (issue 23); one request at a time; a failed save is retried with back-off
 * (and at once when the network returns) until it succeeds, always with the latest text.
 * Every save names the draft revision it was typed on: the server refuses a stale one
 * (DRAFT_CONFLICT) and the saver stops in 'conflict' until the user chooses a text.
 * The local copy is written within LOCAL_COPY_MS of each change. Framework-free (timers
 * only): the React hook wraps it and jest drives it with fake timers.
 */
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from '../../../lib/errors';
import { AUTOSAVE_BACKOFF_MS, AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_MAX_WAIT_MS, LOCAL_COPY_MS } from './limits';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'offline' | 'conflict';

export const DRAFT_CONFLICT = 'DRAFT_CONFLICT';

export interface AutosaverOptions {
  /** Sends the text typed on `revision`; resolves with the server's new revision, rejects on failure. */
  save: (content: string, revision: number) => Promise<number>;
  /** The server revision the editor opened on. */
  revision?: number;
  /** Called with every status change. */
  onStatus?: (status: SaveStatus) => void;
  /** Called on the first failure of a run of failures while online (the error toast, the error tracker). */
  onFailure?: (err: unknown) => void;
  /** The server holds another revision: the text that was refused. */
  onConflict?: (content: string) => void;
  /** Called with the latest text (the local copy): `synced` when the server acknowledged it. */
  onContent?: (content: string, synced: boolean, revision: number) => void;
  /** Whether the browser says it is online (navigator.onLine). */
  isOnline?: () => boolean;
  debounceMs?: number;
  maxWaitMs?: number;
  localMs?: number;
  backoffMs?: readonly number[];
}

/** Whether retrying can help: network, timeouts, server errors, rate limits. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.code === NETWORK_ERROR || err.code === UNKNOWN_ERROR || err.code === 'RATE_LIMITED') return true;
  return err.status === null || err.status >= 500 || err.status === 408 || err.status === 429;
}

type Timer = ReturnType<typeof setTimeout>;

export class DraftAutosaver {
  private readonly opts: AutosaverOptions & {
    debounceMs: number;
    maxWaitMs: number;
    localMs: number;
    backoffMs: readonly number[];
  };
  private read: (() => string) | null = null;
  private lastSent: string | null = null;
  private timer: Timer | null = null;
  private localTimer: Timer | null = null;
  /** The local copy is in step with the server (acknowledged, sent, or none yet): the next change is written at once. */
  private localSynced = true;
  /** When the oldest change not yet sent was made (the max-wait clock). */
  private pendingSince: number | null = null;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private disposed = false;
  private current: SaveStatus = 'idle';
  private rev: number;

  constructor(options: AutosaverOptions) {
    this.opts = {
      debounceMs: AUTOSAVE_DEBOUNCE_MS,
      maxWaitMs: AUTOSAVE_MAX_WAIT_MS,
      localMs: LOCAL_COPY_MS,
      backoffMs: AUTOSAVE_BACKOFF_MS,
      ...options,
    };
    this.rev = options.revision ?? 0;
  }

  get status(): SaveStatus {
    return this.current;
  }

  /** The server revision the next save is typed on. */
  get revision(): number {
    return this.rev;
  }

  /** Text that was typed and not yet acknowledged by the server (or a save on its way). */
  get dirty(): boolean {
    return this.read !== null || this.inFlight !== null;
  }

  /** The text changed; `read` gives it when the save runs (so typing never serialises the document). */
  change(read: () => string): void {
    if (this.disposed) return;
    this.read = read;
    this.pendingSince ??= Date.now();
    if (this.localSynced) this.keepLocal(read(), false);
    else this.scheduleLocal();
    if (this.current === 'conflict') return; // nothing is sent until the user chooses
    if (this.current !== 'error' && this.current !== 'offline') this.setStatus('pending');
    if (this.current === 'offline') return; // the `online` event sends it
    this.schedule(Math.min(this.opts.debounceMs, this.untilMaxWait()));
  }

  /** Save now (Ctrl+S, the network is back); resolves when the latest text is saved or the attempt failed. */
  async flush(): Promise<void> {
    if (this.disposed || this.current === 'conflict') return;
    this.clearTimer();
    if (this.inFlight) await this.inFlight;
    if (this.read) await this.run();
  }

  /**
   * The user chose after a conflict: go on from the server's `revision`. `resend` true sends
   * the editor's text (kept mine); false adopts the server's text as acknowledged.
   */
  resolve(revision: number, read: () => string, resend: boolean): void {
    if (this.disposed) return;
    this.rev = revision;
    this.failures = 0;
    this.setStatus(resend ? 'pending' : 'saved');
    if (resend) {
      this.lastSent = null;
      this.read = read;
      this.pendingSince = Date.now();
      this.scheduleLocal();
      this.schedule(0);
    } else {
      this.read = null;
      this.pendingSince = null;
      this.lastSent = read();
      this.keepLocal(this.lastSent, true);
    }
  }

  /** Another tab saved over the text this one is typing: nothing is sent until the user chooses. */
  hold(): void {
    if (this.disposed) return;
    this.clearTimer();
    this.setStatus('conflict');
  }

  /** The latest text now, for the local copy on page hide; null when nothing is pending. */
  peek(): string | null {
    return this.read ? this.read() : null;
  }

  /** The browser went offline or came back. */
  setOnline(online: boolean): void {
    if (this.disposed || this.current === 'conflict') return;
    if (!online) {
      if (this.dirty) this.setStatus('offline');
      return;
    }
    if (this.current === 'offline' || this.current === 'error') {
      this.failures = 0;
      if (this.read) {
        this.setStatus('pending');
        this.schedule(0);
      } else if (!this.inFlight) this.setStatus('saved');
    }
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    if (this.localTimer !== null) clearTimeout(this.localTimer);
    this.localTimer = null;
  }

  private online(): boolean {
    return this.opts.isOnline ? this.opts.isOnline() : true;
  }

  private untilMaxWait(): number {
    if (this.pendingSince === null) return this.opts.maxWaitMs;
    return Math.max(0, this.pendingSince + this.opts.maxWaitMs - Date.now());
  }

  /** Throttled, not debounced: steady typing still writes the local copy every `localMs`. */
  private scheduleLocal(): void {
    if (this.localTimer !== null || !this.opts.onContent) return;
    this.localTimer = setTimeout(() => {
      this.localTimer = null;
      if (!this.disposed && this.read) this.keepLocal(this.read(), false);
    }, this.opts.localMs);
  }

  private keepLocal(content: string, synced: boolean): void {
    this.localSynced = synced;
    this.opts.onContent?.(content, synced, this.rev);
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(s: SaveStatus): void {
    if (s === this.current) return;
    this.current = s;
    this.opts.onStatus?.(s);
  }

  private run(): Promise<void> {
    if (this.disposed || !this.read || this.current === 'conflict') return Promise.resolve();
    if (this.inFlight) {
      // a change arrived while saving: save again once this one ends
      return this.inFlight.then(() => this.run());
    }
    const read = this.read;
    const content = read();
    this.keepLocal(content, false);
    // the copy on disk is what goes to the server: the next key is written at once, so a
    // crash while this save is on the wire leaves the copy ahead of the server
    this.localSynced = true;
    if (content === this.lastSent) {
      this.read = null;
      this.pendingSince = null;
      this.setStatus('saved');
      return Promise.resolve();
    }
    if (!this.online()) {
      this.setStatus('offline');
      return Promise.resolve();
    }
    this.setStatus('saving');
    this.pendingSince = null;
    const attempt = this.opts
      .save(content, this.rev)
      .then((revision) => {
        this.failures = 0;
        this.lastSent = content;
        this.rev = revision;
        // another tab's save was announced meanwhile: the user's choice decides what comes next
        if (this.current === 'conflict') return;
        if (this.read === read && read() === content) {
          this.read = null;
          this.keepLocal(content, true);
          this.setStatus('saved');
        } else if (!this.disposed) {
          this.pendingSince ??= Date.now();
          this.setStatus('pending');
          if (this.timer === null) this.schedule(Math.min(this.opts.debounceMs, this.untilMaxWait()));
        }
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === DRAFT_CONFLICT) {
          this.clearTimer();
          this.setStatus('conflict');
          this.opts.onConflict?.(this.read ? this.read() : content);
          return;
        }
        this.pendingSince ??= Date.now();
        if (!this.online()) {
          // offline is a state, not an error: the `online` event retries
          this.setStatus('offline');
          return;
        }
        this.failures += 1;
        if (this.failures === 1) this.opts.onFailure?.(err);
        this.setStatus('error');
        if (this.disposed || !isRetryable(err)) return;
        const waits = this.opts.backoffMs;
        const wait = waits[Math.min(this.failures - 1, waits.length - 1)] ?? this.opts.debounceMs;
        if (this.timer === null) this.schedule(wait);
      })
      .finally(() => {
        this.inFlight = null;
      });
    this.inFlight = attempt;
    return attempt;
  }
}
