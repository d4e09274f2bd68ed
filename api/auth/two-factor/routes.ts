/**
 * Two-factor routes (spec 3 §7): status, QR code enrolment, e-mail code, verification, saving
 * the setup (after a first valid code) and turning it off (with a valid code). These — and
 * logout — are all a session whose second factor is still due may reach (gate.ts).
 */
import Router, { type RouterContext } from '@koa/router';
import QRCode from 'qrcode';
import { inTransaction } from '../../../db/transaction';
import {
  MAX_CODE_FAILURES,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  type TwoFactorQrCode,
  type TwoFactorSaved,
} from '../../../domain/auth/two-factor';
import { AppError } from '../../../domain/errors';
import { newRecoveryCodes, hashRecoveryCode } from '../../../services/auth/recovery-codes';
import { newTotpSecret, totpUri, verifyTotp } from '../../../services/auth/totp';
import type { ApiDeps } from '../../deps';
import { requestLang } from '../../http/lang';
import { body } from '../../http/validate';
import { audit } from '../login';
import { presentSession } from '../present-session';
import { requireSession, sessionOf } from '../session';
import { checkSecondFactor, requireCodeShape, type TwoFactorUser } from './check-code';
import { consumeEmailCode, sendEmailCode } from './email-code';
import { twoFactorRequired, twoFactorStatus } from './gate';
import { sealTotpSecret, unsealTotpSecret } from '../../../services/secrets/totp-secret';

const P = '/auth/two-authentication';

