import type { Knex } from 'knex';
import { hasVersionDocument } from '../../domain/laudo/version-document';
import type { VersionEntry, VersionStatus } from '../../domain/studies/report-answers';

export function versionStatus(v: { state: number; cancelled: boolean; is_digitally_signed: boolean }): VersionStatus {
  if (v.cancelled) return 'CANCELLED';
  if (v.state === 0) return 'NOT_STARTED';
  if (v.state === 3 || v.is_digitally_signed) return 'SIGNED';
  if (v.state === 2 || v.state === 20 || v.state === 21) return 'FINISHED';
  return 'IN_PROGRESS';
}

/** The versions table of spec 1 §2 (Version, Modified, Executor, Reviewer, 2nd Opinion, Narration, Status). */
export async function listVersions(knex: Knex, accountId: string, laudoId: string): Promise<VersionEntry[]> {
  const rows = await knex('laudo_versions as v')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('users as r', 'r.id', 'v.review_user_id')
    .leftJoin('users as o', 'o.id', 'v.opinion_user_id')
    .leftJoin('users as a', 'a.id', 'v.audio_user_id')
    .leftJoin('users as t', 't.id', 'v.transcriptionist_user_id')
    .where({ 'v.laudo_id': laudoId, 'v.account_id': accountId })
    .orderBy('v.version', 'desc')
    .select(
      'v.version',
      'v.state',
      'v.cancelled',
      'v.is_digitally_signed',
      'v.justification',
      'v.updated_at',
      'v.structured_type',
      'v.has_opinion_signature',
      'v.content_id',
      // Signed PDFs are kept per version (laudo_documents): the download serves them first.
      knex.raw(
        'exists (select 1 from laudo_documents d where d.laudo_id = v.laudo_id and d.account_id = v.account_id and d.version = v.version) as "signedDocument"',
      ),
      'u.name as userName',
      'r.name as reviewName',
      'o.name as opinionName',
      'a.name as audioName',
      't.name as typistName',
    );
  return rows.map((v) => ({
    version: v.version as number,
    updatedAt: new Date(v.updated_at).toISOString(),
    laudo: { state: v.state as number },
    status: versionStatus(v),
    justification: (v.justification as Record<string, unknown> | null) ?? null,
    user: v.userName ? { name: v.userName as string } : null,
    userReview: v.reviewName ? { name: v.reviewName as string } : null,
    doctorNameOpinion: (v.opinionName as string | null) ?? null,
    laudoAudio: v.audioName ? { userNameAudio: v.audioName as string } : null,
    typistName: (v.typistName as string | null) ?? null,
    structuredType: v.structured_type as string,
    hasOpinionSignature: v.has_opinion_signature as boolean,
    /** Whether `reports/download?version=` answers a PDF: the versions table shows its button. */
    hasDocument: hasVersionDocument({
      state: v.state as number,
      cancelled: v.cancelled as boolean,
      hasContent: Boolean(v.content_id),
      signed: Boolean(v.signedDocument),
    }),
  }));
}
