/**
 * CORS for DICOMweb and WADO-URI, so an outside viewer (OHIF at the account's customViewerUrl,
 * or an origin of DICOMWEB_CORS_ORIGINS) can call them from the browser with its token in
 * the Authorization (or access_token) header. Preflights are answered here, before the
 * token check (a preflight carries none). Other origins get no CORS headers: the browser
 * keeps the answer from them.
 */
import type { Knex } from 'knex';
import type { Middleware } from 'koa';

const CACHE_MS = 30_000;
const ALLOW_HEADERS = 'Authorization, access_token, Content-Type, Accept, Range, X-Request-Id';
const EXPOSE_HEADERS = 'Content-Type, Content-Length, Content-Range, Location, Warning, X-Request-Id';

export const isDicomwebPath = (p: string) => p === '/dicomweb' || p.startsWith('/dicomweb/') || p === '/wado';

/** The origin of a URL ('' when it is none). */
export function originOf(url: string | null | undefined): string {
  try {
    const u = new URL(url ?? '');
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : '';
  } catch {
    return '';
  }
}

export function dicomwebCors(knex: Knex, configured: string[]): Middleware {
  const fixed = new Set(configured.map(originOf).filter(Boolean));
  let cached: { at: number; origins: Promise<Set<string>> } | undefined;
  // Viewer URLs change rarely; a short cache keeps every request from asking the database.
  const viewerOrigins = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const origins = knex('accounts')
        .whereNotNull('custom_viewer_url')
        .pluck('custom_viewer_url')
        .then((urls: string[]) => new Set(urls.map(originOf).filter(Boolean)));
      cached = { at: Date.now(), origins };
      origins.catch(() => (cached = undefined));
    }
    return cached.origins;
  };
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (!isDicomwebPath(ctx.path) || !origin) return next();
    const allowed = fixed.has(origin) || (await viewerOrigins()).has(origin);
    ctx.vary('Origin');
    if (!allowed) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    // helmet's same-origin resource policy would keep <img> thumbnails from the viewer.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    await next();
  };
}
