/**
 * The worker alone (production): runs workflows and activities; publishes live documents
 * on an api's broker (BROKER_URL with BROKER_SERVICE_TOKEN). Needs DATABASE_URL and
 * TEMPORAL_ADDRESS.
 */
import { config } from '../config/config';
import pino from 'pino';
import { connectDb } from '../db/connection';
import { startContentReaper } from '../services/reports/content-reaper';
import path from 'node:path';
import { connectRemotePublisher } from '../live/publisher';
import { LocalObjectStorage } from '../storage/local-storage';
import { createWorker } from './worker';

async function main(): Promise<void> {
  const cfg = config();
  if (!cfg.TEMPORAL_ADDRESS || !cfg.BROKER_URL || !cfg.BROKER_SERVICE_TOKEN || !cfg.DATABASE_URL) {
    throw new Error('A worker running alone needs TEMPORAL_ADDRESS, DATABASE_URL, BROKER_URL and BROKER_SERVICE_TOKEN');
  }
  const knex = connectDb(cfg);
  const publisher = await connectRemotePublisher(cfg.BROKER_URL, cfg.BROKER_SERVICE_TOKEN);
  const { worker, connection } = await createWorker({
    address: cfg.TEMPORAL_ADDRESS,
    namespace: cfg.TEMPORAL_NAMESPACE,
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    knex,
    publisher,
    // The same objects folder the api writes (a shared volume, until an S3 adapter exists).
    storage: new LocalObjectStorage(path.join(cfg.DATA_DIR, 'objects')),
  });
  process.on('SIGINT', () => worker.shutdown());
  process.on('SIGTERM', () => worker.shutdown());
  const stopReaper = startContentReaper(knex, pino({ level: cfg.LOG_LEVEL, base: { service: 'laudos-worker' } }));
  console.log(`laudos worker polling ${cfg.TEMPORAL_TASK_QUEUE} on ${cfg.TEMPORAL_ADDRESS}`);
  await worker.run();
  stopReaper();
  await publisher.close();
  await connection.close();
  await knex.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
