/**
 * The ingest workflow's distribution activity (issue 18): the orchestrator's choice for a
 * stable study, made and applied by services/orchestrator/distribute.ts.
 */
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { distributeStudy } from '../services/orchestrator/distribute';
import type { OrchestratorActivities } from '../workflows/study-ingest/messages';

export function createOrchestratorActivities(deps: { knex: Knex; temporal: Client; taskQueue: string }): OrchestratorActivities {
  return {
    distributeStudy: ({ accountId, studyId }) => distributeStudy(deps, accountId, studyId),
  };
}
