import type { Middleware } from 'koa';
import { AppError } from '../../domain/errors';

/** Fixed-window counters by key, in memory (per api process). */
export class WindowCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly opts: { windowMs: number; max: number }) {}

  /** Counts one for `key`; false (not counted) once the window holds `max`. */
  take(key: string, now = Date.now()): boolean {
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.opts.windowMs });
      return true;
    }
    if (entry.count >= this.opts.max) return false;
    entry.count++;
    return true;
  }

  /** Takes back one count of `key` (a success that should not use up the allowance). */
  giveBack(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  /** Seconds until `key`'s window ends. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return entry ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 1;
  }
}

/**
 * A fixed-window limiter per client address (`ctx.ip`, see forwarded.ts). It runs before
 * the password hash is checked, so a flood of logins cannot tie up the CPU with argon2.
 */
export function rateLimit(opts: { windowMs: number; max: number }): Middleware {
  const counter = new WindowCounter(opts);
  return async (ctx, next) => {
    if (!counter.take(ctx.ip)) {
      ctx.set('Retry-After', String(counter.retryAfter(ctx.ip)));
      throw new AppError('RATE_LIMITED');
    }
    await next();
  };
}
