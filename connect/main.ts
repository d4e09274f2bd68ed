/**
 * `npm run connect`: the Connect agent as a standalone process at the clinic.
 * Configuration by environment variables (connect/config.ts, README "Connect agent").
 */
import pino from 'pino';
import { startAgent } from './agent';
import { parseConnectConfig } from './config';
import { resolveConnectConfig } from './platform-settings';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConnectConfig(process.env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const logger = pino({ name: 'laudos-connect', level: config.LOG_LEVEL });
  // The administration's settings fill what this machine's environment leaves unset.
  config = await resolveConnectConfig(process.env, logger);
  const agent = await startAgent(config, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    agent.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
