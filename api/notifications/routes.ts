/**
 * The notification centre (issue 18, ADR 028) — the caller's own inbox in its current account:
 * `GET /notifications` (keyset), `GET /notifications/unread-count`, `POST /notifications/:id/read`,
 * `POST /notifications/read-all`; each change republishes the unread count on the user's live
 * topic. And 'Exames em atraso': `GET /overdue-studies`.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { NotificationListQuery } from '../../domain/notifications/notifications';
import { OverdueListQuery } from '../../domain/notifications/overdue';
import { listNotifications, markAllRead, markRead, publishUnread, unreadCount } from '../../services/notifications/inbox';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { listOverdue } from '../studies/overdue-queries';

export function notificationRoutes(deps: ApiDeps): Router {
  const { knex, publisher } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  const me = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    return { accountId: access.accountId, userId: access.userId };
  };

  router.get('/notifications', async (ctx) => {
    ctx.body = await listNotifications(knex, await me(ctx), query(ctx, NotificationListQuery));
  });

  router.get('/notifications/unread-count', async (ctx) => {
    ctx.body = { unread: await unreadCount(knex, await me(ctx)) };
  });

  router.post('/notifications/read-all', async (ctx) => {
    const who = await me(ctx);
    await markAllRead(knex, who);
    ctx.body = { unread: await publishUnread(knex, publisher, who) };
  });

  router.post('/notifications/:notificationId/read', async (ctx) => {
    const who = await me(ctx);
    await markRead(knex, who, uuidParam(ctx, 'notificationId'));
    ctx.body = { unread: await publishUnread(knex, publisher, who) };
  });

  router.get('/overdue-studies', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = await listOverdue(knex, access, query(ctx, OverdueListQuery));
  });

  return router;
}
