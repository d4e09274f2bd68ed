import type { Knex } from 'knex';
import { type LiveStudyDocument, studyTopic } from '../domain/live/study-document';
import type { LivePublisher } from '../live/publisher';
import type { LaudoTransition } from '../workflows/laudo/messages';
import type { LaudoActivities } from './types';

/** Builds the laudo activities around their dependencies (tests inject their own). */
export function createLaudoActivities(deps: { knex: Knex; publisher: LivePublisher }): LaudoActivities {
  const { knex, publisher } = deps;

  const parts = {
    async projectLaudo({ action, actorUserId, record, at }: LaudoTransition): Promise<void> {
      await knex.transaction(async (trx) => {
        // Guarded by seq: a retried or late activity never moves the projection back.
        const updated = await trx('laudos')
          .where({ id: record.laudoId, account_id: record.accountId })
          .andWhere('seq', '<', record.seq)
          .update({
            state: record.state,
            version: record.version,
            user_id: record.userId,
            doctor_name: record.doctorName,
            structured_type: record.structuredType,
            responsible_user_id: record.userId,
            seq: record.seq,
            updated_at: at,
          });
        if (updated === 0) return; // already projected
        await trx('studies')
          .where({ laudo_id: record.laudoId, account_id: record.accountId })
          .update({ laudo_state: record.state, laudo_user_id: record.userId, updated_at: at });
        if (action === 'start') {
          await trx('laudo_versions')
            .insert({
              account_id: record.accountId,
              laudo_id: record.laudoId,
              version: record.version,
              state: record.state,
              user_id: record.userId,
              created_at: at,
              updated_at: at,
            })
            .onConflict(['laudo_id', 'version'])
            .merge(['state', 'user_id', 'updated_at']);
        }
        await trx('audit_log').insert({
          account_id: record.accountId,
          user_id: actorUserId,
          action: `laudo.${action}`,
          laudo_id: record.laudoId,
          study_id: record.studyIds[0] ?? null,
          detail: { state: record.state, version: record.version, seq: record.seq, studyIds: record.studyIds },
          at,
        });
      });
    },

    async publishLaudo(laudoId: string): Promise<void> {
      const rows = await knex('studies as s')
        .join('laudos as l', 'l.id', 's.laudo_id')
        .where('l.id', laudoId)
        .select(
          's.id as studyId',
          'l.id as laudoId',
          's.account_id as accountId',
          's.institution_id as institutionId',
          'l.state as laudoState',
          'l.user_id as laudoUserId',
          'l.doctor_name as doctorName',
          'l.review_user_id as laudoReviewUserId',
          'l.structured_type as structuredType',
          'l.seq as seq',
          'l.updated_at as updatedAt',
        );
      await Promise.all(
        rows.map(
          (
            r: Omit<LiveStudyDocument, 'narratedReport' | 'statusFinding' | 'levelAndNameCriticalFinding' | 'updatedAt'> & {
              updatedAt: Date;
            },
          ) => {
            const doc: LiveStudyDocument = {
              ...r,
              narratedReport: r.laudoState === 22,
              statusFinding: null,
              levelAndNameCriticalFinding: null,
              updatedAt: new Date(r.updatedAt).toISOString(),
            };
            return publisher.publishRetained(studyTopic(r.accountId, r.institutionId, r.studyId), JSON.stringify(doc));
          },
        ),
      );
    },
  };

  return {
    async commitTransition(transition) {
      await parts.projectLaudo(transition);
      // Published from the projection, so a retry or a late commit sends the newest state.
      await parts.publishLaudo(transition.record.laudoId);
    },
  };
}
