/**
 * The public side of download links (services/files/download-links.ts makes them): the
 * token names one stored object; an expired one answers DOWNLOAD_LINK_EXPIRED. Streamed through
 * the api, or redirected (302) to a presigned URL when the storage offers one.
 */
import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { hashToken } from '../../services/tokens';
import { contentDisposition } from '../../storage/content-disposition';
import { query } from '../http/validate';

/**
 * A redirect is followed at once, and S3 checks the signature only when a GET starts (a long
 * download goes on past it): a few minutes, whatever the link's own lifetime (a shared report's
 * link lives for days, longer than S3's 7-day limit on presigned URLs).
 */
const PRESIGNED_SECONDS = 300;

/**
 * With a storage that presigns (S3), a link opened as a page (a download, a shared report in a
 * new tab) or by a client that is not a browser (no Sec-Fetch-Dest) is redirected to the bucket:
 * its bytes skip the api. The app's own fetch() calls and iframes are streamed as before: the
 * bucket needs no CORS rules and the CSP's frame-src stays 'self'.
 */
const redirectable = (fetchDest: string) => fetchDest === '' || fetchDest === 'document';

/** `?download=1` saves the file (Content-Disposition attachment); without it the browser shows it inline. */
export const FileQuery = z.object({ download: z.enum(['0', '1']).optional() });

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
    const disposition = query(ctx, FileQuery).download === '1' ? 'attachment' : 'inline';
    ctx.set('Cache-Control', 'private, no-store');
    if (deps.storage.presignedGetUrl && redirectable(ctx.get('sec-fetch-dest'))) {
      // The object is checked first: a missing one fails here as it does when streamed.
      await deps.storage.size(link.object_key);
      ctx.redirect(
        await deps.storage.presignedGetUrl(link.object_key, {
          expiresInSeconds: PRESIGNED_SECONDS,
          filename: link.filename,
          contentType: link.content_type,
          disposition,
        }),
      );
      return;
    }
    ctx.type = link.content_type;
    ctx.set('Content-Disposition', contentDisposition(disposition, link.filename));
    ctx.body = await deps.storage.get(link.object_key);
  });
  return router;
}
