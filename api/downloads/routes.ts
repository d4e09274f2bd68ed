/**
 * Study download (spec 2 §4, §7): `GET /medicalRecords/prepareDownload` checks every study
 * is the caller's and available, starts a downloadWorkflow and answers its shortKey; the
 * browser then watches the live document zipStreaming/{shortKey} for `finished`.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { PrepareDownloadQuery } from '../../domain/download/prepare';
import { AppError } from '../../domain/errors';
import { isStorageAvailable } from '../../domain/imaging/storage-class';
import { downloadTopic } from '../../domain/live/download-document';
import { type DownloadInput, downloadWorkflowId } from '../../workflows/download/messages';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query } from '../http/validate';
import { findStudy } from '../studies/study-queries';

export function downloadRoutes(deps: ApiDeps): Router {
  const { knex, temporal, config } = deps;
  const router = new Router();
  router.use('/medicalRecords', requireSession(knex));

  router.get('/medicalRecords/prepareDownload', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    if (ctx.query.mode === 'connect') {
      // Downloads through a Connect agent are not built: say so rather than pretend to queue.
      throw new AppError('MALFORMED_REQUEST');
    }
    const q = query(ctx, PrepareDownloadQuery);
    for (const id of q.studyIds) {
      if (!(await findStudy(knex, access, id))) throw new AppError('NOT_FOUND');
    }
    const rows: { id: string; storage_class: string }[] = await knex('studies')
      .where('account_id', access.accountId)
      .whereIn('id', q.studyIds)
      .select('id', 'storage_class');
    if ((q.dicomSeries || q.imageSeries) && rows.some((r) => !isStorageAvailable(r.storage_class))) {
      throw new AppError('STUDY_ARCHIVED');
    }
    let seriesIds: string[] = [];
    if (q.seriesIds.length) {
      const found: { id: string; series_instance_uid: string }[] = await knex('dicom_series')
        .where('account_id', access.accountId)
        .whereIn('study_id', q.studyIds)
        .whereIn('series_instance_uid', q.seriesIds)
        .select('id', 'series_instance_uid');
      if (new Set(found.map((f) => f.series_instance_uid)).size !== new Set(q.seriesIds).size) throw new AppError('NOT_FOUND');
      seriesIds = found.map((f) => f.id);
    }
    const shortKey = randomBytes(18).toString('base64url');
    const input: DownloadInput = {
      accountId: access.accountId,
      shortKey,
      studyIds: q.studyIds,
      seriesIds,
      dicom: q.dicomSeries,
      jpeg: q.imageSeries,
      activeReport: q.activeLaudos,
      inactiveReports: q.inactiveLaudos,
      attachments: q.attachments,
      folders: {
        patientId: q.includePatientId,
        patientName: q.includePatientName,
        accessionNumber: q.includeAccessionNumber,
        date: q.includeDate,
      },
    };
    await temporal.workflow.start('downloadWorkflow', {
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowId: downloadWorkflowId(access.accountId, shortKey),
      args: [input],
    });
    ctx.body = { finished: false, shortKey, topic: downloadTopic(access.accountId, shortKey) };
  });
  return router;
}
