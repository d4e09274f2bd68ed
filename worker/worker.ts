import path from 'node:path';
import { Client } from '@temporalio/client';
import { DefaultLogger, type LogLevel, NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createCriticalAckActivities } from '../activities/critical-ack-activities';
import { createDeadlineActivities } from '../activities/deadline-activities';
import { createDownloadActivities } from '../activities/download-activities';
import { createLaudoActivities } from '../activities/laudo-activities';
import { createStudyIngestActivities } from '../activities/study-ingest-activities';
import { createOrchestratorActivities } from '../activities/orchestrator-activities';
import { createPrintActivities } from '../activities/print-activities';
import type { LivePublisher } from '../live/publisher';
import type { ObjectStorage } from '../storage/object-storage';
import { type MailTransport, outboxTransport } from '../services/mail/transport';

// index.ts from source (tsx, jest), index.js in the compiled image: the bundler takes either (ADR 033).
export const WORKFLOWS_PATH = path.resolve(__dirname, '..', 'workflows', `index${path.extname(__filename)}`);
/** Modules loaded once per worker thread, shared by every workflow (workflows/shared-modules.ts). */
const SHARED_MODULES_PATH = path.resolve(__dirname, '..', 'workflows', `shared-modules${path.extname(__filename)}`);

let bundle: Promise<{ code: string }> | undefined;
/** The workflow bundle, built once per process (about 3 s and 4 s of CPU). */
export function workflowBundle(): Promise<{ code: string }> {
  bundle ??= bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    preloadModules: [SHARED_MODULES_PATH],
    logger: quietBundlerLogger,
  });
  return bundle;
}

/**
 * Takes a bundle built from the same sources elsewhere, instead of building one: the test run
 * builds it once (test/setup/global-setup.ts) for its 150 files that start a worker, each in a
 * module registry of its own.
 */
export function useWorkflowBundle(code: string): void {
  bundle = Promise.resolve({ code });
}

/** Worker options every laudo worker uses (tests too). */
export const WORKER_TUNING = {
  // Measured here (SDK 1.24, server 1.32): on a run created by continueAsNew, the second
  // of two rejected Updates in a row is sent to the sticky queue and sits there until this
  // timeout (10 s by default) before going to the normal queue. 2 s bounds that rare wait;
  // a busy worker loses at most a cache hit.
  stickyQueueScheduleToStartTimeout: '2 seconds',
} as const;

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
  /** Object storage for the ingest activities (thumbnails). */
  storage: ObjectStorage;
  /** Mail of the deadline alerts (default: the outbox table alone). */
  mail?: MailTransport;
  /** The web app's address, for links in mail. */
  publicUrl?: string;
}): Promise<{ worker: Worker; connection: NativeConnection }> {
  installRuntime();
  const connection = await NativeConnection.connect({ address: opts.address });
  // The distribution activity sends the laudo workflow its 'assign' Update over the same connection.
  const temporal = new Client({ connection, namespace: opts.namespace });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    workflowBundle: await workflowBundle(),
    ...WORKER_TUNING,
    activities: {
      ...createLaudoActivities({ knex: opts.knex, publisher: opts.publisher }),
      ...createStudyIngestActivities({ knex: opts.knex, publisher: opts.publisher, storage: opts.storage }),
      ...createOrchestratorActivities({ knex: opts.knex, temporal, taskQueue: opts.taskQueue }),
      ...createPrintActivities({ knex: opts.knex, publisher: opts.publisher, storage: opts.storage }),
      ...createDownloadActivities({ knex: opts.knex, publisher: opts.publisher, storage: opts.storage }),
      ...createDeadlineActivities({
        knex: opts.knex,
        publisher: opts.publisher,
        mail: opts.mail ?? outboxTransport,
        publicUrl: opts.publicUrl,
      }),
      ...createCriticalAckActivities({
        knex: opts.knex,
        publisher: opts.publisher,
        mail: opts.mail ?? outboxTransport,
        publicUrl: opts.publicUrl,
      }),
    },
  });
  return { worker, connection };
}

const noop = () => undefined;
const quietBundlerLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: console.error, log: noop };
