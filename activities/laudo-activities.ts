import type { Knex } from 'knex';
import type { LivePublisher } from '../live/publisher';
import { projectTransition } from './laudo-projection';
import { publishStudyDocuments } from './study-documents';
import type { LaudoActivities } from './types';

/** Builds the laudo activities around their dependencies (tests inject their own). */
export function createLaudoActivities(deps: { knex: Knex; publisher: LivePublisher }): LaudoActivities {
  const { knex, publisher } = deps;

  const publishStudies = (studyIds: string[]) => publishStudyDocuments(knex, publisher, studyIds);

  return {
    async commitTransition(transition) {
      await projectTransition(knex, transition);
      // Published from the projection (also on a retry), so the newest state goes out.
      const touched = new Set([
        ...transition.record.studyIds,
        ...transition.before.studyIds,
        ...transition.detached.map((d) => d.studyId),
      ]);
      await publishStudies([...touched]);
    },
  };
}
