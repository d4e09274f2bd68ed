/**
 * The public side of download links (services/files/download-links.ts makes them): the
 * token names one stored object; an expired one answers DOWNLOAD_LINK_EXPIRED.
 */
import Router from '@koa/router';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { hashToken } from '../../services/tokens';
import { contentDisposition } from '../../storage/content-disposition';

export function fileRoutes(deps: { knex: Knex; storage: ObjectStorage }): Router {
  const router = new Router();
  router.get('/files/:token', async (ctx) => {
    const token = String(ctx.params.token);
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('NOT_FOUND');
    const link = await deps
      .knex('download_links')
      .where({ token_hash: hashToken(token) })
      .first();
    if (!link) throw new AppError('NOT_FOUND');
    if (new Date(link.expires_at).getTime() < Date.now()) throw new AppError('DOWNLOAD_LINK_EXPIRED');
    ctx.type = link.content_type;
    ctx.set('Content-Disposition', contentDisposition(ctx.query.download === '1' ? 'attachment' : 'inline', link.filename));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await deps.storage.get(link.object_key);
  });
  return router;
}
