/**
 * DICOMweb at the platform root (`/dicomweb`, not under /api) so an outside viewer (OHIF
 * through the account's customViewerUrl) or the Connect agent can point at it.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { ingestQueue } from '../../imaging/ingest-queue';
import { signalOutbox } from '../../imaging/ingest-signal-outbox';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { query } from '../http/validate';
import { callerOf, requireDicomwebCaller } from './auth';
import { THUMBNAIL_SIZE } from '../../domain/imaging/thumbnail';
import { searchInstances, searchSeries, searchStudies } from './qido';
import { type Level, parseQido } from './qido-keys';
import { type InstanceRow, callerInstances, instancesOrNotFound, requireAvailable, seriesThumbnailKey } from './scope';
import { type StowDeps, receiveStow, stowResponse, stowTmpDir, uploadTarget } from './stow';
import {
  RenderQuery,
  elementBytes,
  framesOf,
  frameList,
  readInstance,
  renderOptions,
  sendFrames,
  sendInstance,
  sendInstances,
  sendRendered,
  sendRenderedParts,
  withBulkData,
} from './wado';
import { negotiateFrames, negotiateInstances, parseAccept } from './accept';
import { EXPLICIT_LE } from '../../imaging/transcode';

export const DICOM_JSON = 'application/dicom+json';
const UID = /^[0-9]+(\.[0-9]+)*$/;
export const StowQuery = z.object({ institutionId: z.string().uuid().optional() });

/**
 * The absolute base of the URLs the answers carry (RetrieveURL, BulkDataURI): PUBLIC_URL when
 * set; otherwise the request's own host — with the port the request came in on when the Host
 * header left it out (dicomweb-client sends its hostname alone), unless a trusted proxy speaks.
 */
export function dicomwebBase(ctx: Context, publicUrl: string | undefined): string {
  if (publicUrl) return `${publicUrl.replace(/\/+$/, '')}/dicomweb`;
  let host = ctx.host;
  const port = ctx.req.socket.localPort;
  const defaultPort = ctx.protocol === 'https' ? 443 : 80;
  if (!ctx.app.proxy && host && !/:\d+$/.test(host) && port && port !== defaultPort) host = `${host}:${port}`;
  return `${ctx.protocol}://${host}/dicomweb`;
}

export function uidParam(value: string | undefined): string {
  if (!value || value.length > 64 || !UID.test(value)) throw new AppError('NOT_FOUND');
  return value;
}

