/**
 * The Redis connections of the live fan-out (the api's broker, a worker's publisher): made and
 * dropped one way, so a stopping process exits when its work is done.
 */
import { Redis, type RedisOptions } from 'ioredis';

/**
 * How long a dropped connection's socket may take to close before it is destroyed. ioredis's
 * 2 s default arms a timer on every disconnect that only the socket's 'close' clears: on a
 * socket closed already (Redis down, ioredis reconnecting) it runs out in full, and the
 * process stays up those 2 s after everything else stopped.
 */
const DISCONNECT_MS = 100;

export function redisConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { ...options, disconnectTimeout: DISCONNECT_MS });
}

/** Drops the connections still open; one whose QUIT was answered (status 'end') has nothing to drop. */
export function dropRedisConnections(conns: readonly Redis[]): void {
  for (const c of conns) if (c.status !== 'end') c.disconnect();
}
