/**
 * Spawns the Temporal dev server (the real server, SQLite-backed) with this project's
 * search attributes, and waits until its frontend answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { SEARCH_ATTRIBUTES } from '../workflows/laudo/messages';

export interface TemporalDev {
  address: string;
  uiUrl: string | null;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The dev server's dynamic configuration.
 * - Its history service reads new transfer tasks at most 20 times a second by default, so every
 *   workflow task that is not dispatched speculatively (a new workflow's first task, the task
 *   after an activity completes) waited 25–40 ms for the next read: a report's first action took
 *   93 ms p50, a trivial Update with one activity 50 ms (docs/decisions/042). Production clusters
 *   set the same key (README, "Production").
 * - Unless told otherwise, the dev server reads the search attributes' definitions from its
 *   database on every use, for attributes added while it runs; every report transition upserts
 *   three or four. Ours are all given at its start (`--search-attribute`, written before it
 *   serves), so it keeps them cached as a production cluster does (docs/decisions/053).
 */
export const DYNAMIC_CONFIG: Record<string, number | boolean> = {
  'history.transferProcessorMaxPollRPS': 10_000,
  'system.forceSearchAttributesCacheRefreshOnRead': false,
};

/** DYNAMIC_CONFIG as the dev server's arguments (also for TestWorkflowEnvironment.createLocal). */
export const dynamicConfigArgs = (): string[] =>
  Object.entries(DYNAMIC_CONFIG).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${value}`]);

export async function startTemporalDev(opts: {
  bin: string;
  port: number;
  uiPort?: number | null;
  dbFile?: string | null;
  logFile?: NodeJS.WritableStream;
}): Promise<TemporalDev> {
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--log-level',
    'error',
    '--namespace',
    'default',
  ];
  if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
  else args.push('--headless');
  if (opts.dbFile) args.push('--db-filename', opts.dbFile);
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${name}=${type}`);
  args.push(...dynamicConfigArgs());

  const child = spawn(opts.bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    opts.logFile?.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`temporal dev server exited (${child.exitCode}):\n${output}`);
    if (await portOpen(opts.port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`temporal dev server did not open port ${opts.port} within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    address: `127.0.0.1:${opts.port}`,
    uiUrl: opts.uiPort ? `http://localhost:${opts.uiPort}` : null,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A TCP port free on loopback right now (for test servers started side by side). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
