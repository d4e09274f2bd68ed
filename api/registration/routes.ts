/**
 * Sign-up, e-mail verification and invitations. The public routes (no session) come first in
 * app.ts; the administrators' invitation routes take the session per route.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError, isErrorCode } from '../../domain/errors';
import { CompleteRegistrationBody, InvitationBody, SignupBody, registrationProblem } from '../../domain/auth/registration';
import { accountSetting } from '../../domain/accounts/settings';
import { setAccountSetting } from '../../services/accounts/settings-store';
import { councilForAccount } from '../../domain/people/council';
import { loadAccountAccess, requireAdministrator } from '../access/access';
import { audit } from '../auth/login';
import { requireSession, sessionOf } from '../auth/session';
import { publicBaseUrl } from '../documents/sign-report';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { rateLimit } from '../http/rate-limit';
import { body, uuidParam } from '../http/validate';
import {
  acceptInvitation,
  completeRegistration,
  createInvitation,
  listInvitations,
  openInvitation,
  revokeInvitation,
} from './invitations';
import { openAccount, signUp } from './sign-up';
import { resendVerification, verifyEmail } from './verify-email';

export const TokenBody = z.object({ token: z.string().min(1).max(200) }).strict();
export const ResendBody = z.object({ login: z.string().trim().min(1).max(254) }).strict();

/** Parses a registration form: its first problem is answered with that field's own code. */
function form<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (result.success) return result.data;
  const code = registrationProblem(result.error);
  throw new AppError(isErrorCode(code) ? code : 'MALFORMED_REQUEST');
}

const meta = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.get('user-agent'), lang: requestLang(ctx) });

/** Public: no session. */
export function registrationRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router();
  // Every public write here sends mail or hashes a password: limited per address like login.
  const limited = rateLimit({ windowMs: 60_000, max: config.LOGIN_RATE_PER_MINUTE });

  /** Whether the account of a sign-up link takes strangers (closed and unknown answer alike). */
  router.get('/auth/signup/accounts/:accountId', async (ctx) => {
    const id = ctx.params.accountId ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('SIGNUP_CLOSED');
    ctx.body = { data: await openAccount(deps, id.toLowerCase()) };
  });

  router.post('/auth/signup', limited, async (ctx) => {
    const signup = form(ctx, SignupBody);
    await signUp(deps, signup, meta(ctx));
    ctx.status = 201;
    ctx.body = { data: { email: signup.email } };
  });

  router.post('/auth/verify-email', limited, async (ctx) => {
    const { token } = body(ctx, TokenBody);
    ctx.body = { data: await verifyEmail(knex, token, ctx.ip) };
  });

  router.post('/auth/verify-email/resend', limited, async (ctx) => {
    const { login } = body(ctx, ResendBody);
    await resendVerification(deps, login, requestLang(ctx));
    ctx.status = 202;
    ctx.body = { data: { sent: true } };
  });

  /** What the complete-registration page shows (the token travels in the body, never in a URL the server logs). */
  router.post('/auth/invitations/lookup', limited, async (ctx) => {
    const { token } = body(ctx, TokenBody);
    const inv = await openInvitation(knex, token);
    ctx.body = {
      data: {
        accountName: inv.accountName,
        email: inv.email,
        name: inv.name,
        professional: inv.professional,
        council: councilForAccount(inv.isForHuman),
        existingUser: inv.existingUser ? { username: inv.existingUser.username } : null,
      },
    };
  });

  router.post('/auth/invitations/accept', limited, async (ctx) => {
    const { token } = body(ctx, TokenBody);
    ctx.body = { data: await acceptInvitation(knex, token, { ip: ctx.ip }) };
  });

  router.post('/auth/invitations/complete', limited, async (ctx) => {
    const registration = form(ctx, CompleteRegistrationBody);
    ctx.status = 201;
    ctx.body = { data: await completeRegistration(deps, registration, meta(ctx)) };
  });

  return router;
}

/** An account's invitations, for its administrators only (another account's admin: 403; its ids: 404). */
export function invitationRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  const authed = requireSession(knex);
  const adminOf = async (ctx: Context) => {
    const access = await loadAccountAccess(knex, sessionOf(ctx).user, uuidParam(ctx, 'accountId'));
    requireAdministrator(access);
    return access;
  };

  router.get('/accounts/:accountId/invitations', authed, async (ctx) => {
    const access = await adminOf(ctx);
    ctx.body = { data: await listInvitations(knex, access.accountId) };
  });

  router.post('/accounts/:accountId/invitations', authed, async (ctx) => {
    const access = await adminOf(ctx);
    const invitation = form(ctx, InvitationBody);
    ctx.status = 201;
    ctx.body = { data: await createInvitation(deps, access, invitation, requestLang(ctx), ctx.ip) };
  });

  router.delete('/accounts/:accountId/invitations/:invitationId', authed, async (ctx) => {
    const access = await adminOf(ctx);
    await revokeInvitation(knex, access, uuidParam(ctx, 'invitationId'), ctx.ip);
    ctx.status = 204;
  });

  return router;
}

export const OpenSignupBody = z.object({ open: z.boolean() }).strict();

/**
 * Whether the account takes sign-ups from strangers (ALLOW_SIGNUP), read and set by its
 * administrators; the answer carries the link to hand out.
 */
export function openSignupRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  const authed = requireSession(knex);
  const answer = async (accountId: string) => {
    const account = await knex('accounts').where({ id: accountId }).first('config');
    return { open: accountSetting(account?.config, 'ALLOW_SIGNUP'), link: `${publicBaseUrl(deps)}/login?account=${accountId}` };
  };
  const adminOf = async (ctx: Context) => {
    const access = await loadAccountAccess(knex, sessionOf(ctx).user, uuidParam(ctx, 'accountId'));
    requireAdministrator(access);
    return access;
  };

  router.get('/accounts/:accountId/signup', authed, async (ctx) => {
    ctx.body = { data: await answer((await adminOf(ctx)).accountId) };
  });

  router.put('/accounts/:accountId/signup', authed, async (ctx) => {
    const access = await adminOf(ctx);
    const { open } = body(ctx, OpenSignupBody);
    await setAccountSetting(knex, access.accountId, 'ALLOW_SIGNUP', open);
    await audit(knex, access.userId, 'account.allowSignup', ctx.ip, access.accountId, { open });
    ctx.body = { data: await answer(access.accountId) };
  });

  return router;
}
