/**
 * Connect agents of the account (account administrators): create one — its key is answered
 * once — and list them. The agent uploads with `Authorization: Bearer <key>` (STOW-RS).
 */
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { requireAdministrator } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body } from '../http/validate';
import { CreateConnectBody, createConnect, listConnects } from '../../services/connects/connects';

export function connectRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/connects', requireSession(knex));

  router.get('/connects', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    requireAdministrator(access);
    ctx.body = { connects: await listConnects(knex, access.accountId) };
  });

  router.post('/connects', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    requireAdministrator(access);
    const input = body(ctx, CreateConnectBody);
    if (!access.institutions.has(input.institutionId)) throw new AppError('NOT_FOUND');
    ctx.status = 201;
    ctx.body = await createConnect(knex, access.accountId, input, access.userId);
  });

  return router;
}
