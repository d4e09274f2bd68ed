/**
 * Account settings (spec 3 §7 /accounts/{id}/config, /config/{key}): a map from the registry's
 * keys (domain/accounts/settings.ts) to the account's values, defaults filled in. Any member
 * of the account reads them (the print screens do); its administrators (user_accounts.is_admin)
 * and the super role change them, one key at a time, each change audited. Another account's
 * settings do not exist for the caller (404).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  type AccountSettingKey,
  accountSettings,
  checkSettingInput,
  isAccountSettingKey,
  isEditableSetting,
} from '../../domain/accounts/settings';
import { AppError } from '../../domain/errors';
import { clearAccountSetting, setAccountSetting } from '../../services/accounts/settings-store';
import { audit } from '../auth/login';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, uuidParam } from '../http/validate';

export const PutBody = z.object({ value: z.unknown() }).strict();

export function accountSettingsRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(['/accounts/:id/config', '/accounts/:id/config/:key'], requireSession(knex));

  /** The account of the path and whether the caller may change its settings; 404 for a non-member. */
  async function accountOf(ctx: Context) {
    const id = uuidParam(ctx, 'id');
    const { user } = sessionOf(ctx);
    const account = await knex('accounts').where({ id }).first('id', 'config');
    const link = await knex('user_accounts').where({ user_id: user.id, account_id: id }).first('is_admin');
    if (!account || (!link && !user.superRole)) throw new AppError('NOT_FOUND');
    return { id, config: account.config as Record<string, unknown> | null, canManage: user.superRole || Boolean(link?.is_admin) };
  }

  function keyOf(ctx: Context): AccountSettingKey {
    const key = String((ctx.params as Record<string, string>).key ?? '');
    if (!isAccountSettingKey(key)) throw new AppError('ACCOUNT_SETTING_UNKNOWN');
    return key;
  }

  router.get('/accounts/:id/config', async (ctx) => {
    const account = await accountOf(ctx);
    const { values, customized } = accountSettings(account.config);
    ctx.body = { data: values, customized, canManage: account.canManage };
  });

  router.get('/accounts/:id/config/:key', async (ctx) => {
    const account = await accountOf(ctx);
    const key = keyOf(ctx);
    const { values, customized } = accountSettings(account.config);
    ctx.body = { key, value: values[key], customized: customized.includes(key) };
  });

  router.put('/accounts/:id/config/:key', async (ctx) => {
    const account = await accountOf(ctx);
    if (!account.canManage) throw new AppError('ACCOUNT_SETTINGS_CANNOT_MANAGE');
    const key = keyOf(ctx);
    if (!isEditableSetting(key)) throw new AppError('ACCOUNT_SETTING_NOT_EDITABLE');
    const { value: sent } = body(ctx, PutBody);
    const value = checkSettingInput(key, sent);
    if (value === null) throw new AppError('ACCOUNT_SETTING_INVALID');
    const before = accountSettings(account.config).values[key];
    await setAccountSetting(knex, account.id, key, value);
    await audit(knex, sessionOf(ctx).user.id, 'admin.account.setting', ctx.ip, account.id, { key, before, after: value });
    ctx.body = { key, value, customized: true };
  });

  router.delete('/accounts/:id/config/:key', async (ctx) => {
    const account = await accountOf(ctx);
    if (!account.canManage) throw new AppError('ACCOUNT_SETTINGS_CANNOT_MANAGE');
    const key = keyOf(ctx);
    if (!isEditableSetting(key)) throw new AppError('ACCOUNT_SETTING_NOT_EDITABLE');
    const before = accountSettings(account.config).values[key];
    await clearAccountSetting(knex, account.id, key);
    const { values } = accountSettings((await knex('accounts').where({ id: account.id }).first('config')).config);
    await audit(knex, sessionOf(ctx).user.id, 'admin.account.setting.reset', ctx.ip, account.id, { key, before });
    ctx.body = { key, value: values[key], customized: false };
  });

  return router;
}
