/**
 * The worker alone (production): runs workflows and activities. Publishes live documents into
 * the brokers' shared Redis (REDIS_URL: no api on the path), or else on one api's broker
 * (BROKER_URL with BROKER_SERVICE_TOKEN). Needs DATABASE_URL and TEMPORAL_ADDRESS.
 */
import { config } from '../config/config';
import pino from 'pino';
import { connectDb } from '../db/connection';
import { startContentReaper } from '../services/reports/content-reaper';
import { connectRemotePublisher } from '../live/publisher';
import { connectRedisPublisher } from '../live/redis-publisher';
import { createObjectStorage } from '../storage/create-storage';
import { Client, Connection } from '@temporalio/client';
import { mailTransport } from '../services/mail/transport';
import { ensureDeadlineSchedule } from './deadline-schedule';
import { startHeartbeat } from './heartbeat';
import { createWorker } from './worker';

async function main(): Promise<void> {
  const cfg = config();
  const viaBroker = cfg.BROKER_URL && cfg.BROKER_SERVICE_TOKEN;
  if (!cfg.TEMPORAL_ADDRESS || !cfg.DATABASE_URL || (!cfg.REDIS_URL && !viaBroker)) {
    throw new Error(
      'A worker running alone needs TEMPORAL_ADDRESS, DATABASE_URL, and REDIS_URL (or BROKER_URL and BROKER_SERVICE_TOKEN)',
    );
  }
  const logger = pino({ level: cfg.LOG_LEVEL, base: { service: 'laudos-worker' } });
  const knex = connectDb(cfg);
  let redisWarned = false;
  const publisher = cfg.REDIS_URL
    ? connectRedisPublisher(cfg.REDIS_URL, (err) => {
        if (!redisWarned) logger.warn({ err: err.message }, 'worker: Redis unreachable; live documents wait');
        redisWarned = true;
      })
    : await connectRemotePublisher(cfg.BROKER_URL!, cfg.BROKER_SERVICE_TOKEN!);
  const { worker, connection } = await createWorker({
    address: cfg.TEMPORAL_ADDRESS,
    namespace: cfg.TEMPORAL_NAMESPACE,
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    knex,
    publisher,
    // The same objects the api writes: an S3 bucket, or a shared volume's DATA_DIR/objects.
    storage: await createObjectStorage(cfg),
    mail: mailTransport(cfg),
    publicUrl: cfg.PUBLIC_URL,
  });
  if (cfg.DEADLINE_SWEEP_SECONDS > 0) {
    const scheduleConnection = await Connection.connect({ address: cfg.TEMPORAL_ADDRESS });
    await ensureDeadlineSchedule(
      new Client({ connection: scheduleConnection, namespace: cfg.TEMPORAL_NAMESPACE }),
      cfg.TEMPORAL_TASK_QUEUE,
      cfg.DEADLINE_SWEEP_SECONDS,
    );
    await scheduleConnection.close();
  }
  process.on('SIGINT', () => worker.shutdown());
  process.on('SIGTERM', () => worker.shutdown());
  const stopReaper = startContentReaper(knex, logger);
  // Beats while the worker runs and Temporal answers (the container healthcheck reads it).
  const stopHeartbeat = cfg.WORKER_HEARTBEAT_FILE
    ? startHeartbeat({
        file: cfg.WORKER_HEARTBEAT_FILE,
        intervalMs: cfg.WORKER_HEARTBEAT_SECONDS * 1000,
        alive: async () => {
          // Temporal first: by its answer the first beat sees the worker already running.
          await connection.withDeadline(Date.now() + 2000, () => connection.workflowService.getSystemInfo({}));
          return worker.getState() === 'RUNNING';
        },
        onError: (err) => logger.warn({ err: err.message }, 'worker: heartbeat file not written'),
      })
    : undefined;
  console.log(`laudos worker polling ${cfg.TEMPORAL_TASK_QUEUE} on ${cfg.TEMPORAL_ADDRESS}`);
  await worker.run();
  stopHeartbeat?.();
  stopReaper();
  await publisher.close();
  await connection.close();
  await knex.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
