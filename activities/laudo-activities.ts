import type { Knex } from 'knex';
import type { LivePublisher } from '../live/publisher';
import { publishStudyDocuments } from '../live/study-documents';
import { onPostgresServer } from '../db/connection';
import { commitNotice } from '../services/reports/commit-notices';
import { PROJECTION_LABEL, projectWithMoreWrites, projectionStatement } from './laudo-projection';
import type { LaudoActivities } from './types';

/** Builds the laudo activities around their dependencies (tests inject their own). */
export function createLaudoActivities(deps: { knex: Knex; publisher: LivePublisher }): LaudoActivities {
  const { knex, publisher } = deps;

  return {
    async commitTransition(transition) {
      // Most transitions project in one statement: it goes with the live document's read
      // (committed first, in the same round trip: ADR 053). The others project on their own.
      const statement = projectionStatement(knex, transition);
      if (!statement) await projectWithMoreWrites(knex, transition);
      // Published from the projection (also on a retry), so the newest state goes out.
      const touched = new Set([
        ...transition.record.studyIds,
        ...transition.before.studyIds,
        ...transition.detached.map((d) => d.studyId),
      ]);
      // Committed and published: the api waiting for this Update may answer now, before the
      // workflow task that completes it (ADR 042). The notice goes out when the last document's
      // transaction commits.
      const notice = onPostgresServer(knex) ? commitNotice(transition.updateId, transition.record) : null;
      await publishStudyDocuments(knex, publisher, [...touched], {
        ...(notice ? { notice } : {}),
        ...(statement ? { committing: { statement, label: PROJECTION_LABEL } } : {}),
      });
    },
  };
}