export function dicomwebRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router({ prefix: '/dicomweb' });
  router.use(requireDicomwebCaller(knex));

  // Signals owed to ingest workflows, sent after the answers (concurrent uploads to one study share them).
  const outbox =
    deps.ingestSignals ??
    signalOutbox({
      knex,
      temporal: deps.temporal,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      stableMs: config.STUDY_STABLE_SECONDS * 1000,
      logger: deps.logger,
    });
  const stowDeps: StowDeps = {
    knex,
    storage: deps.storage,
    logger: deps.logger,
    tmpDir: stowTmpDir(config.DATA_DIR),
    maxPartBytes: Math.round(config.DICOM_MAX_FILE_MB * 1024 * 1024),
    ingest: ingestQueue({ knex, storage: deps.storage }),
    onStored: (s) => void outbox.send(s.studyId),
  };

  const base = (ctx: Context) => dicomwebBase(ctx, config.PUBLIC_URL);
  const stow = async (ctx: Context, studyUid?: string) => {
    const { institutionId } = query(ctx, StowQuery);
    const target = uploadTarget(callerOf(ctx), institutionId);
    // A deactivated institution receives no new studies (its studies stay readable).
    const institution = await knex('institutions')
      .where({ id: target.institutionId, account_id: target.accountId })
      .first('active');
    if (!institution?.active) throw new AppError('INSTITUTION_INACTIVE');
    const result = await receiveStow(stowDeps, ctx, target, studyUid);
    ctx.status = result.status;
    ctx.type = DICOM_JSON;
    ctx.body = stowResponse(result, base(ctx), requestLang(ctx));
  };
  router.post('/studies', (ctx) => stow(ctx));
  router.post('/studies/:study', (ctx) => stow(ctx, uidParam(ctx.params.study)));

  // QIDO-RS
  // Searches and metadata answer DICOM JSON only (no XML): an Accept without it is 406.
  const JSON_TYPES = new Set(['*/*', 'application/*', 'application/dicom+json', 'application/json']);
  const json = (ctx: Context, body: unknown) => {
    if (!parseAccept(ctx.get('accept')).some((r) => JSON_TYPES.has(r.type))) throw new AppError('DICOMWEB_NOT_ACCEPTABLE');
    ctx.type = DICOM_JSON;
    ctx.body = body;
  };
  const qido = (ctx: Context, level: Level) => parseQido(ctx.query, level);
  router.get('/studies', async (ctx) => {
    json(ctx, await searchStudies(knex, callerOf(ctx), qido(ctx, 'study'), base(ctx)));
  });
  router.get('/series', async (ctx) => {
    json(ctx, await searchSeries(knex, callerOf(ctx), null, qido(ctx, 'series'), base(ctx)));
  });
  router.get('/studies/:study/series', async (ctx) => {
    const found = await searchSeries(knex, callerOf(ctx), uidParam(ctx.params.study), qido(ctx, 'series'), base(ctx));
    if (!found) throw new AppError('NOT_FOUND');
    json(ctx, found);
  });
  router.get('/instances', async (ctx) => {
    json(ctx, await searchInstances(knex, callerOf(ctx), {}, qido(ctx, 'instance'), base(ctx)));
  });
  router.get('/studies/:study/instances', async (ctx) => {
    const found = await searchInstances(
      knex,
      callerOf(ctx),
      { study: uidParam(ctx.params.study) },
      qido(ctx, 'instance'),
      base(ctx),
    );
    if (!found) throw new AppError('NOT_FOUND');
    json(ctx, found);
  });
  router.get('/studies/:study/series/:series/instances', async (ctx) => {
    const scope = { study: uidParam(ctx.params.study), series: uidParam(ctx.params.series) };
    const found = await searchInstances(knex, callerOf(ctx), scope, qido(ctx, 'instance'), base(ctx));
    if (!found) throw new AppError('NOT_FOUND');
    json(ctx, found);
  });

  // WADO-RS: retrieve and metadata at study, series and instance level.
  const uids = (ctx: Context) => {
    const p = ctx.params as Record<string, string | undefined>;
    return {
      study: uidParam(p.study),
      ...(p.series ? { series: uidParam(p.series) } : {}),
      ...(p.instance ? { instance: uidParam(p.instance) } : {}),
    };
  };
  const instances = (ctx: Context, withMetadata = false) =>
    instancesOrNotFound(callerInstances(knex, callerOf(ctx), uids(ctx)), withMetadata);
  for (const path of [
    '/studies/:study',
    '/studies/:study/series/:series',
    '/studies/:study/series/:series/instances/:instance',
  ]) {
    router.get(path, async (ctx) => {
      const rows = requireAvailable(await instances(ctx));
      const plan = negotiateInstances(
        ctx.get('accept'),
        [...new Set(rows.map((r) => r.transfer_syntax_uid))],
        ctx.params.instance !== undefined,
      );
      if (plan.singlePart) await sendInstance(ctx, deps.storage, rows[0]!, plan.representation);
      else await sendInstances(ctx, deps.storage, rows, plan.representation);
    });
    router.get(`${path}/metadata`, async (ctx) => {
      const rows = await instances(ctx, true);
      json(
        ctx,
        rows.map((r) =>
          withBulkData(
            r,
            `${base(ctx)}/studies/${r.study_instance_uid}/series/${r.series_instance_uid}/instances/${r.sop_instance_uid}`,
          ),
        ),
      );
    });
  }
  const instancePath = '/studies/:study/series/:series/instances/:instance';
  const sendFramesOf = async (ctx: Context, row: InstanceRow, frames: number[]) => {
    const plan = negotiateFrames(ctx.get('accept'), row.transfer_syntax_uid, frames.length === 1);
    sendFrames(ctx, await framesOf(deps.storage, row, frames, plan.representation), plan);
  };
  router.get(`${instancePath}/frames/:frames`, async (ctx) => {
    const [row] = requireAvailable(await instances(ctx));
    await sendFramesOf(ctx, row!, frameList(ctx.params.frames));
  });
  // BulkDataURIs of the metadata: pixel data as all its frames, any other binary value as is.
  router.get(`${instancePath}/bulkdata/:tag`, async (ctx) => {
    const tag = String(ctx.params.tag).toUpperCase();
    if (!/^[0-9A-F]{8}$/.test(tag)) throw new AppError('NOT_FOUND');
    const [row] = requireAvailable(await instances(ctx));
    if (tag === '7FE00010') {
      await sendFramesOf(
        ctx,
        row!,
        Array.from({ length: Math.max(1, row!.number_of_frames) }, (_, i) => i + 1),
      );
      return;
    }
    // Any other value is little-endian bytes as they are: negotiated as uncompressed data of one item.
    const plan = negotiateFrames(ctx.get('accept'), EXPLICIT_LE, true);
    const bytes = elementBytes(await readInstance(deps.storage, row!), tag);
    if (!bytes) throw new AppError('NOT_FOUND');
    sendFrames(ctx, [bytes], plan);
  });
  // A study's or series' rendering: every image (multipart, when Accept asks for it) or the middle one.
  for (const path of ['/studies/:study/rendered', '/studies/:study/series/:series/rendered']) {
    router.get(path, async (ctx) => {
      const rows = requireAvailable(await instances(ctx));
      const opts = renderOptions(ctx, query(ctx, RenderQuery), 1);
      const multipart = parseAccept(ctx.get('accept')).some((r) => r.type === 'multipart/related');
      if (multipart) await sendRenderedParts(ctx, deps.storage, rows, opts);
      else await sendRendered(ctx, deps.storage, rows[Math.floor(rows.length / 2)]!, opts);
    });
  }
  router.get(`${instancePath}/rendered`, async (ctx) => {
    const [row] = requireAvailable(await instances(ctx));
    await sendRendered(ctx, deps.storage, row!, renderOptions(ctx, query(ctx, RenderQuery), 1));
  });
  router.get(`${instancePath}/frames/:frames/rendered`, async (ctx) => {
    const [row] = requireAvailable(await instances(ctx));
    const [frame] = frameList(ctx.params.frames);
    await sendRendered(ctx, deps.storage, row!, renderOptions(ctx, query(ctx, RenderQuery), frame!));
  });
  router.get(`${instancePath}/thumbnail`, async (ctx) => {
    const [row] = await instances(ctx);
    await sendRendered(ctx, deps.storage, row!, { maxSize: THUMBNAIL_SIZE });
  });
  // A series' thumbnail is the one the ingest made (its middle image); a study's, its first series'.
  for (const path of ['/studies/:study/thumbnail', '/studies/:study/series/:series/thumbnail']) {
    router.get(path, async (ctx) => {
      const rows = await instances(ctx);
      const made = await seriesThumbnailKey(knex, callerOf(ctx), uids(ctx));
      if (made) {
        ctx.type = 'image/jpeg';
        ctx.body = await deps.storage.get(made);
        return;
      }
      await sendRendered(ctx, deps.storage, rows[Math.floor(rows.length / 2)]!, { maxSize: THUMBNAIL_SIZE });
    });
  }

  return router;
}
