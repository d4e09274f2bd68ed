import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import serve from 'koa-static';
import { AppError } from '../../domain/errors';

/**
 * Whether a request path, decoded as often as it decodes, names a file inside the served
 * folder: no `..` segment, backslash or NUL, and valid percent-encoding. Anything else
 * never reaches the file system.
 */
export function isSafeStaticPath(rawPath: string): boolean {
  let p = rawPath;
  for (let i = 0; i < 4; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      return false;
    }
    if (/[\\\0]/.test(decoded) || decoded.split('/').some((seg) => seg === '..' || seg === '.')) return false;
    if (decoded === p) return true;
    p = decoded;
  }
  return false; // still decoding after four rounds: nobody's real file name
}

/** Hashed build output: its name changes with its content, so a browser may keep it a year. */
const ASSET_PREFIX = '/assets/';
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Serves the built web app, and index.html for any other GET outside /api so the
 * client's router handles deep links (/studies/report/…). A path that tries to leave
 * web/dist is a 404, as is any refusal of the file server (never a 500).
 *
 * Delivery (issue 24): `/assets/*` are content-hashed, served `immutable` for a year; everything
 * else (index.html above all, which names the current assets) is `no-cache`, so a deploy is
 * seen at the next load. The build writes brotli and gzip copies beside each text asset
 * (web/vite.config.mts); koa-send picks the copy the browser accepts, with `Vary: Accept-Encoding`.
 */
export function spa(distDir: string): Middleware {
  const index = path.join(distDir, 'index.html');
  const assets = serve(distDir, { maxage: YEAR_MS, immutable: true, brotli: true, gzip: true }) as unknown as Middleware;
  const statics = serve(distDir, {
    index: 'index.html',
    maxage: 0,
    brotli: true,
    gzip: true,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  }) as unknown as Middleware;
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/dicomweb') || ctx.path === '/mqtt') return next();
    if (!isSafeStaticPath(ctx.path)) throw new AppError('NOT_FOUND');
    try {
      await (ctx.path.startsWith(ASSET_PREFIX) ? assets : statics)(ctx, next);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500) throw new AppError('NOT_FOUND');
      throw err;
    }
    if (ctx.body !== undefined) {
      ctx.vary('Accept-Encoding');
      return;
    }
    // A missing asset is a 404 (an old index.html asking for a replaced chunk must not get HTML).
    if (ctx.path.startsWith(ASSET_PREFIX)) throw new AppError('NOT_FOUND');
    if (ctx.method === 'GET' && fs.existsSync(index)) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = fs.createReadStream(index);
    }
  };
}

/** How JSON answers are compressed: here, and by answers kept already compressed (api/studies/list-cache.ts). */
export const JSON_COMPRESS = {
  threshold: 1024,
  gzip: { level: 5 },
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/** A JSON text compressed as compressJson would for `encoding`. */
export function compressedJson(json: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(json, JSON_COMPRESS.br) : zlib.gzipSync(json, JSON_COMPRESS.gzip);
}

/**
 * The API's JSON answers compressed (gzip or brotli, as the client accepts) above 1 KB: a study
 * list page of 100 rows is ~80 KB of JSON and ~8 KB on the wire. Only `/api`: DICOMweb answers
 * keep their bytes (pixel data does not compress and the ingest path stays light).
 */
export function compressJson(): Middleware {
  const gz = compress({
    threshold: JSON_COMPRESS.threshold,
    filter: (type) => /json/i.test(type),
    gzip: JSON_COMPRESS.gzip,
    br: JSON_COMPRESS.br,
  }) as unknown as Middleware;
  return (ctx, next) => (ctx.path.startsWith('/api/') ? gz(ctx, next) : next());
}
