/**
 * The composition root: database, Temporal client, broker, api and (in standalone mode)
 * the worker, in one process. `npm start`, the e2e tests and the bench all start it.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Client, Connection } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import pino from 'pino';
import type { Config } from '../config/config';
import { connectDb, migrateLatest } from '../db/connection';
import { createApp } from '../api/app';
import { createBroker } from '../api/broker/broker';
import { startContentReaper } from '../services/reports/content-reaper';
import { listenSessionsEnded } from '../api/auth/session-events';
import { listenCommitNotices } from '../services/reports/commit-notices';
import { ensureDemoConnect } from '../migrations/seed/connect-demo';
import { seedDemo } from '../migrations/seed/demo';
import { createObjectStorage } from '../storage/create-storage';
import { createWorker, installRuntime } from '../worker/worker';
import { ensureDeadlineSchedule } from '../worker/deadline-schedule';
import { mailTransport } from '../services/mail/transport';
import { createLoginLimits } from '../api/auth/login-limits';
import { signalOutbox } from '../imaging/ingest-signal-outbox';

export interface Platform {
  url: string;
  port: number;
  /** The demo Connect's key (demo data only), for an agent to upload with. */
  demoConnectKey?: string;
  stop(): Promise<void>;
}

export async function startPlatform(cfg: Config, opts: { worker?: boolean; pretty?: boolean } = {}): Promise<Platform> {
  const logger = pino({
    level: cfg.LOG_LEVEL,
    base: { service: 'laudos' },
    ...(opts.pretty
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,service', translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
  installRuntime(cfg.LOG_LEVEL === 'silent' || cfg.LOG_LEVEL === 'fatal' ? 'ERROR' : 'WARN');
  const knex = connectDb(cfg);
  await migrateLatest(knex);
  if (cfg.SEED_DEMO) await seedDemo(knex, logger);
  const demoConnectKey = cfg.SEED_DEMO ? await ensureDemoConnect(knex, cfg.DATA_DIR) : undefined;

  if (!cfg.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is required to start the platform');
  // Back within about a second of a Temporal server's return (gRPC's default backoff grows to 2 min).
  const connection = await Connection.connect({
    address: cfg.TEMPORAL_ADDRESS,
    channelArgs: {
      'grpc.initial_reconnect_backoff_ms': 250,
      'grpc.min_reconnect_backoff_ms': 250,
      'grpc.max_reconnect_backoff_ms': 1000,
    },
  });
  const temporal = new Client({ connection, namespace: cfg.TEMPORAL_NAMESPACE });
  const broker = await createBroker({
    knex,
    logger,
    redisUrl: cfg.REDIS_URL,
    serviceToken: cfg.BROKER_SERVICE_TOKEN,
    shiftRecheckMs: cfg.LIVE_SHIFT_RECHECK_SECONDS * 1000,
  });
  // Sessions ended through another replica close their connections held by this one.
  const replicaId = randomUUID();
  const sessionEnds = cfg.DATABASE_URL
    ? await listenSessionsEnded({
        databaseUrl: cfg.DATABASE_URL,
        replicaId,
        logger,
        onEnded: (id) => broker.endSession(id),
        onAccessChanged: (target) => void broker.recheckAccess(target),
      })
    : undefined;

  // Report actions answer once their projection's commit is heard (ADR 042); PGlite answers from the Update.
  const commitNotices = cfg.DATABASE_URL ? await listenCommitNotices({ databaseUrl: cfg.DATABASE_URL, logger }) : undefined;

  const storage = await createObjectStorage(cfg);

  let worker: Worker | undefined;
  let workerRun: Promise<void> | undefined;
  let stopReaper: (() => void) | undefined;
  let closeWorkerConnection: (() => Promise<void>) | undefined;
  if (opts.worker !== false) {
    const created = await createWorker({
      address: cfg.TEMPORAL_ADDRESS,
      namespace: cfg.TEMPORAL_NAMESPACE,
      taskQueue: cfg.TEMPORAL_TASK_QUEUE,
      knex,
      publisher: broker,
      storage,
      mail: mailTransport(cfg),
      publicUrl: cfg.PUBLIC_URL,
    });
    if (cfg.DEADLINE_SWEEP_SECONDS > 0) await ensureDeadlineSchedule(temporal, cfg.TEMPORAL_TASK_QUEUE, cfg.DEADLINE_SWEEP_SECONDS);
    worker = created.worker;
    closeWorkerConnection = () => created.connection.close();
    workerRun = worker.run();
    stopReaper = startContentReaper(knex, logger);
    workerRun.catch((err: unknown) => logger.fatal({ err }, 'worker stopped'));
  }

  // Ingest signals left owed by a crash or a Temporal outage are sent again (decision 027).
  const ingestSignals = signalOutbox({
    knex,
    temporal,
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    stableMs: cfg.STUDY_STABLE_SECONDS * 1000,
    logger,
  });
  const stopSignalSweep = ingestSignals.startSweep();

  const loginLimits = createLoginLimits(cfg);
  let boundPort = cfg.PORT;
  const app = createApp({
    listeningPort: () => boundPort,
    knex,
    config: cfg,
    temporal,
    logger,
    storage,
    publisher: broker,
    onSessionEnded: (id) => broker.endSession(id),
    onAccessChanged: (target) => void broker.recheckAccess(target),
    redisState: () => broker.redisState(),
    loginLimits,
    replicaId,
    ingestSignals,
    commitNotices,
  });
  const handle = app.callback();
  // Koa's handler returns a promise that Koa itself settles (errors included).
  // Handlers still running are waited for at stop, so none meets a closed Temporal connection
  // or database pool (a gRPC retry timer firing on a closed channel throws outside any handler).
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    void handle(req, res).finally(() => inFlight--);
  });
  broker.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.PORT, cfg.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.PORT;
  boundPort = port;

  return {
    port,
    url: `http://localhost:${port}`,
    demoConnectKey,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drainBy = Date.now() + (cfg.REPORT_ACTION_TIMEOUT_SECONDS + 2) * 1000;
      while (inFlight > 0 && Date.now() < drainBy) await new Promise((r) => setTimeout(r, 50));
      server.closeAllConnections();
      await closed;
      stopSignalSweep();
      await ingestSignals.drain();
      await sessionEnds?.close();
      await commitNotices?.close();
      await broker.close();
      await loginLimits.close();
      if (worker) {
        if (worker.getState() === 'RUNNING') worker.shutdown();
        stopReaper?.();
        await workerRun?.catch(() => undefined);
        await closeWorkerConnection?.();
      }
      await connection.close();
      await knex.destroy();
    },
  };
}
