/**
 * Client error reports (spec 1 §7 `POST /errorTracker` with subType, user, content): the
 * editor's failed draft saves and component crashes. Authenticated, at most 16 KB of
 * content, and limited per session so a looping client cannot fill the table.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import {
  ERROR_REPORT_CONTENT_MAX_BYTES,
  ERROR_REPORTS_PER_MINUTE,
  ErrorReportBody,
  contentBytes,
} from '../../domain/workspace/error-tracker';
import { parseOrThrow } from '../../domain/workspace/validate';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';

/** A fixed-window limiter per session, in memory (per api process). */
export function perSessionLimit(opts: { windowMs: number; max: number }): Middleware {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return async (ctx, next) => {
    const now = Date.now();
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    const key = sessionOf(ctx).sessionId;
    const entry = hits.get(key);
    if (!entry || entry.resetAt <= now) hits.set(key, { count: 1, resetAt: now + opts.windowMs });
    else if (++entry.count > opts.max) {
      ctx.set('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new AppError('RATE_LIMITED');
    }
    await next();
  };
}

export async function recordErrorReport(
  knex: Knex,
  report: { accountId: string | null; userId: string; subType: string; content: unknown; userAgent: string },
): Promise<void> {
  if (contentBytes(report.content) > ERROR_REPORT_CONTENT_MAX_BYTES) throw new AppError('ERROR_REPORT_TOO_LARGE');
  await knex('error_reports').insert({
    account_id: report.accountId,
    user_id: report.userId,
    sub_type: report.subType,
    content: JSON.stringify(report.content),
    user_agent: report.userAgent.slice(0, 300) || null,
  });
}

export function errorTrackerRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.post(
    '/errorTracker',
    requireSession(knex),
    perSessionLimit({ windowMs: 60_000, max: ERROR_REPORTS_PER_MINUTE }),
    async (ctx) => {
      const body = parseOrThrow(ErrorReportBody, (ctx.request as { body?: unknown }).body ?? {});
      const session = sessionOf(ctx);
      await recordErrorReport(knex, {
        accountId: session.currentAccountId,
        userId: session.user.id,
        subType: body.subType,
        content: body.content,
        userAgent: ctx.get('user-agent'),
      });
      ctx.status = 204;
    },
  );
  return router;
}
