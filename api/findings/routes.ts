/**
 * Critical findings and comments of a study (spec 2 §7). The spec shows the comment paths;
 * the critical-finding paths are ours (`/studies/:id/critical-finding`). Each change
 * republishes the study's live document, so list badges update everywhere.
 */
import Router from '@koa/router';
import { CommentsQuery, PostCommentBody } from '../../domain/findings/comments';
import { FindingDecisionBody, RegisterFindingBody, canEditFindings } from '../../domain/findings/critical-findings';
import { parseOrThrow } from '../../domain/workspace/validate';
import { publishStudyDocuments } from '../../live/study-documents';
import { actorFor } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { reachableExam } from '../labels/labels';
import { accountParam } from '../phrases/account-param';
import { listComments, markCommentsRead, postComment } from './comments';
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

  router.get('/accounts/:accountId/critical-findings', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { criticalFindings: await listAccountFindings(knex, accountParam(ctx, access)) };
  });

  router.get('/studies/:id/critical-finding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'id'));
    const report = await findingReport(knex, exam);
    ctx.body = {
      finding: await findStudyFinding(knex, access.accountId, exam.id),
      canEdit: canEditFindings(actorFor(access, exam.institutionId)),
      isResponsible: report.responsibleUserId === access.userId,
      laudoState: report.state,
      forcedInReport: await forcedInReport(knex, exam),
    };
  });

  router.post('/studies/:id/critical-finding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'id'));
    const body = parseOrThrow(RegisterFindingBody, bodyOf(ctx));
    const finding = await registerFinding(knex, access, exam, body, ctx.ip);
    await republish(exam.id);
    ctx.status = 201;
    ctx.body = { finding };
  });

  router.patch('/studies/:id/critical-finding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'id'));
    const body = parseOrThrow(FindingDecisionBody, bodyOf(ctx));
    const finding = await decideFinding(knex, access, exam, body, ctx.ip);
    await republish(exam.id);
    ctx.body = { finding };
  });

  router.delete('/studies/:id/critical-finding', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'id'));
    await deleteFinding(knex, access, exam, ctx.ip);
    await republish(exam.id);
    ctx.status = 204;
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
