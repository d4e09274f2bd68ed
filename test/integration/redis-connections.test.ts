/**
 * The live fan-out's Redis connections are dropped without holding the process: neither a
 * connection whose QUIT was answered nor one cut off by an outage leaves a timer behind that
 * keeps a stopping api or worker alive (ioredis arms one on every disconnect, 2 s by default,
 * that only its socket's 'close' clears).
 */
import { freePort } from '../../scripts/temporal-dev';
import { dropRedisConnections, redisConnection } from '../../live/redis-connections';
import { eventually } from '../support/eventually';
import { type RedisServer, startRedisServer } from '../support/redis-server';

jest.setTimeout(30_000);

let port: number;
let redis: RedisServer;

beforeAll(async () => {
  port = await freePort();
  redis = await startRedisServer(port);
});

afterAll(async () => {
  await redis?.stop();
});

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('drops a connection whose QUIT was answered without arming a timer', async () => {
  const conn = redisConnection(`redis://127.0.0.1:${port}`);
  await conn.ping();
  await conn.quit();
  await eventually(
    async () => conn.status,
    (s) => s === 'end',
    { timeout: 5_000, what: 'the connection ended' },
  );
  const before = timers();
  dropRedisConnections([conn]);
  expect(timers()).toBe(before);
});

it('drops a connection cut off by an outage within a moment, not after 2 s', async () => {
  // Reconnecting every second, so its one timer between attempts is there to count.
  const conn = redisConnection(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 0, retryStrategy: () => 1_000 });
  conn.on('error', () => undefined);
  await conn.ping();
  await redis.stop();
  await eventually(
    async () => conn.status,
    (s) => s === 'reconnecting',
    { timeout: 5_000, what: 'ioredis reconnecting' },
  );
  const before = timers();
  dropRedisConnections([conn]);
  // The reconnection's timer is cleared, and the socket's own is gone after 100 ms.
  await pause(300);
  expect(timers()).toBe(before - 1);
});
