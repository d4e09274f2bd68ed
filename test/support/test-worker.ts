/**
 * A worker with the project's workflow bundle on its own task queue, and a client, against
 * the run's Temporal dev server: the harness of the workflow tests that inject activities.
 */
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { WORKER_TUNING, installRuntime, workflowBundle } from '../../worker/worker';
import { testEnv } from '../setup/env';

export interface TestWorker {
  client: Client;
  stop(): Promise<void>;
}

export async function startTestWorker(taskQueue: string, activities: object): Promise<TestWorker> {
  installRuntime('ERROR');
  const connection = await Connection.connect({ address: testEnv('temporalAddress') });
  const nativeConnection = await NativeConnection.connect({ address: testEnv('temporalAddress') });
  const worker = await Worker.create({
    ...WORKER_TUNING,
    connection: nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
  });
  const running = worker.run();
  return {
    client: new Client({ connection }),
    async stop() {
      worker.shutdown();
      await running;
      await nativeConnection.close();
      await connection.close();
    },
  };
}
