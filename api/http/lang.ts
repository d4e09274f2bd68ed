import type { Context } from 'koa';
import { DEFAULT_LANG, type Lang } from '../../domain/errors';

/** The caller's language from Accept-Language (pt-BR by default). */
export function requestLang(ctx: Context): Lang {
  const header = (ctx.get('accept-language') || '').toLowerCase();
  const first = header.split(',')[0]?.trim() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first.startsWith('es')) return 'es';
  return DEFAULT_LANG;
}
