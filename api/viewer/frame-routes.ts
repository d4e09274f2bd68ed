/**
 * The embedded viewer frame's reads (spec 3 §2: the frame is given a token): the study as the
 * viewer uses it (`GET /studies/{id}/viewer`, spec 3 §7) and its series preview. They take a
 * session or an image token (api/auth/image-tokens.ts), so app.ts mounts them before any
 * router whose middleware requires a session.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { VIEWER_TYPES } from '../../domain/studies/viewer';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { seriesPreview } from '../studies/series-preview';
import { viewerStudy } from './viewer-study';

export function viewerFrameRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  const reader = requireSession(knex, { imageTokens: true });

  router.get('/studies/:id/viewer', reader, async (ctx) => {
    query(ctx, z.object({ viewerType: z.enum(VIEWER_TYPES).default('general') }));
    const access = await currentAccess(ctx, knex);
    ctx.body = { study: await viewerStudy(knex, access, uuidParam(ctx, 'id'), ctx.ip) };
  });

  router.get('/studies/:id/series-preview', reader, async (ctx) => {
    ctx.body = await seriesPreview(knex, await currentAccess(ctx, knex), uuidParam(ctx, 'id'));
  });
  return router;
}
