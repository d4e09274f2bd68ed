/**
 * Critical findings (spec 1 §7 `/studies/studyCriticalFinding`, `accountCriticalFinding`) and
 * comments (spec 2 §7 `/studies/comments`) of a study. Each change republishes the study's
 * live document, so list badges update everywhere.
 */
import { StudyRef } from '../../domain/studies/schemas';
import Router from '@koa/router';
import { CommentsQuery, PostCommentBody } from '../../domain/findings/comments';
import { FindingDecisionBody, RegisterFindingBody, canEditFindings } from '../../domain/findings/critical-findings';
import { parseOrThrow } from '../../domain/workspace/validate';
import { publishStudyDocuments } from '../../live/study-documents';
import { AppError } from '../../domain/errors';
import { type Access, actorFor } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { reachableExam } from '../labels/labels';
import { accountParam } from '../phrases/account-param';
import { listComments, markCommentsRead, postComment } from './comments';
import { RecordCommunicationBody } from '../../domain/findings/communications';
import { listCommunications, recordCommunication } from './communications';
import {
  decideFinding,
  deleteFinding,
  findStudyFinding,
  findingReport,
  forcedInReport,
  listAccountFindings,
  registerFinding,
} from './critical-findings';

export function findingRoutes(deps: ApiDeps): Router {
  const { knex, publisher } = deps;
  const router = new Router();
  router.use(requireSession(knex));
  const republish = (studyId: string) => publishStudyDocuments(knex, publisher, [studyId]);
  const bodyOf = (ctx: { request: unknown }) => (ctx.request as { body?: unknown }).body ?? {};
  /** The exam of a finding id, through the caller's access (another tenant's id is NOT_FOUND). */
  const findingExam = async (access: Access, findingId: string) => {
    const row = await knex('study_critical_findings').where({ id: findingId, account_id: access.accountId }).first('study_id');
    if (!row) throw new AppError('NOT_FOUND');
    return reachableExam(knex, access, row.study_id);
  };

  router.get('/accounts/:accountId/accountCriticalFinding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { criticalFindings: await listAccountFindings(knex, accountParam(ctx, access)) };
  });

  router.get('/studies/studyCriticalFinding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, query(ctx, StudyRef).studyId);
    const report = await findingReport(knex, exam);
    ctx.body = {
      finding: await findStudyFinding(knex, access.accountId, exam.id),
      canEdit: canEditFindings(actorFor(access, exam.institutionId)),
      isResponsible: report.responsibleUserId === access.userId,
      laudoState: report.state,
      forcedInReport: await forcedInReport(knex, exam),
    };
  });

  router.post('/studies/studyCriticalFinding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const { studyId, ...body } = parseOrThrow(RegisterFindingBody, bodyOf(ctx));
    const exam = await reachableExam(knex, access, studyId);
    const finding = await registerFinding(knex, access, exam, body, ctx.ip);
    await republish(exam.id);
    ctx.status = 201;
    ctx.body = { finding };
  });

  /** Accepts the suspicion `:id` (spec 1 §7 `PATCH /{id}`); `/reject` rejects it. */
  for (const action of ['accept', 'reject'] as const) {
    router.patch(
      action === 'accept' ? '/studies/studyCriticalFinding/:id' : '/studies/studyCriticalFinding/:id/reject',
      async (ctx) => {
        const access = await currentAccess(ctx, knex);
        const { inTheReport } = parseOrThrow(FindingDecisionBody, bodyOf(ctx));
        const exam = await findingExam(access, uuidParam(ctx, 'id'));
        const finding = await decideFinding(knex, access, exam, { action, inTheReport }, ctx.ip);
        await republish(exam.id);
        ctx.body = { finding };
      },
    );
  }

  router.delete('/studies/studyCriticalFinding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, query(ctx, StudyRef).studyId);
    await deleteFinding(knex, access, exam, ctx.ip);
    await republish(exam.id);
    ctx.status = 204;
  });

  /** The closed loop (issue 18): the study's communications of its critical finding. */
  router.get('/studies/criticalFindingCommunications', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, query(ctx, StudyRef).studyId);
    ctx.body = { communications: await listCommunications(knex, access.accountId, exam.id) };
  });

  router.post('/studies/criticalFindingCommunications', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const body = parseOrThrow(RecordCommunicationBody, bodyOf(ctx));
    const exam = await reachableExam(knex, access, body.studyId);
    ctx.status = 201;
    ctx.body = { communication: await recordCommunication(deps, access, exam, body, ctx.ip) };
  });

  router.get('/studies/comments', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const { studyId } = query(ctx, CommentsQuery);
    const exam = await reachableExam(knex, access, studyId);
    ctx.body = { comments: await listComments(knex, access, exam, ctx.ip) };
  });

  router.post('/studies/comments', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const body = parseOrThrow(PostCommentBody, bodyOf(ctx));
    const exam = await reachableExam(knex, access, body.studyId);
    await postComment(knex, access, exam, body.message, ctx.ip);
    await republish(exam.id);
    ctx.status = 201;
    ctx.body = { comments: await listComments(knex, access, exam, ctx.ip) };
  });

  router.post('/studies/comments/read', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const { studyId } = parseOrThrow(CommentsQuery, bodyOf(ctx));
    const exam = await reachableExam(knex, access, studyId);
    await markCommentsRead(knex, access, exam);
    ctx.status = 204;
  });

  return router;
}
