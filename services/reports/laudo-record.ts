import type { Knex } from 'knex';
import { accountSetting } from '../../domain/accounts/settings';
import type { Actor } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { isLaudoState } from '../../domain/laudo/states';
import { type LaudoSnapshot, allowedActions } from '../../domain/laudo/transitions';
import { toLaudoSnapshot } from '../../domain/laudo/snapshot';
import type { ReportView } from '../../domain/studies/schemas';
import type { LaudoRecord } from '../../workflows/laudo/messages';

/**
 * The laudo as its projection holds it, and when it last changed. The snapshot written by
 * the workflow is authoritative; a report no workflow touched yet (seeded, ingested) is
 * read from its columns and its studies. Either way this is the first input of a workflow
 * created lazily.
 */
export async function loadLaudoRecord(
  knex: Knex,
  accountId: string,
  laudoId: string,
): Promise<{ record: LaudoRecord; updatedAt: Date }> {
  const laudo = (await knex('laudos').where({ id: laudoId, account_id: accountId }).first()) as LaudoRow | undefined;
  return laudoRecordOf(knex, accountId, laudo);
}

/** A `laudos` row, as far as a record reads it. */
export interface LaudoRow {
  id: string;
  account_id: string;
  institution_id: string | null;
  state: number;
  version: number;
  seq: number;
  user_id: string | null;
  doctor_name: string | null;
  responsible_user_id: string | null;
  review_user_id: string | null;
  opinion_user_id: string | null;
  transcriptionist_user_id: string | null;
  structured_type: LaudoSnapshot['structuredType'];
  audio_key: string | null;
  is_digitally_signed: boolean;
  has_opinion_signature: boolean;
  content_id: string | null;
  review_content_id: string | null;
  snapshot: LaudoSnapshot | null;
  updated_at: Date | string;
}

/**
 * The same from a `laudos` row read already: as the driver returns it, or as `to_jsonb` does
 * beside the exam it belongs to (one round trip for a report action, ADR 049), where
 * timestamps come as text.
 */
export async function laudoRecordOf(
  knex: Knex,
  accountId: string,
  laudo: LaudoRow | undefined,
): Promise<{ record: LaudoRecord; updatedAt: Date }> {
  if (!laudo || laudo.account_id !== accountId || !isLaudoState(laudo.state)) throw new AppError('NOT_FOUND');
  const laudoId = laudo.id;
  const updatedAt = new Date(laudo.updated_at);
  const meta = {
    laudoId,
    accountId: laudo.account_id,
    institutionId: laudo.institution_id,
    seq: laudo.seq,
    contentId: laudo.content_id,
    reviewContentId: laudo.review_content_id,
  };
  if (laudo.snapshot) return { record: { ...laudo.snapshot, ...meta }, updatedAt };

  const studies: { id: string; modalities: string[]; patient_id: string }[] = await knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .where({ 's.laudo_id': laudoId, 's.account_id': accountId })
    .orderBy('s.created_at')
    .select('s.id', 's.modalities', 'p.patient_id');
  const [account, archived, content] = await Promise.all([
    knex('accounts').where({ id: accountId }).first('config'),
    knex('laudo_versions').where({ laudo_id: laudoId, cancelled: true }).first('id'),
    meta.contentId ? knex('laudo_contents').where({ id: meta.contentId }).first('is_empty') : undefined,
  ]);
  const snapshot = toLaudoSnapshot({
    state: laudo.state,
    version: laudo.version,
    userId: laudo.user_id,
    doctorName: laudo.doctor_name,
    responsibleUserId: laudo.responsible_user_id ?? laudo.user_id,
    reviewUserId: laudo.review_user_id,
    opinionUserId: laudo.opinion_user_id,
    transcriptionistUserId: laudo.transcriptionist_user_id,
    audioKey: laudo.audio_key,
    hasOldVersion: Boolean(archived),
    hasInstitution: laudo.institution_id !== null,
    structuredType: laudo.structured_type,
    modalities: [...new Set(studies.flatMap((s) => s.modalities))],
    allowSismama: accountSetting(account?.config, 'ALLOW_REPORT_SISMAMA'),
    patientId: studies[0]?.patient_id ?? null,
    studyIds: studies.map((s) => s.id),
    contentEmpty: content ? Boolean(content.is_empty) : true,
    isDigitallySigned: laudo.is_digitally_signed,
    hasOpinionSignature: laudo.has_opinion_signature,
  });
  return { record: { ...snapshot, ...meta }, updatedAt };
}

export function presentReport(record: LaudoRecord, updatedAt: Date, actor: Actor): ReportView {
  return {
    laudoId: record.laudoId,
    state: record.state,
    version: record.version,
    userId: record.userId,
    doctorName: record.doctorName,
    responsibleUserId: record.responsibleUserId,
    reviewUserId: record.reviewUserId,
    opinionUserId: record.opinionUserId,
    transcriptionistUserId: record.transcriptionistUserId,
    structuredType: record.structuredType,
    studyIds: record.studyIds,
    hasOldVersion: record.hasOldVersion,
    contentEmpty: record.contentEmpty,
    updatedAt: updatedAt.toISOString(),
    // The editor sends its text with finish and the like: judged with it (domain allowedActions).
    allowedActions: allowedActions(record, actor, { textSent: true }),
  };
}
