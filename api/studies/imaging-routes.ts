/**
 * A study's DICOM tags (spec 2 `GET /studies/{id}/tags`); its series preview is one of the
 * viewer frame's reads (series-preview.ts, mounted by api/viewer/frame-routes.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import type { DicomJson } from '../../imaging/dicom-json';
import { dicomTags } from '../../imaging/tags';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';
import { studiesQuery } from './study-queries';

export function studyImagingRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/studies/:id/tags', requireSession(knex));

  const reachable = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    const study = await studiesQuery(knex, access).where('s.id', uuidParam(ctx, 'id')).first('s.id', 's.study_instance_uid');
    if (!study) throw new AppError('NOT_FOUND');
    return study as { id: string; study_instance_uid: string };
  };

  router.get('/studies/:id/tags', async (ctx) => {
    const study = await reachable(ctx);
    const first = await knex('dicom_instances')
      .where({ study_id: study.id })
      .orderByRaw('created_at, instance_number NULLS LAST')
      .first('metadata');
    ctx.body = first ? dicomTags(first.metadata as DicomJson) : [];
  });

  return router;
}
