import type { Context } from 'koa';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';

/** Parses the request body with a zod schema; a mismatch is MALFORMED_REQUEST. */
export function body<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (!result.success) throw new AppError('MALFORMED_REQUEST');
  return result.data;
}

/** Parses the query string with a zod schema. */
export function query<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(ctx.query);
  if (!result.success) throw new AppError('MALFORMED_REQUEST');
  return result.data;
}

/** Parses a route parameter that must be a uuid; anything else is NOT_FOUND. */
export function uuidParam(ctx: Context, name: string): string {
  const v = (ctx.params as Record<string, string | undefined>)[name];
  if (!v || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) throw new AppError('NOT_FOUND');
  return v.toLowerCase();
}
