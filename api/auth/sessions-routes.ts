/**
 * The user's own sessions (My profile → Sessões) and access links:
 * `GET /auth/sessions`, `POST /auth/sessions/revokeOthers`, `DELETE /auth/sessions/:id` (own
 * only: another user's id is NOT_FOUND), `POST /auth/accessLink`, `POST /auth/access`.
 */
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { AccessExchangeBody, type SessionListItem } from '../../domain/auth/sessions';
import type { ApiDeps } from '../deps';
import { publicBaseUrl } from '../documents/sign-report';
import { rateLimit } from '../http/rate-limit';
import { body, uuidParam } from '../http/validate';
import { exchangeAccessLink, issueAccessLink } from './access-links';
import { endUserSessions } from './end-sessions';
import { audit } from './login';
import { presentSession } from './present-session';
import { requireSession, sessionOf } from './session';
import { SESSION_EXPIRED_SQL } from './session-expiry';

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

export function sessionRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router();
  const authed = requireSession(knex);

  router.get('/auth/sessions', authed, async (ctx) => {
    const s = sessionOf(ctx);
    const rows: { id: string; user_agent: string | null; ip: string | null; created_at: Date; last_seen_at: Date }[] = await knex(
      'sessions as s',
    )
      .where('s.user_id', s.user.id)
      .whereNull('s.revoked_at')
      .whereRaw(`not ${SESSION_EXPIRED_SQL}`)
      .orderBy('s.last_seen_at', 'desc')
      .select('s.id', 's.user_agent', 's.ip', 's.created_at', 's.last_seen_at');
    const data: SessionListItem[] = rows.map((r) => ({
      id: r.id,
      userAgent: r.user_agent,
      ip: r.ip,
      createdAt: iso(r.created_at),
      lastSeenAt: iso(r.last_seen_at),
      current: r.id === s.sessionId,
    }));
    ctx.body = { data };
  });

  router.post('/auth/sessions/revokeOthers', authed, async (ctx) => {
    const s = sessionOf(ctx);
    const ended = await endUserSessions(deps, s.user.id, { exceptSessionId: s.sessionId });
    await audit(knex, s.user.id, 'auth.revokeOtherSessions', ctx.ip, s.currentAccountId, { ended: ended.length });
    ctx.body = { data: { ended: ended.length } };
  });

  router.delete('/auth/sessions/:id', authed, async (ctx) => {
    const s = sessionOf(ctx);
    const id = uuidParam(ctx, 'id');
    const ended = await endUserSessions(deps, s.user.id, { sessionId: id });
    if (!ended.length) throw new AppError('NOT_FOUND');
    await audit(knex, s.user.id, 'auth.revokeSession', ctx.ip, s.currentAccountId, { sessionId: id });
    ctx.status = 204;
  });

  router.post('/auth/accessLink', authed, async (ctx) => {
    const s = sessionOf(ctx);
    if (s.viaImageToken) throw new AppError('INVALID_SESSION');
    const link = await issueAccessLink(knex, s, config.ACCESS_LINK_SECONDS);
    await audit(knex, s.user.id, 'auth.accessLink', ctx.ip, s.currentAccountId);
    ctx.body = { ...link, url: `${publicBaseUrl(deps)}/?access=${encodeURIComponent(link.token)}` };
  });

  // Public (the link is the credential), limited per address like the login.
  router.post('/auth/access', rateLimit({ windowMs: 60_000, max: config.LOGIN_RATE_PER_MINUTE }), async (ctx) => {
    const { token } = body(ctx, AccessExchangeBody);
    const opened = await exchangeAccessLink(knex, token, {
      ttlHours: config.SESSION_TTL_HOURS,
      idleMinutes: config.SESSION_IDLE_MINUTES,
      ip: ctx.ip,
      userAgent: ctx.get('user-agent'),
    });
    await audit(knex, opened.userId, 'auth.accessLinkUsed', ctx.ip, opened.currentAccountId);
    ctx.body = { data: await presentSession(knex, opened.userId, opened.token, opened.currentAccountId) };
  });

  return router;
}
