import type { Knex } from 'knex';
import { type LiveStudyDocument, studyTopic } from '../domain/live/study-document';
import type { LivePublisher } from '../live/publisher';
import { projectTransition } from './laudo-projection';
import type { LaudoActivities } from './types';

/** Builds the laudo activities around their dependencies (tests inject their own). */
export function createLaudoActivities(deps: { knex: Knex; publisher: LivePublisher }): LaudoActivities {
  const { knex, publisher } = deps;

  /** Publishes the retained live document of every study of these reports, from the projection. */
  async function publishStudies(studyIds: string[]): Promise<void> {
    if (studyIds.length === 0) return;
    const rows = await knex('studies as s')
      .join('laudos as l', 'l.id', 's.laudo_id')
      .whereIn('s.id', studyIds)
      .select('s.id as studyId', 's.account_id', 's.institution_id', 'l.*');
    await Promise.all(
      rows.map((r) => {
        const doc: LiveStudyDocument = {
          studyId: r.studyId,
          laudoId: r.id,
          accountId: r.account_id,
          institutionId: r.institution_id,
          laudoState: r.state,
          laudoUserId: r.user_id,
          doctorName: r.doctor_name,
          laudoReviewUserId: r.review_user_id,
          structuredType: r.structured_type,
          narratedReport: r.audio_key !== null,
          statusFinding: null,
          levelAndNameCriticalFinding: null,
          report: r.snapshot ?? null,
          seq: r.seq,
          updatedAt: new Date(r.updated_at).toISOString(),
        };
        return publisher.publishRetained(studyTopic(r.account_id, r.institution_id, r.studyId), JSON.stringify(doc));
      }),
    );
  }

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
