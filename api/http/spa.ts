import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
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

/**
 * Serves the built web app, and index.html for any other GET outside /api so the
 * client's router handles deep links (/studies/report/…). A path that tries to leave
 * web/dist is a 404, as is any refusal of the file server (never a 500).
 */
export function spa(distDir: string): Middleware {
  const index = path.join(distDir, 'index.html');
  const statics = serve(distDir, { index: 'index.html', maxage: 0 }) as unknown as Middleware;
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/dicomweb') || ctx.path === '/mqtt') return next();
    if (!isSafeStaticPath(ctx.path)) throw new AppError('NOT_FOUND');
    try {
      await statics(ctx, next);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500) throw new AppError('NOT_FOUND');
      throw err;
    }
    if (ctx.body === undefined && ctx.method === 'GET' && fs.existsSync(index)) {
      ctx.type = 'html';
      ctx.body = fs.createReadStream(index);
    }
  };
}
