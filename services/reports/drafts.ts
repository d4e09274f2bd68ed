/**
 * The study's draft (spec 1 §3 studyDrafts) with its revision (issue 23). A save names the
 * revision its text was typed on; when the server holds another one the save is refused
 * (DRAFT_CONFLICT) instead of silently replacing a text typed elsewhere. A save without a
 * revision (older clients, the structured form) keeps the last-write-wins merge.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import type { SavedDraft } from '../../domain/studies/report-answers';

export interface DraftOwner {
  studyId: string;
  accountId: string;
  institutionId: string | null;
}

export interface DraftFields {
  content?: string | null;
  reviewContent?: string | null;
  contentStructuredReport?: unknown[] | null;
  /** The revision the text was typed on. */
  revision?: number;
  /** The editor instance that writes. */
  writer?: string;
}

export async function saveDraft(knex: Knex, owner: DraftOwner, fields: DraftFields): Promise<SavedDraft> {
  return inTransaction(knex, async (trx) => {
    // One writer per study at a time: the revision read below is the one replaced.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`study-draft:${owner.studyId}`]);
    const current = await trx('study_drafts').where({ study_id: owner.studyId }).first('revision', 'account_id');
    if (current && current.account_id !== owner.accountId) throw new AppError('NOT_FOUND');
    const held: number = current?.revision ?? 0;
    if (fields.revision !== undefined && fields.revision !== held) throw new AppError('DRAFT_CONFLICT');
    const row = {
      study_id: owner.studyId,
      account_id: owner.accountId,
      institution_id: owner.institutionId,
      ...(fields.content !== undefined ? { content: fields.content } : {}),
      ...(fields.reviewContent !== undefined ? { review_content: fields.reviewContent } : {}),
      ...(fields.contentStructuredReport !== undefined
        ? { content_structured_report: JSON.stringify(fields.contentStructuredReport) }
        : {}),
      revision: held + 1,
      writer: fields.writer ?? null,
      updated_at: new Date(),
    };
    const [saved] = await trx('study_drafts')
      .insert(row)
      .onConflict('study_id')
      .merge()
      .returning(['updated_at', 'revision', 'writer']);
    return {
      updatedAt: new Date(saved.updated_at).toISOString(),
      revision: saved.revision as number,
      writer: saved.writer ?? null,
    };
  });
}
