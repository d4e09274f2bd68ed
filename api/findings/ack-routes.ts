/**
 * The public acknowledgement of an e-mailed critical finding (issue 18): no session, the
 * single-use link's token is the only key. GET shows the minimum to recognise the finding
 * (the finding, the patient's initials, the accession number, exam, institution, reporting
 * doctor); POST records who acknowledged and when, once.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { AcknowledgeBody } from '../../domain/findings/communications';
import { parseOrThrow } from '../../domain/workspace/validate';
import type { ApiDeps } from '../deps';
import { rateLimit } from '../http/rate-limit';
import { acknowledgeLink, viewAckLink } from './communications';

const Token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export function criticalAckRoutes(deps: ApiDeps): Router {
  const router = new Router();
  const limited = rateLimit({ windowMs: 60_000, max: 60 });
  const token = (raw: string | undefined) => {
    const parsed = Token.safeParse(raw);
    if (!parsed.success) throw new AppError('CRITICAL_ACK_LINK_UNKNOWN');
    return parsed.data;
  };

  router.get('/public/critical-ack/:token', limited, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { acknowledgement: await viewAckLink(deps.knex, token(ctx.params.token)) };
  });

  router.post('/public/critical-ack/:token', limited, async (ctx) => {
    const { receiverName } = parseOrThrow(AcknowledgeBody, (ctx.request as { body?: unknown }).body ?? {});
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await acknowledgeLink(deps, token(ctx.params.token), receiverName);
  });

  return router;
}
