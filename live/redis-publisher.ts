/**
 * A worker's live documents straight into the brokers' shared Redis (issue 22): the same two
 * steps an aedes broker takes for a retained publish — store the retained document
 * (aedes-persistence-redis) and emit the packet on the fan-out (mqemitter-redis) — so every api
 * replica delivers it to its browsers and serves it to new subscribers, and no single api is on
 * the path of a report action. Used when a worker runs alone with REDIS_URL.
 */
import { randomUUID } from 'node:crypto';
import { dropRedisConnections, redisConnection } from './redis-connections';
import type { LivePublisher } from './publisher';

interface Emitter {
  emit(packet: object, cb: (err?: Error) => void): void;
  close(cb: () => void): void;
  state: NodeJS.EventEmitter;
}
interface RetainedStore {
  storeRetained(packet: object, cb: (err?: Error | null) => void): void;
  destroy(cb: () => void): void;
}

export function connectRedisPublisher(redisUrl: string, onError: (err: Error) => void = () => undefined): LivePublisher {
  // CommonJS packages without types, as in api/broker/broker.ts.
  const mqemitterRedis = require('mqemitter-redis') as (o: object) => Emitter;
  const redisPersistence = require('aedes-persistence-redis') as (o: object) => RetainedStore;
  const connect = () => {
    const conn = redisConnection(redisUrl, { maxRetriesPerRequest: 2 });
    conn.on('error', onError);
    return conn;
  };
  const conns = [connect(), connect(), connect()];
  const mq = mqemitterRedis({ subConn: conns[0], pubConn: conns[1] });
  mq.state.on('error', () => undefined); // reported per connection
  const store = redisPersistence({ conn: conns[2] });
  // Brokers drop a packet whose (brokerId, brokerCounter) they delivered already.
  const brokerId = `laudos-worker-${randomUUID()}`;
  let counter = 0;

  return {
    async publishRetained(topic, payload) {
      const packet = {
        cmd: 'publish',
        topic,
        payload: Buffer.from(payload),
        qos: 1,
        retain: true,
        dup: false,
        messageId: 0,
        brokerId,
        brokerCounter: ++counter,
      };
      await new Promise<void>((resolve, reject) => store.storeRetained(packet, (err) => (err ? reject(err) : resolve())));
      await new Promise<void>((resolve, reject) => mq.emit(packet, (err) => (err ? reject(err) : resolve())));
    },
    async close() {
      await new Promise<void>((resolve) => mq.close(() => resolve()));
      await new Promise<void>((resolve) => store.destroy(() => resolve()));
      dropRedisConnections(conns);
    },
  };
}
