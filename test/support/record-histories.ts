/**
 * Records the laudo workflow histories replayed by workflows/laudo/replay.test.ts.
 * Run it when a deliberate, patched() change calls for a new fixture:
 *   npx tsx test/support/record-histories.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { execFileSync } from 'node:child_process';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Actor } from '../../domain/auth/permissions';
import { LaudoState } from '../../domain/laudo/states';
import { startTemporalDev } from '../../scripts/temporal-dev';
import { findTemporal } from '../../scripts/tools';
import { workflowBundle } from '../../worker/worker';
import { laudoWorkflowId, startUpdate } from '../../workflows/laudo/messages';

const OUT = path.resolve(__dirname, '..', 'fixtures', 'histories');

async function main(): Promise<void> {
  const temporal = await startTemporalDev({ bin: findTemporal(), port: 17999, uiPort: null });
  try {
    const client = new Client({ connection: await Connection.connect({ address: temporal.address }) });
    const taskQueue = 'record';
    const worker = await Worker.create({
      connection: await NativeConnection.connect({ address: temporal.address }),
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: { commitTransition: async () => undefined },
    });
    const laudoId = '6f1c0b1e-0000-4000-8000-000000000001';
    const input = {
      laudoId,
      accountId: '6f1c0b1e-0000-4000-8000-0000000000a1',
      institutionId: '6f1c0b1e-0000-4000-8000-0000000000b1',
      studyIds: ['6f1c0b1e-0000-4000-8000-0000000000c1'],
      state: LaudoState.NOT_STARTED,
      version: 0,
      userId: null,
      doctorName: null,
      structuredType: '' as const,
      seq: 0,
    };
    const actor = (userId: string, permissions: Actor['permissions']): Actor => ({
      userId,
      name: 'Dr. Fixture',
      permissions,
      isAccountAdmin: false,
      superRole: false,
    });
    const start = (who: Actor) =>
      client.workflow
        .executeUpdateWithStart(startUpdate, {
          args: [{ actor: who }],
          updateId: randomUUID(),
          startWorkflowOperation: new WithStartWorkflowOperation('laudoWorkflow', {
            workflowId: laudoWorkflowId(laudoId),
            taskQueue,
            args: [input],
            workflowIdConflictPolicy: 'USE_EXISTING',
          }),
        })
        .catch(() => undefined);
    await worker.runUntil(async () => {
      await start(actor('6f1c0b1e-0000-4000-8000-0000000000d1', ['STUDIES_TRANSCRIBE_REPORTS'])); // refused
      await Promise.all([
        start(actor('6f1c0b1e-0000-4000-8000-0000000000d2', ['STUDIES_SAVE_REPORTS'])),
        start(actor('6f1c0b1e-0000-4000-8000-0000000000d3', ['STUDIES_SAVE_REPORTS'])),
      ]);
    });
    // The CLI writes the standard JSON history format that historyFromJSON reads.
    const json = execFileSync(
      findTemporal(),
      ['workflow', 'show', '--address', temporal.address, '-w', laudoWorkflowId(laudoId), '--output', 'json'],
      { encoding: 'utf8' },
    );
    fs.mkdirSync(OUT, { recursive: true });
    fs.writeFileSync(path.join(OUT, 'laudo-start.json'), json);
    console.log(`wrote ${path.join(OUT, 'laudo-start.json')} (${JSON.parse(json).events.length} events)`);
    await client.workflow.getHandle(laudoWorkflowId(laudoId)).terminate('recorded');
  } finally {
    await temporal.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
