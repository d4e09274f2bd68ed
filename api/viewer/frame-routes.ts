/**
 * The embedded viewer frame's reads (spec 3 §2: the frame is given a token): the study as the
 * viewer uses it (`GET /studies/{id}/viewer`, spec 3 §7) and its series preview. They take a
 * session or an image token (api/auth/image-tokens.ts), so app.ts mounts them before any
 * router whose middleware requires a session.
 */
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { FrameImageQuery, ViewerQuery } from '../../domain/studies/viewer';
import { frameSourceFor } from '../../imaging/frame-source';
import { currentAccess, requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { seriesPreview } from '../studies/series-preview';
import { InstanceGrants, frameImage, reachableInstance } from './frame-images';
import { viewerStudy } from './viewer-study';

export function viewerFrameRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  const reader = requireSession(knex, { imageTokens: true });
  // Frame indexes are kept per api process (imaging/frame-source.ts).
  const frames = frameSourceFor(deps.storage);
  const grants = new InstanceGrants();

  router.get('/studies/:id/viewer', reader, async (ctx) => {
    query(ctx, ViewerQuery);
    const access = await currentAccess(ctx, knex);
    ctx.body = { study: await viewerStudy(knex, access, uuidParam(ctx, 'id'), ctx.ip) };
  });

  router.get('/studies/:id/series-preview', reader, async (ctx) => {
    ctx.body = await seriesPreview(knex, await currentAccess(ctx, knex), uuidParam(ctx, 'id'));
  });

  router.get('/studies/:id/viewer/images/:sop/frames/:frame', reader, async (ctx) => {
    const q = query(ctx, FrameImageQuery);
    const sopInstanceUid = ctx.params.sop ?? '';
    const frame = Number(ctx.params.frame);
    if (!/^[0-9.]{1,64}$/.test(sopInstanceUid) || !Number.isInteger(frame) || frame < 1) throw new AppError('NOT_FOUND');
    const studyId = uuidParam(ctx, 'id');
    const row = await grants.find(sessionOf(ctx).sessionId, studyId, sopInstanceUid, async () =>
      reachableInstance(knex, await currentAccess(ctx, knex), studyId, sopInstanceUid),
    );
    const image = await frameImage(frames, row, frame, q);
    ctx.type = image.contentType;
    // The same frame, window and size is the same picture: the browser keeps it while reading.
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.body = image.body;
  });
  return router;
}
