import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { StudyListQuery } from '../../domain/studies/schemas';
import { actorFor } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { loadLaudoRecord, presentReport } from '../reports/laudo-record';
import { findStudy, listScheduledExams, listStudies } from './study-queries';

export function studyRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/studies', async (ctx) => {
    const listQuery = query(ctx, StudyListQuery);
    const access = await currentAccess(ctx, knex);
    const { studies, total, totalCapped, nextCursor } = await listStudies(knex, access, listQuery);
    ctx.body = { studies, total, totalCapped, page: listQuery.page, pageSize: listQuery.pageSize, nextCursor };
  });

  /** The worklist of scheduled exams (no institution) of the current account. */
  router.get('/listScheduledExams', async (ctx) => {
    const { page, pageSize } = query(ctx, StudyListQuery);
    const access = await currentAccess(ctx, knex);
    ctx.body = { ...(await listScheduledExams(knex, access, page, pageSize)), page, pageSize };
  });

  router.get('/studies/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const study = await findStudy(knex, access, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    const { record, updatedAt } = await loadLaudoRecord(knex, access.accountId, study.laudoId);
    ctx.body = { study: { ...study, report: presentReport(record, updatedAt, actorFor(access, study.institutionId)) } };
  });

  return router;
}
