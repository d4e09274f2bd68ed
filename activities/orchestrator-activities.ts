/**
 * The orchestrator's activities (issue 18): the choice for a stable study (the ingest
 * workflow's) and the redistribution of waiting studies (ADR 031), made and applied by
 * services/orchestrator/.
 */
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { distributeStudy } from '../services/orchestrator/distribute';
import { redistributeWaiting } from '../services/orchestrator/redistribute';
import type { RedistributeActivities } from '../workflows/orchestrator/messages';
import type { OrchestratorActivities } from '../workflows/study-ingest/messages';

export function createOrchestratorActivities(deps: {
  knex: Knex;
  temporal: Client;
  taskQueue: string;
}): OrchestratorActivities & RedistributeActivities {
  return {
    distributeStudy: ({ accountId, studyId }) => distributeStudy(deps, accountId, studyId),
    redistributeWaiting: ({ accountId }) => redistributeWaiting(deps, accountId),
  };
}
