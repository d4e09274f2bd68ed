/**
 * Study download (spec 2 §4, §7): `GET /medicalRecords/prepareDownload` checks every study
 * is the caller's and available, starts a downloadWorkflow and answers its shortKey; the
 * browser then watches the live document zipStreaming/{shortKey} for `finished`.
 * With `mode=connect&fullPath=…` the same zip is queued for the study's Connect agent, which
 * writes it under fullPath at the clinic (api/connects/agent-routes.ts); `GET
 * /studies/:id/connect/check` says whether that is possible now.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import { FullPath } from '../../domain/connect/download-request';
import { PrepareDownloadQuery } from '../../domain/download/prepare';
import { AppError } from '../../domain/errors';
import { isStorageAvailable } from '../../domain/imaging/storage-class';
import { downloadTopic } from '../../domain/live/download-document';
import { type DownloadInput, downloadWorkflowId } from '../../workflows/download/messages';
import { isAdministrator } from '../access/access';
import { audit } from '../access/audit';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { failConnectDownload, listConnectDownloads, queueConnectDownload } from '../../services/connects/connect-downloads';
import { checkStudyConnect } from '../connects/study-connect';
import { query, uuidParam } from '../http/validate';
import { findStudy } from '../studies/study-queries';
import { mayAttach } from '../attachments/attachments';
import { assertMayReadReport } from '../reports/read-access';
import { StudyRef } from '../../domain/studies/schemas';

export const ConnectModeQuery = z.object({ mode: z.literal('connect'), fullPath: FullPath });

export function downloadRoutes(deps: ApiDeps): Router {
  const { knex, temporal, config } = deps;
  const router = new Router();
  router.use('/medicalRecords', requireSession(knex));
  router.use('/studies/:id/connect', requireSession(knex));

  router.get('/studies/:id/connect/check', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const study = await findStudy(knex, access, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    ctx.body = await checkStudyConnect(knex, access.accountId, study.id);
  });

  router.get('/medicalRecords/connectDownloads', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const { studyId } = query(ctx, StudyRef);
    if (!(await findStudy(knex, access, studyId.toLowerCase()))) throw new AppError('NOT_FOUND');
    const seesDetails = (requestedBy: string | null) => requestedBy === access.userId || isAdministrator(access);
    ctx.body = { requests: await listConnectDownloads(knex, access.accountId, studyId.toLowerCase(), seesDetails) };
  });

  router.get('/medicalRecords/prepareDownload', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const q = query(ctx, PrepareDownloadQuery);
    const connectMode = ctx.query.mode === undefined ? null : query(ctx, ConnectModeQuery);
    for (const id of q.studyIds) {
      const study = await findStudy(knex, access, id);
      if (!study) throw new AppError('NOT_FOUND');
      // The package holds what its parts' own routes guard: the reports, the attachments.
      if (q.activeLaudos || q.inactiveLaudos) assertMayReadReport({ access, study });
      if (q.attachments && !mayAttach(access, study, 'DOWNLOAD')) throw new AppError('ATTACHMENT_FORBIDDEN');
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
      lang: ctx.get('accept-language') || undefined,
      folders: {
        patientId: q.includePatientId,
        patientName: q.includePatientName,
        accessionNumber: q.includeAccessionNumber,
        date: q.includeDate,
      },
    };
    const start = () =>
      temporal.workflow.start('downloadWorkflow', {
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        workflowId: downloadWorkflowId(access.accountId, shortKey),
        args: [input],
      });
    const topic = downloadTopic(access.accountId, shortKey);
    // One row per study: who took which patient's images and documents, and how.
    const what = {
      shortKey,
      dicom: q.dicomSeries,
      jpeg: q.imageSeries,
      reports: q.activeLaudos || q.inactiveLaudos,
      attachments: q.attachments,
    };
    for (const id of q.studyIds)
      await audit(knex, access, 'study.download', id, ctx.ip, { ...what, connect: Boolean(connectMode) });
    if (connectMode) {
      // Every study must be served by the same reachable Connect: one agent writes the folder.
      const checks = await Promise.all(q.studyIds.map((id) => checkStudyConnect(knex, access.accountId, id)));
      const connectId = checks[0]?.connect?.id;
      if (!connectId || checks.some((c) => !c.available || c.connect?.id !== connectId))
        throw new AppError('CONNECT_UNAVAILABLE');
      // The request exists before the workflow, so the zip's completion always finds it.
      const requestId = await queueConnectDownload(knex, {
        accountId: access.accountId,
        connectId,
        studyIds: q.studyIds,
        shortKey,
        fullPath: connectMode.fullPath,
        requestedBy: access.userId,
      });
      try {
        await start();
      } catch (err) {
        await failConnectDownload(knex, access.accountId, shortKey, 'Erro ao gerar download');
        throw err;
      }
      ctx.body = { finished: false, queued: true, shortKey, topic, requestId };
      return;
    }
    await start();
    ctx.body = { finished: false, shortKey, topic };
  });
  return router;
}
