import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { isLostConnection } from '../../db/lost-connection';
import { AppError, type ErrorBody, errorMessage, errorStatus } from '../../domain/errors';
import { requestLang } from './lang';

const RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler: every failure leaves as `{ error: { code, description } }`.
 * Unknown errors are logged with the request id and answered as INTERNAL_ERROR.
 */
export const errorHandler: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
      throw new AppError('NOT_FOUND');
    }
  } catch (err) {
    const lang = requestLang(ctx);
    let body: ErrorBody;
    if (err instanceof AppError) {
      ctx.status = err.status;
      // A part of the platform is down or slow: the client may try again shortly.
      if (err.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      body = {
        error: { code: err.code, description: errorMessage(err.code, lang), ...(err.details ? { details: err.details } : {}) },
      };
    } else if (isLostConnection(err)) {
      ctx.log.warn({ err }, 'database connection lost');
      ctx.status = errorStatus('DATABASE_UNAVAILABLE');
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      body = { error: { code: 'DATABASE_UNAVAILABLE', description: errorMessage('DATABASE_UNAVAILABLE', lang) } };
    } else if (isTooLarge(err)) {
      ctx.status = errorStatus('BODY_TOO_LARGE');
      body = { error: { code: 'BODY_TOO_LARGE', description: errorMessage('BODY_TOO_LARGE', lang) } };
    } else if (err instanceof ZodError || isBodyParserError(err)) {
      ctx.status = errorStatus('MALFORMED_REQUEST');
      body = { error: { code: 'MALFORMED_REQUEST', description: errorMessage('MALFORMED_REQUEST', lang) } };
    } else {
      ctx.log.error({ err }, 'unhandled error');
      ctx.status = 500;
      // The id lets support find the log line; the client shows "id - description".
      body = {
        error: { code: 'INTERNAL_ERROR', description: errorMessage('INTERNAL_ERROR', lang), id: String(ctx.state.requestId) },
      };
    }
    ctx.body = body;
  }
};

/** A body over its parser's limit (the JSON parser, raw-body): one answer, 413 BODY_TOO_LARGE. */
export function isTooLarge(err: unknown): boolean {
  const e = err as { status?: number; type?: string } | null;
  return e?.type === 'entity.too.large' || e?.status === 413;
}

function isBodyParserError(err: unknown): boolean {
  const e = err as { status?: number; type?: string };
  return e?.status === 400 || e?.status === 415 || e?.type === 'entity.parse.failed';
}
