/**
 * Runs reapUncommittedContents every few minutes in each worker process (several workers
 * reaping at once delete the same rows at most once: harmless).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { reapUncommittedContents } from './contents';

const EVERY_MS = 10 * 60 * 1000;

export function startContentReaper(knex: Knex, logger: Logger): () => void {
  const timer = setInterval(() => {
    reapUncommittedContents(knex)
      .then((n) => {
        if (n) logger.info({ reaped: n }, 'report texts whose action never committed removed');
      })
      .catch((err: unknown) => logger.warn({ err }, 'report text reaper failed; next round retries'));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
