/**
 * The MQTT broker inside the api process (aedes), reached by browsers over WebSocket at
 * /mqtt. Browsers authenticate with their session token and may only subscribe; services
 * (a worker running alone) authenticate with the service token and may publish.
 * With REDIS_URL the broker fans out and keeps retained documents in Redis, so several
 * api replicas serve the same topics.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import Aedes, { type Client } from 'aedes';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { LivePublisher } from '../../live/publisher';
import { SERVICE_USERNAME } from '../../live/publisher';
import { authenticateToken, maySubscribe } from './acl';

interface ClientAuth {
  kind: 'user' | 'service';
  token: string;
  sessionId?: string;
}

export interface Broker extends LivePublisher {
  aedes: Aedes;
  /** Handles the HTTP upgrade of `/mqtt`. */
  attach(server: Server): void;
  /** Closes the connections opened with a session (logout, account change). */
  endSession(sessionId: string): void;
}

export async function createBroker(opts: {
  knex: Knex;
  logger: Logger;
  redisUrl?: string;
  serviceToken?: string;
}): Promise<Broker> {
  const { knex, logger } = opts;
  const auths = new WeakMap<Client, ClientAuth>();
  const clientsBySession = new Map<string, Set<Client>>();

  let mq: unknown;
  let persistence: unknown;
  if (opts.redisUrl) {
    // Loaded only in the Redis mode (CommonJS packages without types).
    const mqemitterRedis = require('mqemitter-redis') as (o: object) => unknown;
    const redisPersistence = require('aedes-persistence-redis') as (o: object) => unknown;
    mq = mqemitterRedis({ connectionString: opts.redisUrl });
    persistence = redisPersistence({ connectionString: opts.redisUrl });
  }

  const aedes = new Aedes({
    ...(mq ? { mq } : {}),
    ...(persistence ? { persistence } : {}),
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (username === SERVICE_USERNAME) {
        const ok = Boolean(opts.serviceToken) && safeEqual(secret, opts.serviceToken!);
        if (ok) auths.set(client, { kind: 'service', token: '' });
        done(ok ? null : authError(), ok);
        return;
      }
      authenticateToken(knex, secret)
        .then((session) => {
          if (!session) return done(authError(), false);
          auths.set(client, { kind: 'user', token: secret, sessionId: session.sessionId });
          const set = clientsBySession.get(session.sessionId) ?? new Set<Client>();
          set.add(client);
          clientsBySession.set(session.sessionId, set);
          done(null, true);
        })
        .catch((err: unknown) => {
          logger.error({ err }, 'broker authenticate failed');
          done(authError(), false);
        });
    },
    authorizePublish(client, _packet, callback) {
      // Browsers never publish; services do. In-process publishes have no client.
      if (!client || auths.get(client)?.kind === 'service') return callback(null);
      callback(new Error('publish not allowed'));
    },
    authorizeSubscribe(client, subscription, callback) {
      const auth = auths.get(client);
      if (auth?.kind === 'service') return callback(null, subscription);
      // A refusal is a negative SUBACK (0x80), not a dropped connection: (null, null).
      if (!auth) return callback(null, null);
      maySubscribe(knex, auth.token, subscription.topic)
        .then((ok) => callback(null, ok ? subscription : null))
        .catch((err: unknown) => {
          logger.error({ err }, 'broker authorizeSubscribe failed');
          callback(null, null);
        });
    },
  });

  aedes.on('clientDisconnect', (client) => {
    const sessionId = auths.get(client)?.sessionId;
    if (sessionId) clientsBySession.get(sessionId)?.delete(client);
  });

  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (socket) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    aedes.handle(stream as unknown as Duplex);
  });

  return {
    aedes,
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/mqtt') return socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      });
    },
    endSession(sessionId) {
      for (const client of clientsBySession.get(sessionId) ?? []) client.close();
      clientsBySession.delete(sessionId);
    },
    publishRetained(topic, payload) {
      return new Promise<void>((resolve, reject) => {
        aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: true, dup: false }, (err) =>
          err ? reject(err) : resolve(),
        );
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        // aedes closes its emitter but not the persistence (a Redis connection in that mode).
        aedes.close(() => {
          const store = persistence as { destroy?: (cb: () => void) => void } | undefined;
          if (store?.destroy) store.destroy(() => resolve());
          else resolve();
        });
      });
    },
  };
}

function authError() {
  return Object.assign(new Error('Bad username or password'), { returnCode: 4 as const });
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
