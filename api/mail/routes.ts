/** `GET /mail/outbox`: the 'Caixa de saída' page — the account's outgoing mail and where it goes. */
import Router from '@koa/router';
import type { OutboxList } from '../../domain/mail/outbox';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { listOutbox } from './outbox';
import { mailTransport } from '../../services/mail/transport';

export function mailRoutes(deps: ApiDeps): Router {
  const router = new Router();
  router.use(requireSession(deps.knex));
  router.get('/mail/outbox', async (ctx) => {
    const access = await currentAccess(ctx, deps.knex);
    const answer: OutboxList = { transport: mailTransport(deps.config).kind, messages: await listOutbox(deps.knex, access) };
    ctx.body = answer;
  });
  return router;
}
