/**
 * Study labels (spec 1 §7 `GET, POST and DELETE /labels/{account}/studies/{id}`) and the
 * label autocomplete of the account.
 */
import Router from '@koa/router';
import { AddLabelBody, LabelSearchQuery } from '../../domain/workspace/labels';
import { parseOrThrow } from '../../domain/workspace/validate';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { accountParam } from '../phrases/account-param';
import { addStudyLabel, reachableExam, readStudyLabels, removeStudyLabel, searchLabels, studyLabels } from './labels';

export function labelRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/labels/:accountId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const { q } = query(ctx, LabelSearchQuery);
    ctx.body = { labels: await searchLabels(knex, access, q) };
  });

  router.get('/labels/:accountId/studies/:studyId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'studyId'));
    ctx.body = { labels: await readStudyLabels(knex, access, exam, ctx.ip) };
  });

  router.post('/labels/:accountId/studies/:studyId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'studyId'));
    const { name } = parseOrThrow(AddLabelBody, (ctx.request as { body?: unknown }).body ?? {});
    const label = await addStudyLabel(knex, access, exam, name, ctx.ip);
    ctx.status = 201;
    ctx.body = { label, labels: await studyLabels(knex, access.accountId, exam.id) };
  });

  router.delete('/labels/:accountId/studies/:studyId/:labelId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const exam = await reachableExam(knex, access, uuidParam(ctx, 'studyId'));
    await removeStudyLabel(knex, access, exam, uuidParam(ctx, 'labelId'), ctx.ip);
    ctx.status = 204;
  });

  return router;
}
