/**
 * The worker's liveness for its container healthcheck: while the worker runs and Temporal
 * answers, a file is touched every interval; a stale file means a stuck or cut-off worker.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A beat older than this many intervals is stale (one missed beat is tolerated). */
export const STALE_AFTER_INTERVALS = 3;

export interface HeartbeatOptions {
  file: string;
  intervalMs: number;
  /** True when the worker is running and connected; a throw counts as false. */
  alive: () => Promise<boolean>;
  onError?: (err: Error) => void;
}

/** Beats once at once, then every interval; returns the stop function (which removes the file). */
export function startHeartbeat(opts: HeartbeatOptions): () => void {
  fs.mkdirSync(path.dirname(opts.file), { recursive: true });
  let stopped = false;
  const beat = async () => {
    const ok = await opts.alive().catch(() => false);
    if (!ok || stopped) return;
    try {
      fs.writeFileSync(opts.file, new Date().toISOString());
    } catch (err) {
      opts.onError?.(err as Error);
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), opts.intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    fs.rmSync(opts.file, { force: true });
  };
}

/** Whether the heartbeat file was written within STALE_AFTER_INTERVALS intervals. */
export function heartbeatFresh(file: string, intervalMs: number, now = Date.now()): boolean {
  try {
    return now - fs.statSync(file).mtimeMs <= STALE_AFTER_INTERVALS * intervalMs;
  } catch {
    return false;
  }
}
