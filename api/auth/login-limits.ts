/**
 * The sign-in rate limits (issue 13): per client address on every anonymous auth call, and per
 * name (a known user's id, or the name typed) on each login attempt, both taken BEFORE any
 * argon2 hash, so a flood is refused for the price of a counter and cannot burn the CPU.
 * rate-limiter-flexible on Redis when REDIS_URL is set (every api replica shares the counts),
 * else in memory; if Redis is unreachable the memory limiter stands in (insurance) rather than
 * letting everything through or refusing everyone.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Middleware } from 'koa';
import { AppError } from '../../domain/errors';
import type { Config } from '../../config/config';

/** RATE_LIMITED with the seconds the client should wait (sent as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfter: number) {
    super('RATE_LIMITED');
  }
}

export interface LoginLimits {
  /** Counts one call from `ip`; throws RateLimitedError past LOGIN_RATE_PER_MINUTE. */
  address(ip: string): Promise<void>;
  /** Counts one attempt on `name`; throws RateLimitedError past the limit. */
  name(name: string): Promise<void>;
  /** Gives back an attempt that succeeded (only failures should use up a name's allowance). */
  giveBack(name: string): Promise<void>;
  close(): Promise<void>;
}

export function createLoginLimits(config: Pick<Config, 'LOGIN_RATE_PER_MINUTE' | 'REDIS_URL' | 'DATABASE_URL'>): LoginLimits {
  const points = config.LOGIN_RATE_PER_MINUTE;
  const memory = (keyPrefix: string) => new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  let redis: Redis | undefined;
  let make: (keyPrefix: string) => RateLimiterAbstract = memory;
  if (config.REDIS_URL) {
    const client = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    // A refused connection is retried by ioredis; meanwhile the insurance limiter answers.
    client.on('error', () => undefined);
    redis = client;
    // Replicas of one platform share its database: its name keeps platforms on one Redis apart.
    const db = config.DATABASE_URL ? new URL(config.DATABASE_URL).pathname.slice(1) || 'default' : 'default';
    make = (keyPrefix) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `laudos:${db}:${keyPrefix}`,
        points,
        duration: 60,
        insuranceLimiter: memory(keyPrefix),
      });
  }
  const byAddress = make('login-ip');
  const byName = make('login-name');
  return {
    address: (ip) => take(byAddress, ip),
    name: (name) => take(byName, name),
    giveBack: async (name) => {
      await byName.reward(name, 1).catch(() => undefined);
    },
    close: async () => {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

async function take(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    throw res;
  }
}

/** Sends Retry-After with a RATE_LIMITED answer (the error handler writes the body). */
export const retryAfterHeader: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (err instanceof RateLimitedError) ctx.set('Retry-After', String(err.retryAfter));
    throw err;
  }
};

/** A middleware counting the caller's address before the handler runs. */
export const limitAddress =
  (limits: LoginLimits): Middleware =>
  async (ctx, next) => {
    await limits.address(ctx.ip);
    await next();
  };
