/**
 * The api alone (production): HTTP, /mqtt broker and the built web app; the worker runs in
 * its own process (worker/main.ts). Needs TEMPORAL_ADDRESS.
 */
import { config } from '../config/config';
import { startPlatform } from '../scripts/platform';

async function main(): Promise<void> {
  const platform = await startPlatform(config(), { worker: false });
  console.log(`laudos api listening on ${platform.url}`);
  const stop = () => void platform.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
