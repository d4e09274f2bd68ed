/**
 * Study header edit and clinical data: spec 1 §7 `GET and PATCH /studies/{id}/update-data`,
 * spec 2 §7 `GET /studies/clinical-data (studyId)` and `POST, PATCH, GET
 * /scheduledExam/{id}/reports/header` for exams without institution. Registered before the
 * study routes: `/studies/clinical-data` must not reach `/studies/:id`.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../../domain/errors';
import { HeaderFields } from '../../../domain/studies/header';
import { parseOrThrow } from '../../../domain/workspace/validate';
import { currentAccess, requireSession } from '../../auth/session';
import type { ApiDeps } from '../../deps';
import { query, uuidParam } from '../../http/validate';
import { type ExamKind, findExam } from '../study-queries';
import { clinicalData, headerHistory, readUpdateData, updateHeader } from './header';

import { StudyRef } from '../../../domain/studies/schemas';

export function headerRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  const exam = async (ctx: Context, kind: ExamKind, id: string) => {
    const access = await currentAccess(ctx, knex);
    const found = await findExam(knex, access, kind, id);
    if (!found) throw new AppError('NOT_FOUND');
    return { access, exam: found };
  };
  const editBody = (ctx: Context) => parseOrThrow(HeaderFields, (ctx.request as { body?: unknown }).body ?? {});

  router.get('/studies/clinical-data', async (ctx) => {
    const { studyId } = query(ctx, StudyRef);
    const access = await currentAccess(ctx, knex);
    const found = (await findExam(knex, access, 'study', studyId)) ?? (await findExam(knex, access, 'scheduled', studyId));
    if (!found) throw new AppError('NOT_FOUND');
    ctx.body = { clinicalData: await clinicalData(knex, found) };
  });

  for (const [kind, path] of [
    ['study', '/studies/:id/update-data'],
    ['scheduled', '/scheduledExam/:id/reports/header'],
  ] as const) {
    router.get(path, async (ctx) => {
      const { access, exam: e } = await exam(ctx, kind, uuidParam(ctx, 'id'));
      ctx.body = await readUpdateData(knex, access, e, ctx.ip);
    });
    const save = async (ctx: Context) => {
      const { access, exam: e } = await exam(ctx, kind, uuidParam(ctx, 'id'));
      ctx.body = await updateHeader(deps, access, e, editBody(ctx), ctx.ip);
    };
    router.patch(path, save);
    // The scheduled-exam variant also names its create call POST (spec 2 §7); it saves the same way.
    if (kind === 'scheduled') router.post(path, save);
    router.get(`${path}/history`, async (ctx) => {
      const { access, exam: e } = await exam(ctx, kind, uuidParam(ctx, 'id'));
      ctx.body = { history: await headerHistory(knex, access, e, ctx.ip) };
    });
  }

  return router;
}
