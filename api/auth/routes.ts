import Router, { type RouterContext } from '@koa/router';
import { STUDY_LIST_VIEW_CONFIG_KEY, StudyListView } from '../../domain/studies/list-view';
import { z } from 'zod';
import { AppError, LANGS } from '../../domain/errors';
import { ChangeAccountBody, LoginBody } from '../../domain/auth/schemas';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { body } from '../http/validate';
import { audit, login } from './login';
import { createLoginLimits, limitAddress, retryAfterHeader } from './login-limits';
import { passwordRoutes } from './password/routes';
import { issueImageToken } from './image-tokens';
import { presentSession } from './present-session';
import { requireSession, sessionOf } from './session';
import { presentPending } from './two-factor/gate';
import { secondFactorAfterLogin } from './two-factor/login-hook';
import { sessionsEnded } from './end-sessions';
import { announceSessionsEnded } from './session-events';
import { refuseBarredFilters } from '../account-users/personal-filters';

/** User settings the client may write (spec 3 §3 userConfig keys). */
export const UserConfigBody = z
  .object({
    key: z.enum([
      'THEME_COLOR',
      'KEEP_LAST_VIEWER',
      'LAST_VIEWER',
      'DEFAULT_VIEWER',
      'USE_NEW_VIEWER',
      'DOWNLOAD_OPTIONS',
      'DISABLE_LAUDO_IMAGE_SELECTOR',
      // The study list's saved filters, by account (JSON): kept with the user, on any machine.
      'SAVED_FILTERS',
      // The interface language (pt-BR, en, es): kept locally and with the user (My profile).
      'LANGUAGE',
      // The colour palette of the theme (THEME_COLOR holds dark or light).
      'THEME_PALETTE',
      // The study list's dense mode and hidden columns (issue 17), as JSON.
      STUDY_LIST_VIEW_CONFIG_KEY,
    ]),
    value: z.union([z.string().max(16_000), z.record(z.string(), z.unknown())]),
  })
  .strict()
  .refine((c) => c.key !== 'LANGUAGE' || (LANGS as readonly unknown[]).includes(c.value))
  .refine(
    (c) =>
      c.key !== STUDY_LIST_VIEW_CONFIG_KEY ||
      StudyListView.safeParse(typeof c.value === 'string' ? safeJson(c.value) : c.value).success,
  );

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

export function authRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router();
  const authed = requireSession(knex);
  // Reached also by a session whose second factor is still due (two-factor/gate.ts).
  const anySession = requireSession(knex, { secondFactor: true });

  // Per address (before anything else) and per name (in login(), before the hash).
  const limits =
    deps.loginLimits ??
    createLoginLimits({ LOGIN_RATE_PER_MINUTE: config.LOGIN_RATE_PER_MINUTE, DATABASE_URL: config.DATABASE_URL });
  router.post('/auth', retryAfterHeader, limitAddress(limits), async (ctx) => {
    const credentials = body(ctx, LoginBody);
    const result = await login(deps, credentials, {
      ttlHours: config.SESSION_TTL_HOURS,
      idleMinutes: config.SESSION_IDLE_MINUTES,
      ip: ctx.ip,
      userAgent: ctx.get('user-agent'),
      lang: requestLang(ctx),
      limits,
    });
    ctx.body = (await secondFactorAfterLogin(deps, ctx, result)) ?? {
      data: await presentSession(knex, result.userId, result.token, result.currentAccountId),
    };
  });
  const passwords = passwordRoutes(deps, limits);
  router.use(passwords.routes(), passwords.allowedMethods());

  router.get('/auth', anySession, async (ctx) => {
    const s = sessionOf(ctx);
    if (s.pendingSecondFactor) {
      ctx.body = { data: await presentPending(knex, s.user.id, ctx.get('access_token'), s.pendingSecondFactor) };
      return;
    }
    ctx.body = { data: await presentSession(knex, s.user.id, ctx.get('access_token'), s.currentAccountId) };
  });

  router.post('/auth/changeAccount', authed, async (ctx) => {
    const { accountId } = body(ctx, ChangeAccountBody);
    const s = sessionOf(ctx);
    const linked = s.user.superRole || (await knex('user_accounts').where({ user_id: s.user.id, account_id: accountId }).first());
    if (!linked) throw new AppError('FORBIDDEN_ACCESS');
    await knex('sessions').where({ id: s.sessionId }).update({ current_account_id: accountId, updated_at: knex.fn.now() });
    await audit(knex, s.user.id, 'auth.changeAccount', ctx.ip, accountId);
    // Live subscriptions were authorised for the previous account: end them (on every replica).
    deps.onSessionEnded?.(s.sessionId);
    await announceSessionsEnded(knex, [s.sessionId], deps.replicaId);
    ctx.body = { data: await presentSession(knex, s.user.id, ctx.get('access_token'), accountId) };
  });

  const endSession = (reason: string) => async (ctx: RouterContext) => {
    const s = sessionOf(ctx);
    await knex('sessions').where({ id: s.sessionId }).update({ revoked_at: knex.fn.now() });
    await audit(knex, s.user.id, reason, ctx.ip, s.currentAccountId);
    await sessionsEnded(deps, [s.sessionId]);
    ctx.status = 204;
  };
  router.post('/auth/logout', anySession, endSession('auth.logout'));
  // Spec 3 §4: the client reports the expiry on its way out, with the token that expired.
  router.post(
    '/auth/expiredSession',
    requireSession(knex, { allowExpired: true, secondFactor: true }),
    endSession('auth.expiredSession'),
  );

  /** A short-lived image token for URLs (the viewer frame, <img>): see image-tokens.ts. */
  router.post('/auth/imageToken', authed, async (ctx) => {
    const s = sessionOf(ctx);
    if (!s.currentAccountId) throw new AppError('FORBIDDEN_ACCESS');
    ctx.body = await issueImageToken(knex, s, s.currentAccountId, config.IMAGE_TOKEN_MINUTES);
  });

  router.get('/users/config', authed, async (ctx) => {
    const user = await knex('users')
      .where({ id: sessionOf(ctx).user.id })
      .first('config');
    ctx.body = { data: Object.entries(user.config ?? {}).map(([key, value]) => ({ key, value })) };
  });
  router.get('/users/config/:key', authed, async (ctx) => {
    const user = await knex('users')
      .where({ id: sessionOf(ctx).user.id })
      .first('config');
    const key = String(ctx.params.key);
    const value = (user.config ?? {})[key] ?? null;
    // Spec 3 §7: THEME_COLOR answers value.color.
    ctx.body = { key, value: key === 'THEME_COLOR' ? { color: value } : value };
  });
  router.post('/users/config', authed, async (ctx) => {
    const { key, value } = body(ctx, UserConfigBody);
    // Issue 14: an administrator may bar a user of the account from personal filters.
    if (key === 'SAVED_FILTERS') await refuseBarredFilters(knex, sessionOf(ctx));
    const stored = typeof value === 'string' ? value : JSON.stringify(value);
    await knex('users')
      .where({ id: sessionOf(ctx).user.id })
      .update({ config: knex.raw(`config || jsonb_build_object(?::text, ?::text)`, [key, stored]), updated_at: knex.fn.now() });
    ctx.body = { key, value: stored };
  });

  return router;
}
