/**
 * Forgot, reset and change password (issue 13; spec 3 §2 /forgotPassword, /resetPassword).
 */
import Router from '@koa/router';
import { inTransaction } from '../../../db/transaction';
import { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '../../../domain/auth/schemas';
import { AppError } from '../../../domain/errors';
import { verifyPassword } from '../../../services/auth/passwords';
import { hashToken } from '../../../services/tokens';
import type { ApiDeps } from '../../deps';
import { requestLang } from '../../http/lang';
import { body } from '../../http/validate';
import { endUserSessions } from '../end-sessions';
import { audit } from '../login';
import { limitAddress, retryAfterHeader, type LoginLimits } from '../login-limits';
import { requireSession, sessionOf } from '../session';
import { passwordSettings } from './settings';
import { consumeResetToken, recentlyMailed, resetPageUrl, sendResetLink } from './reset-links';
import { checkPasswordPair, setPassword } from './store';

export function passwordRoutes(deps: ApiDeps, limits: LoginLimits): Router {
  const { knex, config } = deps;
  const router = new Router();
  const anonymous = [retryAfterHeader, limitAddress(limits)];

  /**
   * Always 204 whoever is named (no enumeration): the lookup and the mail run after the answer,
   * so a known name does not take longer either. The name's allowance is counted first, so one
   * mailbox cannot be flooded.
   */
  router.post('/auth/forgotPassword', ...anonymous, async (ctx) => {
    const b = body(ctx, ForgotPasswordBody);
    const pageUrl = resetPageUrl(deps, b.callbackUrl);
    const name = (b.username ?? b.email ?? '').toLowerCase();
    await limits.name(`forgot:${hashToken(name)}`);
    const lang = requestLang(ctx);
    const ip = ctx.ip;
    void (async () => {
      const user = await knex('users')
        .whereRaw('lower(username) = ?', [name])
        .orWhereRaw('lower(email) = ?', [name])
        .first('id', 'name', 'email');
      // One mail a minute per user, however often the form is sent.
      if (!user || (await recentlyMailed(knex, user.id, 'auth.password-reset', 1))) return;
      await sendResetLink(deps, user, 'auth.password-reset', { lang, pageUrl });
      await audit(knex, user.id, 'auth.forgotPassword', ip);
    })().catch((err: unknown) => deps.logger.error({ err }, 'password reset mail failed'));
    ctx.status = 204;
  });

  /** Sets the new password from a link: single use, policy and history, lockout cleared, every session ended. */
  router.post('/auth/resetPassword', ...anonymous, async (ctx) => {
    const b = body(ctx, ResetPasswordBody);
    checkPasswordPair(b);
    const userId = await inTransaction(knex, async (trx) => {
      const id = await consumeResetToken(trx, b.token);
      const settings = await passwordSettings(trx, id, config.LOGIN_MAX_ATTEMPTS);
      await setPassword(trx, id, b.password, settings.history);
      await endUserSessions(deps, id, { trx });
      return id;
    });
    await audit(knex, userId, 'auth.resetPassword', ctx.ip);
    ctx.status = 204;
  });

  /** My profile: needs the current password; the user's other sessions end. */
  router.post('/auth/changePassword', retryAfterHeader, requireSession(knex), async (ctx) => {
    const b = body(ctx, ChangePasswordBody);
    const s = sessionOf(ctx);
    checkPasswordPair(b);
    // Guessing the current password from a stolen session is limited like a login.
    await limits.name(`user:${s.user.id}`);
    const current = await knex('users').where({ id: s.user.id }).first('password_hash');
    if (!(await verifyPassword(current.password_hash, b.currentPassword))) throw new AppError('WRONG_CURRENT_PASSWORD');
    await limits.giveBack(`user:${s.user.id}`);
    await inTransaction(knex, async (trx) => {
      const settings = await passwordSettings(trx, s.user.id, config.LOGIN_MAX_ATTEMPTS);
      await setPassword(trx, s.user.id, b.password, settings.history);
      // Links sent before the change must not set another password later.
      await trx('password_reset_tokens').where({ user_id: s.user.id }).whereNull('used_at').update({ used_at: trx.fn.now() });
      await endUserSessions(deps, s.user.id, { trx, exceptSessionId: s.sessionId });
    });
    await audit(knex, s.user.id, 'auth.changePassword', ctx.ip, s.currentAccountId);
    ctx.status = 204;
  });

  return router;
}
