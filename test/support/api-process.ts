import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { killHard } from './worker-process';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ApiProcess {
  /** `http://localhost:<port>` */
  readonly url: string;
  readonly process: ChildProcess;
  /** SIGTERM (the api drains its requests); SIGKILL and an error if it has not exited in 20 s. */
  stop(): Promise<void>;
}

/**
 * The api alone as its own process (api/main.ts, as production runs each replica), on a port
 * the system picks (PORT=0; read back from its 'listening on' line). `env`: its configuration.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  // One process (tsx as a loader, not its launcher), so a signal reaches the api itself.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (b: Buffer) => (output = (output + b.toString()).slice(-4000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`api did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      const m = /laudos api listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`api exited (${code}):\n${output}`));
    });
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      let forced = false;
      const timer = setTimeout(() => {
        forced = true;
        void killHard(child);
      }, 20_000);
      await exited;
      clearTimeout(timer);
      if (forced) throw new Error(`api did not stop in 20 s after SIGTERM:\n${output}`);
    },
  };
}
