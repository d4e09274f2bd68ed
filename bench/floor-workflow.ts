/**
 * The least a report action can be on Temporal (bench/temporal-floor.ts): a workflow that accepts
 * an Update and awaits one activity, as laudoWorkflow accepts an action and commits it (ADR 010),
 * with nothing of ours in either. Bundled by that bench alone.
 */
import { condition, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';

export const actUpdate = defineUpdate<void, [string]>('act');

const { touch } = proxyActivities<{ touch(key: string): Promise<void> }>({ startToCloseTimeout: '10 seconds' });

export async function floorWorkflow(): Promise<void> {
  setHandler(actUpdate, async (key) => {
    await touch(key);
  });
  await condition(() => false);
}
