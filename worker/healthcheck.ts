/**
 * The worker container's healthcheck (`node dist/worker/healthcheck.js`): exit 0 when the
 * heartbeat file (WORKER_HEARTBEAT_FILE) is fresh, 1 otherwise, with a line saying why.
 */
import { config } from '../config/config';
import { STALE_AFTER_INTERVALS, heartbeatFresh } from './heartbeat';

function main(): number {
  const cfg = config();
  if (!cfg.WORKER_HEARTBEAT_FILE) {
    console.error('worker healthcheck: WORKER_HEARTBEAT_FILE is not set');
    return 1;
  }
  const intervalMs = cfg.WORKER_HEARTBEAT_SECONDS * 1000;
  if (heartbeatFresh(cfg.WORKER_HEARTBEAT_FILE, intervalMs)) return 0;
  console.error(
    `worker healthcheck: no heartbeat in ${cfg.WORKER_HEARTBEAT_FILE} for ${STALE_AFTER_INTERVALS * cfg.WORKER_HEARTBEAT_SECONDS} s`,
  );
  return 1;
}

process.exit(main());
