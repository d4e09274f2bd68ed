/**
 * Draft autosave (spec 2 §4): on change, debounced 1 second; one request at a time; a failed
 * save is retried with back-off until it succeeds, always with the latest text, so nothing
 * typed is lost while the network is down. Framework-free (timers only): the React hook
 * wraps it and jest drives it with fake timers.
 */
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from '../../../lib/errors';
import { AUTOSAVE_BACKOFF_MS, AUTOSAVE_DEBOUNCE_MS } from './limits';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface AutosaverOptions {
  /** Sends the text; rejects on failure. */
  save: (content: string) => Promise<void>;
  /** Called with every status change. */
  onStatus?: (status: SaveStatus) => void;
  /** Called on the first failure of a run of failures (the error toast, the error tracker). */
  onFailure?: (err: unknown) => void;
  /** Called with the latest text each time it is read (the local copy). */
  onContent?: (content: string, synced: boolean) => void;
  debounceMs?: number;
  backoffMs?: readonly number[];
}

/** Whether retrying can help: network, timeouts, server errors, rate limits. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.code === NETWORK_ERROR || err.code === UNKNOWN_ERROR || err.code === 'RATE_LIMITED') return true;
  return err.status === null || err.status >= 500 || err.status === 408 || err.status === 429;
}

export class DraftAutosaver {
  private readonly opts: Required<Omit<AutosaverOptions, 'onStatus' | 'onFailure' | 'onContent'>> & AutosaverOptions;
  private read: (() => string) | null = null;
  private lastSent: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private disposed = false;
  private current: SaveStatus = 'idle';

  constructor(options: AutosaverOptions) {
    this.opts = { debounceMs: AUTOSAVE_DEBOUNCE_MS, backoffMs: AUTOSAVE_BACKOFF_MS, ...options };
  }

  get status(): SaveStatus {
    return this.current;
  }

  /** Text that was typed and not yet acknowledged by the server. */
  get dirty(): boolean {
    return this.read !== null;
  }

  /** The text changed; `read` gives it when the save runs (so typing never serialises the document). */
  change(read: () => string): void {
    if (this.disposed) return;
    this.read = read;
    this.setStatus(this.current === 'error' ? 'error' : 'pending');
    this.schedule(this.opts.debounceMs);
  }

  /** Save now (Ctrl+S); resolves when the latest text is saved or the attempt failed. */
  async flush(): Promise<void> {
    if (this.disposed) return;
    this.clearTimer();
    if (this.inFlight) await this.inFlight;
    if (this.read) await this.run();
  }

  /** The latest text now, for the local copy on page hide; null when nothing is pending. */
  peek(): string | null {
    return this.read ? this.read() : null;
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
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
    if (this.disposed || !this.read) return Promise.resolve();
    if (this.inFlight) {
      // a change arrived while saving: save again once this one ends
      return this.inFlight.then(() => this.run());
    }
    const read = this.read;
    const content = read();
    this.opts.onContent?.(content, false);
    if (content === this.lastSent) {
      this.read = null;
      this.setStatus('saved');
      return Promise.resolve();
    }
    this.setStatus('saving');
    const attempt = this.opts
      .save(content)
      .then(() => {
        this.failures = 0;
        this.lastSent = content;
        if (this.read === read && read() === content) {
          this.read = null;
          this.opts.onContent?.(content, true);
          this.setStatus('saved');
        } else if (!this.disposed) {
          this.setStatus('pending');
          if (this.timer === null) this.schedule(this.opts.debounceMs);
        }
      })
      .catch((err: unknown) => {
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
