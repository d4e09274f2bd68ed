/**
 * DICOMweb at the platform root (`/dicomweb`, not under /api) so an outside viewer (OHIF
 * through the account's customViewerUrl) or the Connect agent can point at it.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { signalInstanceStored } from '../../imaging/ingest-signal';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { query } from '../http/validate';
import { callerOf, requireDicomwebCaller } from './auth';
import { type StowDeps, receiveStow, stowResponse, stowTmpDir, uploadTarget } from './stow';

export const DICOM_JSON = 'application/dicom+json';
const UID = /^[0-9]+(\.[0-9]+)*$/;
const StowQuery = z.object({ institutionId: z.string().uuid().optional(), token: z.string().optional() });

export function uidParam(value: string | undefined): string {
  if (!value || value.length > 64 || !UID.test(value)) throw new AppError('NOT_FOUND');
  return value;
}

export function dicomwebRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router({ prefix: '/dicomweb' });
  router.use(requireDicomwebCaller(knex));

  const stowDeps: StowDeps = {
    knex,
    storage: deps.storage,
    logger: deps.logger,
    tmpDir: stowTmpDir(config.DATA_DIR),
    maxPartBytes: Math.round(config.DICOM_MAX_FILE_MB * 1024 * 1024),
    onStored: (s) => signalInstanceStored(deps.temporal, config.TEMPORAL_TASK_QUEUE, config.STUDY_STABLE_SECONDS * 1000, s),
  };

  const stow = async (ctx: Context, studyUid?: string) => {
    const { institutionId } = query(ctx, StowQuery);
    const target = uploadTarget(callerOf(ctx), institutionId);
    const result = await receiveStow(stowDeps, ctx, target, studyUid);
    ctx.status = result.status;
    ctx.type = DICOM_JSON;
    ctx.body = stowResponse(result, `${ctx.protocol}://${ctx.host}/dicomweb`, requestLang(ctx));
  };
  router.post('/studies', (ctx) => stow(ctx));
  router.post('/studies/:study', (ctx) => stow(ctx, uidParam(ctx.params.study)));

  return router;
}
