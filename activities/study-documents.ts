import type { Knex } from 'knex';
import { type LiveStudyDocument, studyTopic } from '../domain/live/study-document';
import type { LivePublisher } from '../live/publisher';

/** Publishes the retained live document of each study, read from the projection. */
export async function publishStudyDocuments(knex: Knex, publisher: LivePublisher, studyIds: string[]): Promise<void> {
  if (studyIds.length === 0) return;
  const rows = await knex('studies as s')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .whereIn('s.id', studyIds)
    .select('s.id as studyId', 's.account_id', 's.institution_id', 's.stable_at', 'l.*');
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
        ...(r.stable_at ? { arrivedAt: new Date(r.stable_at).toISOString() } : {}),
      };
      return publisher.publishRetained(studyTopic(r.account_id, r.institution_id, r.studyId), JSON.stringify(doc));
    }),
  );
}
