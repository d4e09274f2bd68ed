import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';

/** Whether a NUL character is anywhere in the value (strings, keys, nested). */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v));
  return false;
}

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

/** A route parameter that names a row: a uuid, in either case (the OpenAPI document gives it this schema). */
export const UuidParam = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);

/** Parses a route parameter that must be a uuid; anything else is NOT_FOUND. */
export function uuidParam(ctx: Context, name: string): string {
  const v = UuidParam.safeParse((ctx.params as Record<string, string | undefined>)[name]);
  if (!v.success) throw new AppError('NOT_FOUND');
  return v.data.toLowerCase();
}

/**
 * A NUL character in the query string or the JSON body is MALFORMED_REQUEST, for every route
 * whatever parses it next: PostgreSQL refuses it in text and jsonb (a 500 from the database),
 * and no field of the platform holds one.
 */
export const refuseNul: Middleware = async (ctx, next) => {
  if (hasNul(ctx.query) || hasNul((ctx.request as { body?: unknown }).body)) throw new AppError('MALFORMED_REQUEST');
  await next();
};
