/**
 * `npm start`: the whole platform on its embedded defaults — Temporal dev server, PGlite
 * (unless DATABASE_URL), the api with its broker and the worker in one process, demo data.
 * Ctrl-C stops everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config/config';
import { DEMO_PASSWORD, DEMO_USERS } from '../migrations/seed/demo';
import { type Platform, startPlatform } from './platform';
import { type TemporalDev, startTemporalDev } from './temporal-dev';
import { findTemporal } from './tools';
import { ensureWebBuilt } from './web-build';

async function main(): Promise<void> {
  let cfg = config();
  fs.mkdirSync(cfg.DATA_DIR, { recursive: true });
  ensureWebBuilt();

  let temporal: TemporalDev | undefined;
  const running: { platform?: Platform } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await running.platform?.stop().catch((err: unknown) => console.error(err));
    await temporal?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (!cfg.TEMPORAL_ADDRESS) {
    const bin = findTemporal(cfg.TEMPORAL_CLI);
    console.log(`Starting the Temporal dev server (${bin})…`);
    temporal = await startTemporalDev({
      bin,
      port: 7233,
      uiPort: cfg.TEMPORAL_UI_PORT,
      dbFile: path.join(cfg.DATA_DIR, 'temporal.db'),
      logFile: fs.createWriteStream(path.join(cfg.DATA_DIR, 'temporal.log'), { flags: 'a' }),
    });
    temporal.process.once('exit', (code) => {
      if (!stopping) {
        console.error(`The Temporal dev server stopped (exit ${code}); see data/temporal.log`);
        void stop(1);
      }
    });
    cfg = { ...cfg, TEMPORAL_ADDRESS: temporal.address };
  }

  const platform = await startPlatform(cfg, { pretty: Boolean(process.stdout.isTTY) });
  running.platform = platform;
  const width = Math.max(...DEMO_USERS.map((u) => u.username.length));
  console.log(`
  Laudos is running.

    App          ${platform.url}
    API          ${platform.url}/api
    Live (MQTT)  ${platform.url.replace('http', 'ws')}/mqtt
    Temporal UI  ${temporal?.uiUrl ?? `(external Temporal at ${cfg.TEMPORAL_ADDRESS})`}
    Database     ${cfg.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.join(cfg.DATA_DIR, 'pg')}`}

  Demo logins (password ${DEMO_PASSWORD}):
${DEMO_USERS.map((u) => `    ${u.username.padEnd(width)}  ${u.what}`).join('\n')}
${
  platform.demoConnectKey
    ? `
  DICOM upload (STOW-RS)  POST ${platform.url}/dicomweb/studies
    Connect key (Hospital Central)  ${platform.demoConnectKey}
`
    : ''
}
  Ctrl-C stops everything.
`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
