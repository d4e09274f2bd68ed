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
 * created lazily. One round trip either way.
 */
export async function loadLaudoRecord(
  knex: Knex,
  accountId: string,
  laudoId: string,
): Promise<{ record: LaudoRecord; updatedAt: Date }> {
  const row = (await knex('laudos as l')
    .where({ 'l.id': laudoId, 'l.account_id': accountId })
    .first('l.*', knex.raw(`${laudoPartsSql('l')} AS "laudoParts"`))) as
    (LaudoRow & { laudoParts: LaudoParts | null }) | undefined;
  if (!row) throw new AppError('NOT_FOUND');
  const { laudoParts, ...laudo } = row;
  return laudoRecordOf(accountId, laudo, laudoParts);
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

/** What a report without a snapshot is read from besides its row (laudoPartsSql). */
export interface LaudoParts {
  studies: { id: string; modalities: string[]; patient_id: string | null }[];
  config: Record<string, unknown> | null;
  archived: boolean;
  contentEmpty: boolean | null;
}

/**
 * `LaudoParts` as a column beside the `laudos` row aliased `l`: null once the report has its
 * snapshot, when none of its subqueries runs.
 */
export function laudoPartsSql(l: string): string {
  return `CASE WHEN ${l}.snapshot IS NULL THEN json_build_object(
    'studies', (SELECT coalesce(json_agg(json_build_object('id', ps.id, 'modalities', ps.modalities, 'patient_id', pp.patient_id) ORDER BY ps.created_at), '[]'::json)
      FROM studies ps JOIN patients pp ON pp.id = ps.patient_ref WHERE ps.laudo_id = ${l}.id AND ps.account_id = ${l}.account_id),
    'config', (SELECT pa.config FROM accounts pa WHERE pa.id = ${l}.account_id),
    'archived', EXISTS (SELECT 1 FROM laudo_versions pv WHERE pv.laudo_id = ${l}.id AND pv.cancelled),
    'contentEmpty', (SELECT pc.is_empty FROM laudo_contents pc WHERE pc.id = ${l}.content_id)) END`;
}

/**
 * The record from a `laudos` row and its parts, read already: as the driver returns them, or
 * as `to_jsonb` does beside the exam they belong to (ADR 049), where timestamps come as text.
 */
export function laudoRecordOf(
  accountId: string,
  laudo: LaudoRow | undefined,
  parts: LaudoParts | null | undefined,
): { record: LaudoRecord; updatedAt: Date } {
  if (!laudo || laudo.account_id !== accountId || !isLaudoState(laudo.state)) throw new AppError('NOT_FOUND');
  const updatedAt = new Date(laudo.updated_at);
  const meta = {
    laudoId: laudo.id,
    accountId: laudo.account_id,
    institutionId: laudo.institution_id,
    seq: laudo.seq,
    contentId: laudo.content_id,
    reviewContentId: laudo.review_content_id,
  };
  if (laudo.snapshot) return { record: { ...laudo.snapshot, ...meta }, updatedAt };
  if (!parts) throw new Error(`laudo ${laudo.id}: read without its parts`);

  const studies = parts.studies;
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
    hasOldVersion: parts.archived,
    hasInstitution: laudo.institution_id !== null,
    structuredType: laudo.structured_type,
    modalities: [...new Set(studies.flatMap((s) => s.modalities))],
    allowSismama: accountSetting(parts.config, 'ALLOW_REPORT_SISMAMA'),
    patientId: studies[0]?.patient_id ?? null,
    studyIds: studies.map((s) => s.id),
    contentEmpty: parts.contentEmpty === null ? true : Boolean(parts.contentEmpty),
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
