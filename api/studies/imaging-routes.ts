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
import { query, uuidParam } from '../http/validate';
import { z } from 'zod';
import { isStorageAvailable } from '../../domain/imaging/storage-class';
import type { ViewerStudy } from '../../domain/imaging/viewer';
import { studiesQuery } from './study-queries';

export function studyImagingRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/studies/:id/series-preview', requireSession(knex));
  router.use('/studies/:id/tags', requireSession(knex));
  router.use('/studies/:id/viewer', requireSession(knex));

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
      .select('id', 'series_instance_uid', 'modality', 'description', 'instance_count');
    const instances: { series_id: string; sop_instance_uid: string; number_of_frames: number }[] = await knex('dicom_instances')
      .where({ study_id: study.id })
      .orderByRaw('instance_number NULLS LAST, created_at')
      .select('series_id', 'sop_instance_uid', 'number_of_frames');
    const base = `/dicomweb/studies/${study.study_instance_uid}`;
    ctx.body = series.map((s) => {
      const own = instances.filter((i) => i.series_id === s.id);
      const seriesUrl = `${base}/series/${s.series_instance_uid}`;
      return {
        seriesId: s.series_instance_uid,
        studyId: study.id,
        description: s.description ?? '',
        modality: s.modality ?? '',
        instanceCount: s.instance_count,
        instanceId: own[Math.floor(own.length / 2)]?.sop_instance_uid ?? null,
        url: `${seriesUrl}/thumbnail`,
        instances: own.map((i) => ({
          imageKey: i.sop_instance_uid,
          frames: i.number_of_frames,
          url: `${seriesUrl}/instances/${i.sop_instance_uid}/rendered`,
        })),
      };
    });
  });

  router.get('/studies/:id/viewer', async (ctx) => {
    query(ctx, z.object({ viewerType: z.enum(['general', 'mpr']).optional() }));
    const access = await currentAccess(ctx, knex);
    const row = await studiesQuery(knex, access)
      .where('s.id', uuidParam(ctx, 'id'))
      .first(
        's.id',
        's.study_instance_uid',
        's.institution_id',
        's.account_id',
        'p.patient_id',
        'p.name as patient_name',
        's.exam_type',
        's.received_at',
        's.modalities',
        's.storage_class',
        's.accession_number',
        's.laudo_state',
      );
    if (!row) throw new AppError('NOT_FOUND');
    const series = await knex('dicom_series')
      .where({ study_id: row.id })
      .orderBy([{ column: 'series_number', nulls: 'last' }, { column: 'series_instance_uid' }])
      .select('id', 'series_instance_uid', 'modality', 'description', 'instance_count');
    const instances: {
      series_id: string;
      sop_instance_uid: string;
      number_of_frames: number;
      wc: string | null;
      ww: string | null;
    }[] = await knex('dicom_instances')
      .where({ study_id: row.id })
      .orderByRaw('instance_number NULLS LAST, created_at')
      .select(
        'series_id',
        'sop_instance_uid',
        'number_of_frames',
        knex.raw(`metadata->'00281050'->'Value'->>0 AS wc`),
        knex.raw(`metadata->'00281051'->'Value'->>0 AS ww`),
      );
    const base = `/dicomweb/studies/${row.study_instance_uid}`;
    const windowOf = (i: { wc: string | null; ww: string | null } | undefined) => {
      const center = Number(i?.wc);
      const width = Number(i?.ww);
      return i?.wc != null && i?.ww != null && Number.isFinite(center) && width > 0 ? { center, width } : null;
    };
    const study: ViewerStudy = {
      id: row.id,
      studyInstanceUid: row.study_instance_uid,
      institutionId: row.institution_id,
      accountId: row.account_id,
      patientId: row.patient_id,
      patientName: row.patient_name,
      examType: row.exam_type,
      createdAt: new Date(row.received_at).toISOString(),
      modalities: row.modalities,
      storageClass: row.storage_class,
      storageAvailable: isStorageAvailable(row.storage_class),
      isStoredS3: false, // local object storage until an S3 adapter exists
      accessionNumber: row.accession_number,
      laudoState: row.laudo_state,
      attachments: 0, // attachments are not built yet
      printStatus: null,
      series: series.map((s) => {
        const own = instances.filter((i) => i.series_id === s.id);
        return {
          seriesId: s.series_instance_uid,
          description: s.description ?? '',
          modality: s.modality ?? '',
          instanceCount: s.instance_count,
          image: `${base}/series/${s.series_instance_uid}/thumbnail`,
          instanceId: own[Math.floor(own.length / 2)]?.sop_instance_uid ?? null,
          window: windowOf(own[Math.floor(own.length / 2)]),
          instances: own.map((i) => ({ instanceId: i.sop_instance_uid, frames: i.number_of_frames })),
        };
      }),
    };
    ctx.body = study;
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
