/**
 * 'Notificações e inscrições' (issue 18, ADR 032): the current account's notification
 * subscriptions, managed with USERS_MANAGE (a subscription is a setting of a user of the
 * account). Create and update (pending only) mail the subscribed user a single-use link;
 * `POST /subscription-confirmations` opens it without a session (the link is the capability).
 * A confirmed subscription is neither updated nor removed (SUBSCRIPTION_LOCKED): it is cancelled.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { ConfirmSubscriptionBody, SubscriptionBody } from '../../domain/notifications/subscriptions';
import { mailTransport } from '../../services/mail/transport';
import {
  cancelSubscription,
  confirmSubscription,
  findSubscription,
  listSubscriptions,
  removeSubscription,
  saveSubscription,
} from '../../services/notifications/subscriptions';
import { requireManage } from '../access/access';
import { auditAdmin, codedBody } from '../admin-roles/shared';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { publicBaseUrl } from '../documents/sign-report';
import { body, uuidParam } from '../http/validate';
import { AppError } from '../../domain/errors';

export function subscriptionRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  const authed = requireSession(knex);

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'USERS_MANAGE', 'CANNOT_MANAGE_USERS');
    return access;
  };
  const mailDeps = () => ({ knex, transport: mailTransport(deps.config), baseUrl: publicBaseUrl(deps), logger: deps.logger });

  router.get('/notification-subscriptions', authed, async (ctx) => {
    const access = await managed(ctx);
    // With what the form may name: the account's institutions and its members.
    const [subscriptions, institutions, users] = await Promise.all([
      listSubscriptions(knex, access.accountId),
      knex('institutions').where({ account_id: access.accountId }).orderBy('name').limit(1000).select('id', 'name'),
      knex('users as u')
        .join('user_accounts as ua', 'ua.user_id', 'u.id')
        .where('ua.account_id', access.accountId)
        .orderBy('u.name')
        .limit(1000)
        .select('u.id', 'u.name', 'u.email'),
    ]);
    ctx.body = { subscriptions, candidates: { institutions, users } };
  });

  router.get('/notification-subscriptions/:id', authed, async (ctx) => {
    const access = await managed(ctx);
    const found = await findSubscription(knex, access.accountId, uuidParam(ctx, 'id'));
    if (!found) throw new AppError('NOT_FOUND');
    ctx.body = { subscription: found };
  });

  router.post('/notification-subscriptions', authed, async (ctx) => {
    const access = await managed(ctx);
    const input = codedBody(ctx, SubscriptionBody);
    const subscription = await saveSubscription(mailDeps(), access.accountId, access.userId, input);
    await auditAdmin(knex, ctx, access, 'NOTIFICATION_SUBSCRIPTION_CREATED', { subscriptionId: subscription.id, ...input });
    ctx.status = 201;
    ctx.body = { subscription };
  });

  router.put('/notification-subscriptions/:id', authed, async (ctx) => {
    const access = await managed(ctx);
    const id = uuidParam(ctx, 'id');
    // Another account's id is 404 before its body is read.
    if (!(await findSubscription(knex, access.accountId, id))) throw new AppError('NOT_FOUND');
    const input = codedBody(ctx, SubscriptionBody);
    const subscription = await saveSubscription(mailDeps(), access.accountId, access.userId, input, id);
    await auditAdmin(knex, ctx, access, 'NOTIFICATION_SUBSCRIPTION_UPDATED', { subscriptionId: id, ...input });
    ctx.body = { subscription };
  });

  router.post('/notification-subscriptions/:id/cancel', authed, async (ctx) => {
    const access = await managed(ctx);
    const id = uuidParam(ctx, 'id');
    const subscription = await cancelSubscription(knex, access.accountId, id);
    await auditAdmin(knex, ctx, access, 'NOTIFICATION_SUBSCRIPTION_CANCELED', { subscriptionId: id });
    ctx.body = { subscription };
  });

  router.delete('/notification-subscriptions/:id', authed, async (ctx) => {
    const access = await managed(ctx);
    const id = uuidParam(ctx, 'id');
    await removeSubscription(knex, access.accountId, id);
    await auditAdmin(knex, ctx, access, 'NOTIFICATION_SUBSCRIPTION_DELETED', { subscriptionId: id });
    ctx.status = 204;
  });

  // Public: the link from the subscribed user's mailbox is the capability.
  router.post('/subscription-confirmations', async (ctx) => {
    const { token } = body(ctx, ConfirmSubscriptionBody);
    const { id, accountId } = await confirmSubscription(knex, token);
    await knex('audit_log').insert({
      account_id: accountId,
      action: 'NOTIFICATION_SUBSCRIPTION_CONFIRMED',
      detail: { subscriptionId: id },
      ip: (ctx.ip ?? '').slice(0, 64),
    });
    ctx.body = { confirmed: true };
  });

  return router;
}
