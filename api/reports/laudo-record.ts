import type { Knex } from 'knex';
import type { Actor } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { isLaudoState } from '../../domain/laudo/states';
import { allowedActions } from '../../domain/laudo/transitions';
import type { ReportView } from '../../domain/studies/schemas';
import type { LaudoRecord } from '../../workflows/laudo/messages';

/**
 * The laudo as its projection holds it (the workflow's first input when the workflow is
 * created lazily) and when it last changed.
 */
export async function loadLaudoRecord(
  knex: Knex,
  accountId: string,
  laudoId: string,
): Promise<{ record: LaudoRecord; updatedAt: Date }> {
  const laudo = await knex('laudos').where({ id: laudoId, account_id: accountId }).first();
  if (!laudo || !isLaudoState(laudo.state)) throw new AppError('NOT_FOUND');
  const studyIds: string[] = await knex('studies')
    .where({ laudo_id: laudoId, account_id: accountId })
    .orderBy('created_at')
    .pluck('id');
  const record: LaudoRecord = {
    laudoId: laudo.id,
    accountId: laudo.account_id,
    institutionId: laudo.institution_id,
    studyIds,
    state: laudo.state,
    version: laudo.version,
    userId: laudo.user_id,
    doctorName: laudo.doctor_name,
    structuredType: laudo.structured_type,
    seq: laudo.seq,
  };
  return { record, updatedAt: laudo.updated_at };
}

export function presentReport(record: LaudoRecord, updatedAt: Date, actor: Actor): ReportView {
  return {
    laudoId: record.laudoId,
    state: record.state,
    version: record.version,
    userId: record.userId,
    doctorName: record.doctorName,
    updatedAt: updatedAt.toISOString(),
    allowedActions: allowedActions(record, actor),
  };
}
