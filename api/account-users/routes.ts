/**
 * An account administrator's actions on the account's users (the screens are issue 14's):
 *   POST   /accounts/:accountId/users/:userId/block     → USER_BLOCKED_BY_ADMIN at their login
 *   POST   /accounts/:accountId/users/:userId/unblock
 *   DELETE /accounts/:accountId/users/:userId/access    → no longer in this account
 *   DELETE /accounts/:accountId/users/:userId           → removed (deleted when in no other account)
 * Each ends the user's sessions (revoking: those working in this account) and closes their
 * live connections on every api replica at once. Another account's administrator gets
 * FORBIDDEN_ACCESS; a user the account does not hold is NOT_FOUND.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import {
  type AccountUserActor,
  type AccountUserTarget,
  accountUser,
  deleteAccountUser,
  revokeAccountAccess,
  setBlockedByAdmin,
} from '../../services/auth/account-users';
import { loadAccountAccess, requireManage } from '../access/access';
import { endUserSessions } from '../auth/end-sessions';
import { audit } from '../auth/login';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';

/** What an action does in the transaction, and which of the user's sessions end with it. */
type Action = (
  trx: Knex.Transaction,
  actor: AccountUserActor,
  accountId: string,
  target: AccountUserTarget,
) => Promise<'all' | 'account' | 'none'>;

const ACTIONS: Record<'block' | 'unblock' | 'revoke' | 'delete', Action> = {
  block: async (trx, actor, _accountId, target) => {
    await setBlockedByAdmin(trx, actor, target, true);
    return 'all';
  },
  unblock: async (trx, actor, _accountId, target) => {
    await setBlockedByAdmin(trx, actor, target, false);
    return 'none';
  },
  revoke: async (trx, _actor, accountId, target) => {
    await revokeAccountAccess(trx, accountId, target);
    return 'account';
  },
  delete: async (trx, _actor, accountId, target) => ((await deleteAccountUser(trx, accountId, target)) ? 'all' : 'account'),
};

export function accountUserRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/accounts/:accountId/users', requireSession(knex));

  const act = (name: keyof typeof ACTIONS) => async (ctx: Context) => {
    const s = sessionOf(ctx);
    const accountId = uuidParam(ctx, 'accountId');
    const userId = uuidParam(ctx, 'userId');
    // NOT_FOUND for another account; CANNOT_MANAGE_USERS without USERS_MANAGE (admins and super pass).
    requireManage(await loadAccountAccess(knex, s.user, accountId), 'USERS_MANAGE', 'CANNOT_MANAGE_USERS');
    const actor = { userId: s.user.id, superRole: s.user.superRole };
    const ended = await inTransaction(knex, async (trx) => {
      const target = await accountUser(trx, actor, accountId, userId);
      const scope = await ACTIONS[name](trx, actor, accountId, target);
      if (scope === 'none') return [];
      return endUserSessions(deps, target.id, { trx, ...(scope === 'account' ? { accountId } : {}) });
    });
    await audit(knex, s.user.id, `accountUsers.${name}`, ctx.ip, accountId, { userId, sessionsEnded: ended.length });
    ctx.status = 204;
  };

  router.post('/accounts/:accountId/users/:userId/block', act('block'));
  router.post('/accounts/:accountId/users/:userId/unblock', act('unblock'));
  router.delete('/accounts/:accountId/users/:userId/access', act('revoke'));
  router.delete('/accounts/:accountId/users/:userId', act('delete'));
  return router;
}
