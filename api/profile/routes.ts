/**
 * My profile (issue 13): the caller's own personal data, e-mail change confirmed by a link sent
 * to the new address, and the signature image drawn in their signed PDFs. Every route works on
 * the session's user only; the confirmation link is its own capability (no session needed).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { formatPhone } from '../../domain/people/phones';
import {
  ChangeEmailBody,
  ConfirmEmailBody,
  PROFILE_FIELD_ERRORS,
  type Profile,
  UpdateProfileBody,
} from '../../domain/profile/schemas';
import { UploadSignatureBody } from '../../domain/profile/signature-image';
import { verifyPassword } from '../../services/auth/passwords';
import { confirmEmailChange, createEmailChange, emailTaken } from '../../services/profile/email-change';
import { readSignatureImage, removeSignatureImage, saveSignatureImage } from '../../services/profile/signature-image';
import { audit } from '../auth/login';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { publicBaseUrl } from '../documents/sign-report';
import { WindowCounter } from '../http/rate-limit';
import { requestLang } from '../http/lang';
import { body } from '../http/validate';
import { sendUserMail } from '../../services/mail/user-mail';
import { mailTransport } from '../../services/mail/transport';
import { emailChangeMessage, emailChangedMessage } from './email-change-message';

/** Parses a profile body; a refused field answers its own message (spec 3 §5). */
function profileBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path[0];
  const code = PROFILE_FIELD_ERRORS[field as keyof typeof PROFILE_FIELD_ERRORS];
  throw new AppError(code ?? 'MALFORMED_REQUEST');
}

export function profileRoutes(deps: ApiDeps): Router {
  const { knex, storage } = deps;
  const router = new Router();
  const authed = requireSession(knex);
  // The current password is guessed against argon2 here too: a few tries per user and window.
  const passwordTries = new WindowCounter({ windowMs: 15 * 60_000, max: 10 });

  const present = async (userId: string): Promise<Profile> => {
    const [u, pending] = await Promise.all([
      knex('users')
        .where({ id: userId })
        .first('name', 'username', 'email', 'phone_mobile', 'phone_other', 'signature_updated_at'),
      knex('email_change_requests')
        .where({ user_id: userId })
        .whereNull('used_at')
        .where('expires_at', '>', knex.fn.now())
        .orderBy('created_at', 'desc')
        .first('new_email', 'expires_at'),
    ]);
    if (!u) throw new AppError('INVALID_SESSION');
    return {
      name: u.name as string,
      username: u.username as string,
      email: u.email as string,
      mobile: u.phone_mobile ? formatPhone(u.phone_mobile) : null,
      phone: u.phone_other ? formatPhone(u.phone_other) : null,
      signatureUpdatedAt: u.signature_updated_at ? (u.signature_updated_at as Date).toISOString() : null,
      pendingEmail: pending
        ? { email: pending.new_email as string, expiresAt: (pending.expires_at as Date).toISOString() }
        : null,
    };
  };

  router.get('/profile', authed, async (ctx) => {
    ctx.body = await present(sessionOf(ctx).user.id);
  });

  router.patch('/profile', authed, async (ctx) => {
    const input = profileBody(ctx, UpdateProfileBody);
    const userId = sessionOf(ctx).user.id;
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.mobile !== undefined) changes.phone_mobile = input.mobile;
    if (input.phone !== undefined) changes.phone_other = input.phone;
    if (Object.keys(changes).length > 0) {
      await knex('users')
        .where({ id: userId })
        .update({ ...changes, updated_at: knex.fn.now() });
      await audit(knex, userId, 'profile.update', ctx.ip, sessionOf(ctx).currentAccountId);
    }
    ctx.body = await present(userId);
  });

  router.post('/profile/email', authed, async (ctx) => {
    const { email, currentPassword } = profileBody(ctx, ChangeEmailBody);
    const userId = sessionOf(ctx).user.id;
    if (!passwordTries.take(userId)) {
      ctx.set('Retry-After', String(passwordTries.retryAfter(userId)));
      throw new AppError('RATE_LIMITED');
    }
    const user = await knex('users').where({ id: userId }).first('name', 'email', 'password_hash');
    if (!user || !(await verifyPassword(user.password_hash, currentPassword))) throw new AppError('PROFILE_PASSWORD_WRONG');
    passwordTries.giveBack(userId);
    if (String(user.email).toLowerCase() === email) throw new AppError('PROFILE_EMAIL_UNCHANGED');
    if (await emailTaken(knex, email, userId)) throw new AppError('PROFILE_EMAIL_IN_USE');
    const { token, expiresAt } = await createEmailChange(knex, userId, email);
    const url = `${publicBaseUrl(deps)}/confirm-email?token=${encodeURIComponent(token)}`;
    await sendUserMail(deps, mailTransport(deps.config), {
      kind: 'auth.verify-email-change',
      to: email,
      toUserId: userId,
      ...emailChangeMessage(requestLang(ctx), user.name, url),
      link: { url, expiresAt },
    });
    await audit(knex, userId, 'profile.email-change-requested', ctx.ip, sessionOf(ctx).currentAccountId);
    ctx.status = 202;
    ctx.body = await present(userId);
  });

  // Public: the link from the e-mail is the capability (the new address proved it can read it).
  router.post('/profile/email/confirm', async (ctx) => {
    const { token } = body(ctx, ConfirmEmailBody);
    const { userId, email, previousEmail, name } = await confirmEmailChange(knex, token);
    await audit(knex, userId, 'profile.email-changed', ctx.ip, null);
    await sendUserMail(deps, mailTransport(deps.config), {
      kind: 'auth.email-changed',
      to: previousEmail,
      toUserId: userId,
      ...emailChangedMessage(requestLang(ctx), name, email),
    });
    ctx.body = { email };
  });

  router.get('/profile/signature', authed, async (ctx) => {
    const png = await readSignatureImage(knex, storage, sessionOf(ctx).user.id);
    if (!png) throw new AppError('NOT_FOUND');
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = png;
  });

  router.put('/profile/signature', authed, async (ctx) => {
    const input = body(ctx, UploadSignatureBody);
    const userId = sessionOf(ctx).user.id;
    const updatedAt = await saveSignatureImage(knex, storage, userId, Buffer.from(input.file, 'base64'));
    await audit(knex, userId, 'profile.signature-image', ctx.ip, sessionOf(ctx).currentAccountId);
    ctx.body = { signatureUpdatedAt: updatedAt.toISOString() };
  });

  router.delete('/profile/signature', authed, async (ctx) => {
    const userId = sessionOf(ctx).user.id;
    await removeSignatureImage(knex, storage, userId);
    await audit(knex, userId, 'profile.signature-image-removed', ctx.ip, sessionOf(ctx).currentAccountId);
    ctx.status = 204;
  });

  return router;
}
