/**
 * Temporal's own floor under a report action (issue 20, ADR 051). The same dev server as the
 * platform (scripts/temporal-dev.ts: this project's dynamic configuration, SQLite in memory) and
 * the same SDK run a workflow that only accepts an Update and awaits one no-op activity
 * (floor-workflow.ts): no HTTP, no database, no broker, no code of ours. Since an action answers
 * once its commit activity has done its work (ADR 042), the time from sending the Update to that
 * activity's first line is the least any action can take here, whatever the api and the
 * projection do. Prints it beside the action's goals, and the server's CPU per Update.
 *
 *   npm run bench:temporal-floor        BENCH_N=600 npm run bench:temporal-floor
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection, WithStartWorkflowOperation, WorkflowUpdateStage } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { freePort, startTemporalDev } from '../scripts/temporal-dev';
import { findTemporal } from '../scripts/tools';
import { installRuntime } from '../worker/worker';
import { actUpdate } from './floor-workflow';
import { atMost, printFigures } from './report-table';
import { pct } from './support';
import { runBench } from './run';

const N = Number(process.env.BENCH_N ?? 300);
const WORKFLOWS = 30;
const TASK_QUEUE = 'temporal-floor';

/** A process's CPU time (user + system, every thread), in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main(): Promise<void> {
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  installRuntime();
  const dev = await startTemporalDev({ bin: findTemporal(process.env.TEMPORAL_CLI), port: await freePort(), uiPort: null });
  // Each activity tells the bench when its first line ran, by the key the Update carries.
  const started = new Map<string, (at: number) => void>();
  const nativeConnection = await NativeConnection.connect({ address: dev.address });
  const worker = await Worker.create({
    connection: nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: path.resolve(__dirname, `floor-workflow${path.extname(__filename)}`),
    activities: {
      async touch(key: string) {
        started.get(key)?.(performance.now());
      },
    },
  });
  const running = worker.run();
  const connection = await Connection.connect({ address: dev.address });
  const client = new Client({ connection });
  try {
    const ids = Array.from({ length: WORKFLOWS }, () => `floor-${randomUUID()}`);
    for (const workflowId of ids) await client.workflow.start('floorWorkflow', { workflowId, taskQueue: TASK_QUEUE });

    /** One Update: sent → accepted, sent → the activity's first line, sent → completed. */
    const act = async (workflowId: string, withStart: boolean) => {
      const key = randomUUID();
      const activityStarted = new Promise<number>((resolve) => started.set(key, resolve));
      const sent = performance.now();
      const options = { args: [key] as [string], updateId: key, waitForStage: WorkflowUpdateStage.ACCEPTED } as const;
      const handle = withStart
        ? await client.workflow.startUpdateWithStart(actUpdate, {
            ...options,
            startWorkflowOperation: new WithStartWorkflowOperation('floorWorkflow', {
              workflowId,
              taskQueue: TASK_QUEUE,
              workflowIdConflictPolicy: 'USE_EXISTING',
            }),
          })
        : await client.workflow.getHandle(workflowId).startUpdate(actUpdate, options);
      const accepted = performance.now() - sent;
      const activity = (await activityStarted) - sent;
      await handle.result();
      started.delete(key);
      return { accepted, activity, completed: performance.now() - sent };
    };

    for (let i = 0; i < 30; i++) await act(ids[i % WORKFLOWS]!, false); // warm-up
    const cpuBefore = cpuMs(dev.process.pid!);
    const warm = [];
    for (let i = 0; i < N; i++) warm.push(await act(ids[i % WORKFLOWS]!, false));
    const cpuPerUpdate = (cpuMs(dev.process.pid!) - cpuBefore) / N;
    // The same running workflows reached by update-with-start, as a first action is sent.
    const warmWithStart = [];
    for (let i = 0; i < N; i++) warmWithStart.push(await act(ids[i % WORKFLOWS]!, true));
    const cold = [];
    for (let i = 0; i < Math.min(N, 200); i++) cold.push(await act(`floor-${randomUUID()}`, true));

    const p50 = (rows: { [k: string]: number }[], key: string) =>
      pct(
        rows.map((r) => r[key]!).sort((a, b) => a - b),
        50,
      );
    const p90 = (rows: { [k: string]: number }[], key: string) =>
      pct(
        rows.map((r) => r[key]!).sort((a, b) => a - b),
        90,
      );
    console.log(
      `\nTemporal's floor under a report action: a no-op Update + activity, no code of ours; dev server, ` +
        `${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} (before: ${loadBefore})`,
    );
    for (const [label, rows] of [
      [`workflow running, plain Update (n=${warm.length})`, warm],
      [`workflow running, update-with-start (n=${warmWithStart.length})`, warmWithStart],
      [`created by the Update, update-with-start (n=${cold.length})`, cold],
    ] as const) {
      console.log(`  ${label}`);
      for (const key of ['accepted', 'activity', 'completed'])
        console.log(
          `    sent → ${key.padEnd(10)} p50 ${p50(rows, key).toFixed(2).padStart(7)} ms   p90 ${p90(rows, key).toFixed(2).padStart(7)} ms`,
        );
    }
    console.log(`  server CPU per Update with its activity (workflow running): ${cpuPerUpdate.toFixed(1)} ms\n`);
    // The goals are the action's (issue 20): the floor alone is what no code of ours can go under.
    printFigures([
      { figure: 'Temporal floor, workflow running: Update accepted, p50', measured: p50(warm, 'accepted'), unit: ' ms' },
      {
        figure: 'Temporal floor, workflow running: to the activity, p50',
        measured: p50(warm, 'activity'),
        unit: ' ms',
        goal: atMost(20),
      },
      {
        figure: 'Temporal floor, new workflow: to the activity, p50',
        measured: p50(cold, 'activity'),
        unit: ' ms',
        goal: atMost(30),
      },
      { figure: 'Temporal server CPU per Update with an activity', measured: cpuPerUpdate, unit: ' ms' },
    ]);
    console.log('');
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
    await nativeConnection.close();
    await dev.stop();
  }
}

runBench(main);
