import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../config/config';

const ROOT = path.resolve(__dirname, '..', '..');

/** The worker as its own process (worker/main.ts), so a test can kill it and start another. */
export async function startWorkerProcess(
  cfg: Config,
  brokerUrl: string,
  /** Extra environment (REDIS_URL: publish through Redis rather than `brokerUrl`). */
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  // One process (tsx as a loader, not its launcher), so a SIGKILL reaches the worker itself.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'worker', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: cfg.DATABASE_URL,
      TEMPORAL_ADDRESS: cfg.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: cfg.TEMPORAL_TASK_QUEUE,
      BROKER_URL: brokerUrl,
      BROKER_SERVICE_TOKEN: cfg.BROKER_SERVICE_TOKEN,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (b: Buffer) => (output = (output + b.toString()).slice(-4000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      if (output.includes('laudos worker polling')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}):\n${output}`));
    });
  });
  return child;
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    // Exited already: with a code, or ended by a signal (exitCode stays null then).
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
