import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/**
 * Serves the built web app, and index.html for any other GET outside /api so the
 * client's router handles deep links (/studies/report/…).
 */
export function spa(distDir: string): Middleware {
  const index = path.join(distDir, 'index.html');
  const statics = serve(distDir, { index: 'index.html', maxage: 0 }) as unknown as Middleware;
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/dicomweb') || ctx.path === '/mqtt') return next();
    await statics(ctx, next);
    if (ctx.body === undefined && ctx.method === 'GET' && fs.existsSync(index)) {
      ctx.type = 'html';
      ctx.body = fs.createReadStream(index);
    }
  };
}
