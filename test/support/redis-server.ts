/** A private redis-server on a port of its own (an outage can be staged without touching the shared one). */
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { eventually } from './eventually';
import { killHard } from './worker-process';

export interface RedisServer {
  readonly process: ChildProcess;
  /** SIGKILL, as an outage. */
  stop(): Promise<void>;
}

/** `dataDir`: keep the data there (append-only file), so a restart finds it, as a production Redis does. */
export async function startRedisServer(port: number, dataDir?: string): Promise<RedisServer> {
  const persistence = dataDir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dataDir] : ['--appendonly', 'no'];
  const child = spawn('redis-server', ['--port', String(port), '--save', '', ...persistence, '--bind', '127.0.0.1'], {
    stdio: 'ignore',
  });
  const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await eventually(
    () =>
      probe.connect().then(
        () => true,
        () => false,
      ),
    (ok) => ok,
    { timeout: 10_000, what: 'redis-server listening' },
  );
  probe.disconnect();
  return {
    process: child,
    stop: () => killHard(child),
  };
}
