import { defineSignal } from '@temporalio/workflow';

/**
 * The redistribution of studies waiting for the orchestrator (ADR 031): one run per account,
 * started (or told to go again) when its distribution is resumed or its filters change, and
 * one for every account started by the minute sweep (a doctor whose shift began).
 */
export const redistributeWorkflowId = (scope: { accountId: string } | { taskQueue: string }) =>
  'accountId' in scope ? `redistribute:${scope.accountId}` : `redistribute:all:${scope.taskQueue}`;

/** Something changed while a run was going: it goes over the waiting studies once more. */
export const redistributeAgain = defineSignal('again');

export interface RedistributeInput {
  /** null: every account whose distribution is on. */
  accountId: string | null;
}

export interface RedistributeActivities {
  /** Gives each waiting study its doctor, urgent first (services/orchestrator/redistribute.ts). */
  redistributeWaiting(input: RedistributeInput): Promise<{ examined: number; assigned: number }>;
}