export function twoFactorRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router();
  const gated = requireSession(knex, { secondFactor: true });
  const userOf = (ctx: RouterContext) =>
    knex('users')
      .where({ id: sessionOf(ctx).user.id })
      .first<TwoFactorUser & { email: string; username: string; totp_pending_secret_sealed: Buffer | null }>();
  /** Enrolment is for a signed-in session, or one the account sends to enrol; not one owing a code. */
  const mayEnrol = (ctx: RouterContext) => {
    if (sessionOf(ctx).pendingSecondFactor === 'verify') throw new AppError('TWO_FACTOR_PENDING');
  };

  router.get(P, gated, async (ctx) => {
    const s = sessionOf(ctx);
    ctx.body = { data: await twoFactorStatus(knex, s.user.id, s.pendingSecondFactor ?? null) };
  });

  /** A fresh secret for the authenticator app, kept (sealed) until a first code confirms it. */
  router.get(`${P}/qrcode`, gated, async (ctx) => {
    mayEnrol(ctx);
    const user = await userOf(ctx);
    const secret = newTotpSecret();
    const uri = totpUri(secret, { issuer: 'Laudos', label: user.username });
    const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }).catch(() => null);
    if (!qrCode) throw new AppError('OTP_QRCODE_NOT_FOUND');
    await knex('users')
      .where({ id: user.id })
      .update({ totp_pending_secret_sealed: sealTotpSecret(config, secret) });
    const answer: TwoFactorQrCode = { secret, uri, qrCode };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: answer };
  });

  /** Sends the e-mail code: at login for the e-mail kind, or to confirm the switch to it. */
  router.post(`${P}/email`, gated, async (ctx) => {
    const s = sessionOf(ctx);
    const user = await userOf(ctx);
    if (s.pendingSecondFactor === 'verify' && user.two_factor_type !== 'email') throw new AppError('FORBIDDEN_ACCESS');
    const sent = await sendEmailCode(deps, user, requestLang(ctx));
    if (!sent) throw new AppError('OTP_RESEND_WAIT');
    await audit(knex, user.id, 'auth.two-factor.email-code', ctx.ip);
    ctx.body = { info: 'OTP_CODE_SENT', data: { sentAt: sent.sentAt.toISOString(), expiresAt: sent.expiresAt.toISOString() } };
  });

  /** Verifies the second factor of this session (the code, or a recovery code). */
  router.post(P, gated, async (ctx) => {
    const typed = body(ctx, TwoFactorCodeBody);
    const s = sessionOf(ctx);
    if (s.pendingSecondFactor === 'enrol') throw new AppError('TWO_FACTOR_PENDING');
    const user = await userOf(ctx);
    const passed = await checkSecondFactor(knex, config, user, typed);
    if (!passed) {
      const [{ second_factor_failures: failures }] = await knex('sessions')
        .where({ id: s.sessionId })
        .increment('second_factor_failures', 1)
        .returning('second_factor_failures');
      await audit(knex, user.id, 'auth.two-factor.failed', ctx.ip);
      if (failures >= MAX_CODE_FAILURES) {
        // Guessing a 6-digit code takes many tries: the session ends and the password is asked again.
        await knex('sessions').where({ id: s.sessionId }).update({ revoked_at: knex.fn.now() });
        deps.onSessionEnded?.(s.sessionId);
        throw new AppError('INVALID_SESSION');
      }
      throw new AppError('OTP_WRONG_CODE');
    }
    await knex('sessions')
      .where({ id: s.sessionId })
      .update({ second_factor_verified_at: knex.fn.now(), second_factor_failures: 0, updated_at: knex.fn.now() });
    await audit(knex, user.id, passed === 'recovery' ? 'auth.two-factor.recovery-code' : 'auth.two-factor.verified', ctx.ip);
    ctx.body = { data: await presentSession(knex, user.id, ctx.get('access_token'), s.currentAccountId) };
  });

  /**
   * Stores the setup once a first code proves it works: the authenticator's secret from the QR
   * code, or the e-mail kind after a code sent to the address. Answers new recovery codes, once.
   */
  router.post(`${P}/save`, gated, async (ctx) => {
    mayEnrol(ctx);
    const typed = body(ctx, TwoFactorCodeBody);
    const code = requireCodeShape(typed.token);
    const s = sessionOf(ctx);
    const user = await userOf(ctx);
    let totp: { sealed: Buffer; step: number } | null = null;
    if (typed.type === 'authenticator') {
      if (!user.totp_pending_secret_sealed) throw new AppError('OTP_QRCODE_NOT_FOUND');
      const step = verifyTotp({ secret: unsealTotpSecret(config, user.totp_pending_secret_sealed), token: code, lastStep: null });
      if (step === null) throw new AppError('OTP_WRONG_CODE');
      totp = { sealed: user.totp_pending_secret_sealed, step };
    } else if (!(await consumeEmailCode(knex, user.id, code))) throw new AppError('OTP_WRONG_CODE');

    const recoveryCodes = newRecoveryCodes();
    await inTransaction(knex, async (trx) => {
      await trx('users')
        .where({ id: user.id })
        .update({
          two_factor_type: typed.type,
          use_two_factor: true,
          totp_secret_sealed: totp?.sealed ?? null,
          totp_last_step: totp?.step ?? null,
          totp_pending_secret_sealed: null,
          updated_at: trx.fn.now(),
        });
      await trx('two_factor_recovery_codes').where({ user_id: user.id }).delete();
      await trx('two_factor_recovery_codes').insert(
        recoveryCodes.map((c) => ({ user_id: user.id, code_hash: hashRecoveryCode(c) })),
      );
      // This session proved the factor just now; the user's other sessions will be asked for it.
      await trx('sessions')
        .where({ id: s.sessionId })
        .update({ second_factor: null, second_factor_verified_at: trx.fn.now(), second_factor_failures: 0 });
    });
    await audit(knex, user.id, 'auth.two-factor.saved', ctx.ip, s.currentAccountId, { type: typed.type });
    const answer: TwoFactorSaved = { type: typed.type, recoveryCodes };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: answer };
  });

  /** Turns two-factor off: needs a valid code, and an account that does not require it. */
  router.post(`${P}/disable`, requireSession(knex), async (ctx) => {
    const { token } = body(ctx, TwoFactorDisableBody);
    const s = sessionOf(ctx);
    const user = await userOf(ctx);
    if (!user.two_factor_type) throw new AppError('NOT_FOUND');
    if (await twoFactorRequired(knex, user.id)) throw new AppError('TWO_FACTOR_MANDATORY');
    if (!(await checkSecondFactor(knex, config, user, { token, type: user.two_factor_type })))
      throw new AppError('OTP_WRONG_CODE');
    await inTransaction(knex, async (trx) => {
      await trx('users').where({ id: user.id }).update({
        two_factor_type: null,
        use_two_factor: false,
        totp_secret_sealed: null,
        totp_last_step: null,
        totp_pending_secret_sealed: null,
        email_code_hash: null,
        email_code_expires_at: null,
        updated_at: trx.fn.now(),
      });
      await trx('two_factor_recovery_codes').where({ user_id: user.id }).delete();
    });
    await audit(knex, user.id, 'auth.two-factor.disabled', ctx.ip, s.currentAccountId);
    ctx.status = 204;
  });

  return router;
}
