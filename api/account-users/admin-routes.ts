/**
 * Users by account (issue 14), for the account's administrators (or a super user):
 *   GET    /accounts/:accountId/users                       list (search, filters, keyset pages)
 *   GET    /accounts/:accountId/users/options              the account's institutions and roles (filters, roles tab)
 *   GET    /accounts/:accountId/users/export.csv | .xlsx    the list exported (same filters)
 *   POST   /accounts/:accountId/users/invite                a registered e-mail is associated,
 *                                                           a new one invited (ALREADY_MEMBER if in)
 *   GET    /accounts/:accountId/users/:userId               detail
 *   PATCH  /accounts/:accountId/users/:userId               seniority, CPF, council, personal-filters bar
 *   PUT    /accounts/:accountId/users/:userId/roles         [{ institutionId, roleId }] replaces the set
 *   POST   /accounts/:accountId/users/:userId/password-change   next login: PASSWORD_EXPIRED
 *   POST   /accounts/:accountId/users/:userId/two-factor/reset
 *   POST   /accounts/:accountId/users/:userId/sessions/end
 *   GET|PUT|DELETE /accounts/:accountId/users/:userId/signature   (the profile's signature code)
 * Block, unblock, unlink and delete are routes.ts's. Another account's user is NOT_FOUND and
 * nothing changes; every change is audited.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import {
  AccountUserExportQuery,
  AccountUserInviteBody,
  AccountUserListQuery,
  AccountUserUpdateBody,
  RolesBody,
} from '../../domain/account-users/schemas';
import { AppError } from '../../domain/errors';
import { UploadSignatureBody } from '../../domain/profile/signature-image';
import { demandPasswordChange, replaceRoles, resetTwoFactor, updateAccountUser } from '../../services/account-users/manage';
import {
  type AccountUserActor,
  type AccountUserTarget,
  accountUser,
  requireSoleAccount,
} from '../../services/auth/account-users';
import { readSignatureImage, removeSignatureImage, saveSignatureImage } from '../../services/profile/signature-image';
import { type Access, loadAccountAccess, requireManage } from '../access/access';
import { endUserSessions } from '../auth/end-sessions';
import { audit } from '../auth/login';
import { requireSession, sessionOf } from '../auth/session';
import { accessChanged } from '../access/access-changed';
import type { ApiDeps } from '../deps';
import { XLSX_TYPE } from '../http/table-export';
import { requestLang } from '../http/lang';
import { body, query, uuidParam } from '../http/validate';
import { createInvitation } from '../registration/invitations';
import { usersCsv, usersXlsx } from './export';
import { accountUserDetail, listAccountUsers } from './list';

export function accountUserAdminRoutes(deps: ApiDeps): Router {
  const { knex, storage } = deps;
  const router = new Router();
  router.use('/accounts/:accountId/users', requireSession(knex));

  /** The caller manages the account's users (NOT_FOUND for another account, CANNOT_MANAGE_USERS without USERS_MANAGE). */
  const administrator = async (ctx: Context): Promise<{ access: Access; actor: AccountUserActor; accountId: string }> => {
    const s = sessionOf(ctx);
    const accountId = uuidParam(ctx, 'accountId');
    const access = await loadAccountAccess(knex, s.user, accountId);
    requireManage(access, 'USERS_MANAGE', 'CANNOT_MANAGE_USERS');
    return { access, actor: { userId: s.user.id, superRole: s.user.superRole }, accountId };
  };

  /**
   * Runs `change` on the account's user in one transaction, then audits it. Retried once on a
   * lost connection (db/transaction.ts): the signature bodies also touch storage, safely twice —
   * the image's key is its content hash, and the replaced file is deleted after the last statement.
   */
  const change =
    <T>(
      action: string,
      fn: (
        trx: Knex.Transaction,
        ctx: Context,
        actor: AccountUserActor,
        accountId: string,
        target: AccountUserTarget,
      ) => Promise<T>,
      answer?: (ctx: Context, result: T, accountId: string, userId: string) => Promise<void>,
    ) =>
    async (ctx: Context) => {
      const { actor, accountId } = await administrator(ctx);
      const userId = uuidParam(ctx, 'userId');
      const result = await inTransaction(knex, async (trx) =>
        fn(trx, ctx, actor, accountId, await accountUser(trx, actor, accountId, userId)),
      );
      await audit(knex, actor.userId, `accountUsers.${action}`, ctx.ip, accountId, { userId });
      if (answer) await answer(ctx, result, accountId, userId);
      else ctx.status = 204;
    };

  router.get('/accounts/:accountId/users', async (ctx) => {
    const { accountId } = await administrator(ctx);
    ctx.body = await listAccountUsers(knex, accountId, query(ctx, AccountUserListQuery));
  });

  router.get('/accounts/:accountId/users/options', async (ctx) => {
    const { accountId } = await administrator(ctx);
    const [institutions, roles] = await Promise.all([
      knex('institutions').where({ account_id: accountId }).orderBy('name').select('id', 'name'),
      knex('roles').where({ account_id: accountId }).orderBy('name').select('id', 'name'),
    ]);
    ctx.body = { institutions, roles };
  });

  const exporter = (format: 'csv' | 'xlsx') => async (ctx: Context) => {
    const { actor, accountId } = await administrator(ctx);
    const filters = query(ctx, AccountUserExportQuery);
    // The first page is read before answering, so a bad filter still answers its error code.
    await listAccountUsers(knex, accountId, { ...filters, pageSize: 1 });
    await audit(knex, actor.userId, 'accountUsers.export', ctx.ip, accountId, { format, ...filters });
    const lang = requestLang(ctx);
    ctx.set('Content-Disposition', `attachment; filename="users.${format}"`);
    ctx.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = usersCsv(knex, accountId, filters, lang);
    } else {
      ctx.type = XLSX_TYPE;
      ctx.body = usersXlsx(knex, accountId, filters, lang);
    }
  };
  router.get('/accounts/:accountId/users/export.csv', exporter('csv'));
  router.get('/accounts/:accountId/users/export.xlsx', exporter('xlsx'));

  router.post('/accounts/:accountId/users/invite', async (ctx) => {
    const { access, actor, accountId } = await administrator(ctx);
    const input = body(ctx, AccountUserInviteBody);
    // A registered user (not deleted) is associated at once; a member answers ALREADY_MEMBER.
    const associated = await inTransaction(knex, async (trx) => {
      const user = await trx('users').whereRaw('lower(email) = ?', [input.email]).whereNull('deleted_at').first('id');
      if (!user) return null;
      const inserted = await trx('user_accounts')
        .insert({ user_id: user.id, account_id: accountId, is_admin: false })
        .onConflict(['user_id', 'account_id'])
        .ignore()
        .returning('id');
      if (!inserted.length) throw new AppError('ALREADY_MEMBER');
      return user.id as string;
    });
    if (associated) {
      await audit(knex, actor.userId, 'accountUsers.associate', ctx.ip, accountId, { userId: associated });
      ctx.status = 201;
      ctx.body = { result: 'associated', userId: associated };
      return;
    }
    const invitation = await createInvitation(deps, access, input, requestLang(ctx), ctx.ip);
    ctx.status = 201;
    ctx.body = { result: 'invited', invitation };
  });

  router.get('/accounts/:accountId/users/:userId', async (ctx) => {
    const { accountId } = await administrator(ctx);
    ctx.body = await accountUserDetail(knex, accountId, uuidParam(ctx, 'userId'));
  });

  const detail = async (ctx: Context, _r: unknown, accountId: string, userId: string) => {
    ctx.body = await accountUserDetail(knex, accountId, userId);
  };

  router.patch(
    '/accounts/:accountId/users/:userId',
    change(
      'update',
      (trx, ctx, actor, accountId, target) => updateAccountUser(trx, actor, accountId, target, body(ctx, AccountUserUpdateBody)),
      detail,
    ),
  );

  router.put(
    '/accounts/:accountId/users/:userId/roles',
    change(
      'roles',
      (trx, ctx, _actor, accountId, target) => replaceRoles(trx, accountId, target, body(ctx, RolesBody)),
      async (ctx, _removed, accountId, userId) => {
        // HTTP reads the access per request; the live connections are checked again.
        await accessChanged(deps, [{ userId }]);
        await detail(ctx, undefined, accountId, userId);
      },
    ),
  );

  router.post(
    '/accounts/:accountId/users/:userId/password-change',
    change('passwordChange', async (trx, _ctx, actor, _accountId, target) => {
      await demandPasswordChange(trx, actor, target);
      // The password may be known to someone else: its sessions end too.
      await endUserSessions(deps, target.id, { trx });
    }),
  );

  router.post(
    '/accounts/:accountId/users/:userId/two-factor/reset',
    change('twoFactorReset', (trx, _ctx, actor, _accountId, target) => resetTwoFactor(trx, actor, target)),
  );

  router.post(
    '/accounts/:accountId/users/:userId/sessions/end',
    change('endSessions', (trx, _ctx, _actor, accountId, target) =>
      endUserSessions(deps, target.id, { trx, accountId }).then(() => undefined),
    ),
  );

  router.get('/accounts/:accountId/users/:userId/signature', async (ctx) => {
    const { accountId } = await administrator(ctx);
    const userId = uuidParam(ctx, 'userId');
    await accountUserDetail(knex, accountId, userId); // NOT_FOUND outside the account
    const png = await readSignatureImage(knex, storage, userId);
    if (!png) throw new AppError('NOT_FOUND');
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = png;
  });

  router.put(
    '/accounts/:accountId/users/:userId/signature',
    change(
      'signatureImage',
      async (trx, ctx, actor, _accountId, target) => {
        requireSoleAccount(actor, target);
        const input = body(ctx, UploadSignatureBody);
        return saveSignatureImage(trx, storage, target.id, Buffer.from(input.file, 'base64'));
      },
      async (ctx, updatedAt) => {
        ctx.body = { signatureUpdatedAt: updatedAt.toISOString() };
      },
    ),
  );

  router.delete(
    '/accounts/:accountId/users/:userId/signature',
    change('signatureImageRemoved', async (trx, _ctx, actor, _accountId, target) => {
      requireSoleAccount(actor, target);
      await removeSignatureImage(trx, storage, target.id);
    }),
  );

  return router;
}
