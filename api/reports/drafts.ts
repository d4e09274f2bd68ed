/**
 * Draft routes (spec 1 §3 studyDrafts): autosaved by the editor, never through the workflow.
 * Each save counts the draft's revision up and republishes the study's live document, so
 * another tab on the same report learns at once that the text changed (issue 23).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { DraftAnswer } from '../../domain/studies/report-answers';
import { check } from '../../domain/laudo/transitions';
import { publishStudyDocuments } from '../../live/study-documents';
import { MAX_CONTENT_BYTES } from '../../services/reports/contents';
import { saveDraft } from '../../services/reports/drafts';
import { actorFor } from '../access/access';
import { assertMayReadReport } from './read-access';
import type { ApiDeps } from '../deps';
import { body } from '../http/validate';
import type { ReportContext } from './run-action';

const Content = z.string().max(MAX_CONTENT_BYTES);
export const DraftBody = z
  .object({
    content: Content.nullable().optional(),
    reviewContent: Content.nullable().optional(),
    contentStructuredReport: z.array(z.unknown()).max(500).nullable().optional(),
    /** The draft revision this text was typed on: another one on the server refuses the save. */
    revision: z.number().int().min(0).optional(),
    /** Which editor (browser tab) writes: told back to the tabs with the revision. */
    writer: z.string().min(1).max(64).optional(),
  })
  .strict();

export function registerDraftRoutes(
  router: Router,
  deps: ApiDeps,
  prefix: string,
  load: (ctx: Context) => Promise<ReportContext>,
): void {
  const { knex } = deps;

  router.get(`${prefix}/:id/drafts`, async (ctx) => {
    const rc = await load(ctx);
    assertMayReadReport(rc);
    const draft = await knex('study_drafts').where({ study_id: rc.study.id, account_id: rc.access.accountId }).first();
    const answer: z.output<typeof DraftAnswer> = {
      draft: draft
        ? {
            studyId: draft.study_id,
            content: draft.content,
            reviewContent: draft.review_content,
            contentStructuredReport: draft.content_structured_report,
            updatedAt: new Date(draft.updated_at).toISOString(),
            revision: draft.revision,
            writer: draft.writer ?? null,
          }
        : null,
    };
    ctx.body = answer;
  });

  router.put(`${prefix}/:id/drafts`, async (ctx) => {
    const rc = await load(ctx);
    const b = body(ctx, DraftBody);
    const result = check(rc.record, 'saveDraft', actorFor(rc.access, rc.study.institutionId));
    if (!result.ok) throw new AppError(result.code);
    const saved = await saveDraft(
      knex,
      { studyId: rc.study.id, accountId: rc.access.accountId, institutionId: rc.study.institutionId },
      b,
    );
    // The draft is saved whatever happens to the live document (a broker hiccup is not a lost text).
    await publishStudyDocuments(knex, deps.publisher, [rc.study.id]).catch((err: unknown) =>
      deps.logger.warn({ err, studyId: rc.study.id }, 'draft saved; live document not published'),
    );
    ctx.body = { draft: { studyId: rc.study.id, ...saved } };
  });
}
