/**
 * The Connect agent: DICOM SCP → durable spool → STOW-RS uploader, plus the loopback status
 * endpoint. `startAgent` is what `npm run connect` runs, and what tests and the bench start.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { ConnectConfig } from './config';
import { startScp } from './dicom/scp';
import { DownloadPoller } from './download/download-poller';
import { Spool } from './spool/spool';
import { newStats, type AgentStats } from './status/stats';
import { startStatusServer } from './status/status-server';
import { Uploader } from './upload/uploader';

export interface RunningAgent {
  stats: AgentStats;
  spool: Spool;
  statusPort: number;
  dicomPort: number;
  stop(): Promise<void>;
}

export async function startAgent(config: ConnectConfig, logger: Logger): Promise<RunningAgent> {
  const spool = new Spool(config.SPOOL_DIR);
  const { discardedPartials } = await spool.open();
  const stats = newStats();
  const uploader = new Uploader(
    spool,
    {
      platformUrl: config.PLATFORM_URL,
      connectKey: config.CONNECT_KEY,
      limits: { maxCount: config.BATCH_MAX_COUNT, maxBytes: config.BATCH_MAX_BYTES },
      lingerMs: config.BATCH_LINGER_MS,
      backoff: { baseMs: config.RETRY_BASE_MS, maxMs: config.RETRY_MAX_MS },
      maxInstanceAttempts: config.RETRY_MAX_INSTANCE_ATTEMPTS,
      timeoutMs: config.UPLOAD_TIMEOUT_MS,
    },
    stats,
    logger.child({ part: 'uploader' }),
  );
  const status = await startStatusServer(config.STATUS_PORT, spool, stats, {
    aeTitle: config.AE_TITLE,
    dicomPort: config.DICOM_PORT,
  });
  const scpLogger = logger.child({ part: 'scp' });
  const dicom = await startScp(config.DICOM_PORT, {
    aeTitle: config.AE_TITLE,
    checkCalledAeTitle: config.AE_TITLE_CHECK,
    spool,
    logger: scpLogger,
    onStored: (sopInstanceUid, bytes, timing) => {
      stats.received++;
      stats.receivedBytes += bytes;
      stats.receiveMsTotal += timing.receiveMs;
      stats.commitMsTotal += timing.commitMs;
      scpLogger.debug({ sopInstanceUid, bytes, ...timing }, 'instance spooled');
      uploader.nudge();
    },
  }).catch(async (err: unknown) => {
    await status.close();
    throw err;
  });
  uploader.start();
  const downloads =
    config.DOWNLOAD_POLL_MS > 0
      ? new DownloadPoller(
          {
            platformUrl: config.PLATFORM_URL,
            connectKey: config.CONNECT_KEY,
            pollMs: config.DOWNLOAD_POLL_MS,
            // Not under DOWNLOAD_ROOT (by default SPOOL_DIR/downloads): zips are not deliveries.
            workDir: path.join(config.SPOOL_DIR, 'download-zips'),
            downloadRoot: config.DOWNLOAD_ROOT,
            timeoutMs: config.UPLOAD_TIMEOUT_MS,
          },
          logger.child({ part: 'downloads' }),
        )
      : null;
  downloads?.start();
  const { queued } = await spool.counts();
  logger.info(
    {
      aeTitle: config.AE_TITLE,
      dicomPort: config.DICOM_PORT,
      statusPort: status.port,
      spool: config.SPOOL_DIR,
      queued,
      discardedPartials,
    },
    'Connect agent started',
  );
  return {
    stats,
    spool,
    statusPort: status.port,
    dicomPort: config.DICOM_PORT,
    async stop() {
      dicom.close();
      await downloads?.stop();
      await uploader.stop();
      await status.close();
      logger.info('Connect agent stopped');
    },
  };
}
