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
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { LivePublisher } from '../../live/publisher';
import type { AccessTarget } from '../auth/session-events';
import { SERVICE_USERNAME } from '../../live/publisher';
import { dropRedisConnections, redisConnection } from '../../live/redis-connections';
import { authenticateToken, maySubscribe } from './acl';

interface ClientAuth {
  kind: 'user' | 'service';
  token: string;
  sessionId?: string;
  userId?: string;
  accountId?: string | null;
  /** A subscription was allowed under a shift schedule: checked again as the clock moves. */
  shiftBound?: boolean;
}

/** How often connections allowed under a shift are checked again (a shift's end cuts them). */
const SHIFT_RECHECK_MS = 30_000;
/** How long a stop waits for Redis to answer its connections' QUITs. */
const REDIS_QUIT_MS = 2_000;

export interface Broker extends LivePublisher {
  aedes: Aedes;
  /** Handles the HTTP upgrade of `/mqtt`. */
  attach(server: Server): void;
  /** Closes the connections opened with a session (logout, account change). */
  endSession(sessionId: string): void;
  /**
   * Checks again every subscription of the user's (or the account's users') connections and
   * closes a connection holding one no longer allowed: the client reconnects and is refused it.
   * Resolves once checked.
   */
  recheckAccess(target: AccessTarget): Promise<void>;
  /** Redis of the fan-out: 'none' without REDIS_URL, else whether every connection is ready. */
  redisState(): 'none' | 'up' | 'down';
}

