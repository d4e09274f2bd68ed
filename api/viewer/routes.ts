/**
 * The viewer page's calls: the patient's exam history (`GET /studies/patient`, spec 1 §7) and
 * key images (`key-image`, spec 1 §7). The frame's reads are in frame-routes.ts.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { KeyImageBody, KeyImageQuery } from '../../domain/studies/viewer';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, query, uuidParam } from '../http/validate';
import { patientHistory, reachableStudy, setKeyImage } from './viewer-study';
import { StudyRef } from '../../domain/studies/schemas';

export function viewerRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/studies/patient', async (ctx) => {
    const { studyId } = query(ctx, StudyRef);
    const access = await currentAccess(ctx, knex);
    ctx.body = { studies: await patientHistory(knex, access, studyId) };
  });

  const markKeyImage = (remove: boolean) => async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    // The study first: another account's id is 404 whatever the body (the permission matrix).
    await reachableStudy(knex, access, uuidParam(ctx, 'id'));
    // DELETE carries the image in its query (bodies of DELETE are not read).
    const key = remove ? query(ctx, KeyImageQuery) : body(ctx, KeyImageBody);
    await setKeyImage(knex, access, uuidParam(ctx, 'id'), { ...key, frame: key.frame ?? 1 }, remove, ctx.ip);
    ctx.status = 204;
  };
  router.post('/studies/:id/key-image', markKeyImage(false));
  router.delete('/studies/:id/key-image', markKeyImage(true));
  return router;
}
