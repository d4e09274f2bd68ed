/**
 * A study's images as the app shows them: the series preview (spec 2 §3, spec 3 §3) with
 * thumbnail and image URLs under /dicomweb, and the DICOM tags (spec 2 `GET /studies/{id}/tags`).
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
  router.use('/studies/:id/series-preview', requireSession(knex));
  router.use('/studies/:id/tags', requireSession(knex));

  const reachable = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    const study = await studiesQuery(knex, access).where('s.id', uuidParam(ctx, 'id')).first('s.id', 's.study_instance_uid');
    if (!study) throw new AppError('NOT_FOUND');
    return study as { id: string; study_instance_uid: string };
  };

  router.get('/studies/:id/series-preview', async (ctx) => {
    const study = await reachable(ctx);
    const series = await knex('dicom_series')
      .where({ study_id: study.id })
      .orderBy([{ column: 'series_number', nulls: 'last' }, { column: 'series_instance_uid' }])
      .select('id', 'series_instance_uid', 'series_number', 'modality', 'description', 'instance_count');
    const instances: { series_id: string; sop_instance_uid: string; number_of_frames: number; instance_number: number | null }[] =
      await knex('dicom_instances')
        .where({ study_id: study.id })
        .orderByRaw('instance_number NULLS LAST, created_at')
        .select('series_id', 'sop_instance_uid', 'number_of_frames', 'instance_number');
    const base = `/dicomweb/studies/${study.study_instance_uid}`;
    ctx.body = series.map((s) => {
      const own = instances.filter((i) => i.series_id === s.id);
      const seriesUrl = `${base}/series/${s.series_instance_uid}`;
      return {
        seriesId: s.series_instance_uid,
        seriesNumber: s.series_number ?? null,
        studyId: study.id,
        description: s.description ?? '',
        modality: s.modality ?? '',
        instanceCount: s.instance_count,
        instanceId: own[Math.floor(own.length / 2)]?.sop_instance_uid ?? null,
        url: `${seriesUrl}/thumbnail`,
        instances: own.map((i) => ({
          imageKey: i.sop_instance_uid,
          frames: i.number_of_frames,
          instanceNumber: i.instance_number ?? null,
          url: `${seriesUrl}/instances/${i.sop_instance_uid}/rendered`,
        })),
      };
    });
  });

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