export async function createBroker(opts: {
  knex: Knex;
  logger: Logger;
  redisUrl?: string;
  serviceToken?: string;
  /** Period of the shift check (tests shorten it). */
  shiftRecheckMs?: number;
}): Promise<Broker> {
  const { knex, logger } = opts;
  const auths = new WeakMap<Client, ClientAuth>();
  const clientsBySession = new Map<string, Set<Client>>();
  /** Browsers' connections, for the access checks. */
  const userClients = new Set<Client>();

  let mq: unknown;
  let persistence: unknown;
  let redisConns: Redis[] = [];
  if (opts.redisUrl) {
    // Loaded only in the Redis mode (CommonJS packages without types). Both get connections
    // made here from REDIS_URL (host, port, database, password): aedes-persistence-redis ignores a
    // connection string. Each connection's errors are logged, never thrown: a Redis outage
    // leaves the api serving HTTP, reports itself on /api/health, and ioredis reconnects.
    const mqemitterRedis = require('mqemitter-redis') as (o: object) => { state: NodeJS.EventEmitter };
    const redisPersistence = require('aedes-persistence-redis') as (o: object) => unknown;
    const connect = (name: string) => {
      const conn = redisConnection(opts.redisUrl!, { connectionName: `laudos-broker-${name}`, maxRetriesPerRequest: 2 });
      let warned = false;
      conn.on('error', (err: Error) => {
        if (!warned) logger.warn({ err: err.message, conn: name }, 'broker: Redis unreachable; live fan-out paused');
        warned = true;
      });
      conn.on('ready', () => {
        if (warned) logger.info({ conn: name }, 'broker: Redis back; live fan-out resumed');
        warned = false;
      });
      return conn;
    };
    redisConns = [connect('sub'), connect('pub'), connect('store')];
    const emitter = mqemitterRedis({ subConn: redisConns[0], pubConn: redisConns[1] });
    emitter.state.on('error', () => undefined); // logged per connection above
    mq = emitter;
    persistence = redisPersistence({ conn: patientSetupReads(redisConns[2]!) });
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
          auths.set(client, {
            kind: 'user',
            token: secret,
            sessionId: session.sessionId,
            userId: session.user.id,
            accountId: session.currentAccountId,
          });
          userClients.add(client);
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
        .then(({ ok, shiftBound }) => {
          if (ok && shiftBound) auth.shiftBound = true;
          callback(null, ok ? subscription : null);
        })
        .catch((err: unknown) => {
          logger.error({ err }, 'broker authorizeSubscribe failed');
          callback(null, null);
        });
    },
  });

  aedes.on('clientDisconnect', (client) => {
    const sessionId = auths.get(client)?.sessionId;
    if (sessionId) clientsBySession.get(sessionId)?.delete(client);
    userClients.delete(client);
  });

  /** Closes the connection when one of its subscriptions is no longer allowed. */
  const recheckClient = async (client: Client): Promise<void> => {
    const auth = auths.get(client);
    if (!auth || auth.kind !== 'user' || client.closed) return;
    const topics = Object.keys((client as unknown as { subscriptions?: Record<string, unknown> }).subscriptions ?? {});
    let shiftBound = false;
    for (const topic of topics) {
      const verdict = await maySubscribe(knex, auth.token, topic).catch((err: unknown) => {
        logger.error({ err }, 'broker access recheck failed');
        return { ok: true, shiftBound: true }; // checked again at the next sweep
      });
      if (!verdict.ok) {
        userClients.delete(client);
        client.close();
        return;
      }
      shiftBound ||= verdict.shiftBound;
    }
    auth.shiftBound = shiftBound;
  };
  const recheckWhere = async (match: (auth: ClientAuth) => boolean): Promise<void> => {
    const due = [...userClients].filter((c) => {
      const auth = auths.get(c);
      return auth !== undefined && match(auth);
    });
    // One at a time: an account's worth of connections must not take every database connection.
    for (const client of due) await recheckClient(client);
  };
  let sweeping = false;
  const shiftSweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void recheckWhere((auth) => auth.shiftBound === true).finally(() => (sweeping = false));
  }, opts.shiftRecheckMs ?? SHIFT_RECHECK_MS);
  shiftSweep.unref();

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
    redisState() {
      if (!redisConns.length) return 'none';
      return redisConns.every((c) => c.status === 'ready') ? 'up' : 'down';
    },
    recheckAccess(target) {
      return recheckWhere((auth) => ('userId' in target ? auth.userId === target.userId : auth.accountId === target.accountId));
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
      clearInterval(shiftSweep);
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(giveUp);
          dropRedisConnections(redisConns);
          resolve();
        };
        // With Redis unreachable the emitter's QUITs never end (ioredis keeps reconnecting to
        // send them): the connections are dropped instead, so an api stops during an outage.
        const giveUp = setTimeout(done, REDIS_QUIT_MS);
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        // aedes closes its emitter but not the persistence (a Redis connection in that mode).
        aedes.close(() => {
          const store = persistence as { destroy?: (cb: () => void) => void } | undefined;
          if (store?.destroy) store.destroy(done);
          else done();
        });
      });
    },
  };
}

/**
 * aedes-persistence-redis loads its subscriptions at start (SMEMBERS, then HGETALL per client)
 * through an internal stream nobody listens to: Redis going away at that moment was an
 * unhandled 'error' that crashed the api. On the store connection (the persistence's own) those
 * two reads wait for Redis to come back instead of failing; at shutdown they are dropped.
 */
function patientSetupReads(conn: Redis): Redis {
  type Callback = (err: Error | null, value?: unknown) => void;
  const lostConnection = (err: Error) => err.name === 'MaxRetriesPerRequestError' || /Connection is closed/.test(err.message);
  const patient = (name: 'smembers' | 'hgetallBuffer') => {
    const original = (conn[name] as (...a: unknown[]) => unknown).bind(conn);
    return (...args: unknown[]) => {
      const cb = args.pop() as Callback;
      const attempt = () =>
        void original(...args, (err: Error | null, value?: unknown) => {
          if (!err || !lostConnection(err)) return cb(err, value);
          if (conn.status === 'end') return; // shutting down: nobody waits for it
          if (conn.status === 'ready') setTimeout(attempt, 100);
          else conn.once('ready', attempt);
        });
      attempt();
    };
  };
  Object.assign(conn, { smembers: patient('smembers'), hgetallBuffer: patient('hgetallBuffer') });
  return conn;
}

function authError() {
  return Object.assign(new Error('Bad username or password'), { returnCode: 4 as const });
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
