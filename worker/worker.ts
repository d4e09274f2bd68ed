import path from 'node:path';
import { DefaultLogger, type LogLevel, NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createLaudoActivities } from '../activities/laudo-activities';
import type { LivePublisher } from '../live/publisher';

export const WORKFLOWS_PATH = path.resolve(__dirname, '..', 'workflows', 'index.ts');

let bundle: Promise<{ code: string }> | undefined;
/** The workflow bundle, built once per process (about a second). */
export function workflowBundle(): Promise<{ code: string }> {
  bundle ??= bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietBundlerLogger });
  return bundle;
}

let runtimeInstalled = false;
/**
 * The SDK's native runtime, once per process: logs at `level`, and leaves signals to the
 * process (launcher, worker/main.ts) so a Ctrl-C is not handled twice.
 */
export function installRuntime(level: LogLevel = 'WARN'): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({ logger: new DefaultLogger(level), shutdownSignals: [] });
  } catch {
    // Already installed by an earlier user of the SDK in this process: keep it.
  }
}

export async function createWorker(opts: {
  address: string;
  namespace: string;
  taskQueue: string;
  knex: Knex;
  publisher: LivePublisher;
}): Promise<{ worker: Worker; connection: NativeConnection }> {
  installRuntime();
  const connection = await NativeConnection.connect({ address: opts.address });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    workflowBundle: await workflowBundle(),
    activities: createLaudoActivities({ knex: opts.knex, publisher: opts.publisher }),
  });
  return { worker, connection };
}

const noop = () => undefined;
const quietBundlerLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: console.error, log: noop };
