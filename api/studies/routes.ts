import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { check } from '../../domain/laudo/transitions';
import { StartReportBody, StudyListQuery } from '../../domain/studies/schemas';
import { actorFor } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, query, uuidParam } from '../http/validate';
import { runLaudoUpdate } from '../reports/laudo-commands';
import { loadLaudoRecord, presentReport } from '../reports/laudo-record';
import { startUpdate } from '../../workflows/laudo/messages';
import { findStudy, listStudies } from './study-queries';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export function studyRoutes(deps: ApiDeps): Router {
  const { knex, temporal, config } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/studies', async (ctx) => {
    const { page, pageSize } = query(ctx, StudyListQuery);
    const access = await currentAccess(ctx, knex);
    const { studies, total } = await listStudies(knex, access, page, pageSize);
    ctx.body = { studies, total, page, pageSize };
  });

  router.get('/studies/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const study = await findStudy(knex, access, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    const { record, updatedAt } = await loadLaudoRecord(knex, access.accountId, study.laudoId);
    ctx.body = { study: { ...study, report: presentReport(record, updatedAt, actorFor(access, study.institutionId)) } };
  });

  router.post('/studies/:id/reports/start', async (ctx) => {
    const { structuredType } = body(ctx, StartReportBody);
    const access = await currentAccess(ctx, knex);
    const study = await findStudy(knex, access, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    const actor = actorFor(access, study.institutionId);
    const { record } = await loadLaudoRecord(knex, access.accountId, study.laudoId);
    // Answer a plain refusal without a round trip; the workflow's validator decides races.
    const pre = check(record, 'start', actor);
    if (!pre.ok) throw new AppError(pre.code);
    const key = ctx.get('idempotency-key');
    const updateId = IDEMPOTENCY_KEY.test(key) ? `start:${key}` : `start:${randomUUID()}`;
    const result = await runLaudoUpdate(
      temporal,
      config.TEMPORAL_TASK_QUEUE,
      record,
      startUpdate,
      [{ actor, structuredType }],
      updateId,
    );
    ctx.body = { report: presentReport(result, new Date(), actor) };
  });

  return router;
}
