import type { Middleware } from 'koa';
import { AppError } from '../../domain/errors';

/**
 * A fixed-window limiter per client address, in memory (per api process). It runs before
 * the password hash is checked, so a flood of logins cannot tie up the CPU with argon2.
 */
export function rateLimit(opts: { windowMs: number; max: number }): Middleware {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return async (ctx, next) => {
    const now = Date.now();
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    const entry = hits.get(ctx.ip);
    if (!entry || entry.resetAt <= now) hits.set(ctx.ip, { count: 1, resetAt: now + opts.windowMs });
    else if (++entry.count > opts.max) {
      ctx.set('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new AppError('RATE_LIMITED');
    }
    await next();
  };
}
