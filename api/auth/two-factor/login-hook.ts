/**
 * What POST /auth answers after the password when a second factor is due (spec 3 §4 Login):
 * the session token with the PendingSession data, and `info` OTP_CODE_SENT (e-mail kind: the
 * code just went out, or one sent under 90 s ago still stands), OTP_CODE_NEEDED (authenticator)
 * or TWO_FACTOR_ENROL (the account requires two-factor of a user without it).
 */
import type { Context } from 'koa';
import type { PendingSession } from '../../../domain/auth/two-factor';
import type { ApiDeps } from '../../deps';
import { requestLang } from '../../http/lang';
import { lookupSession } from '../session';
import { sendEmailCode } from './email-code';
import { presentPending, secondFactorAtLogin } from './gate';

export type LoginInfo = 'OTP_CODE_SENT' | 'OTP_CODE_NEEDED' | 'TWO_FACTOR_ENROL';

/** null: the session is fully signed in (no second factor due). */
export async function secondFactorAfterLogin(
  deps: Pick<ApiDeps, 'knex' | 'config' | 'logger'>,
  ctx: Context,
  opened: { userId: string; sessionId: string; token: string },
): Promise<{ data: PendingSession; info: LoginInfo } | null> {
  const { knex } = deps;
  // The token has not left yet: marking the session here still precedes any use of it.
  if ((await secondFactorAtLogin(knex, opened.userId)) === 'enrol')
    await knex('sessions').where({ id: opened.sessionId }).update({ second_factor: 'enrol' });
  const pending = (await lookupSession(knex, opened.token))?.session.pendingSecondFactor;
  if (!pending) return null;
  let info: LoginInfo = pending === 'enrol' ? 'TWO_FACTOR_ENROL' : 'OTP_CODE_NEEDED';
  if (pending === 'verify') {
    const user = await knex('users').where({ id: opened.userId }).first('id', 'email', 'two_factor_type');
    if (user.two_factor_type === 'email') {
      await sendEmailCode(deps, user, requestLang(ctx));
      info = 'OTP_CODE_SENT';
    }
  }
  return { data: await presentPending(knex, opened.userId, opened.token, pending), info };
}
