/**
 * Short-lived download links: a random token (stored hashed) that names one stored object,
 * so a browser can open a file (attachment, report, zip) without a session header. Links
 * last a few minutes; expired ones answer DOWNLOAD_LINK_EXPIRED.
 */
import Router from '@koa/router';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { hashToken, newToken } from '../auth/tokens';

export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

export async function createDownloadLink(
  knex: Knex,
  file: { accountId: string; objectKey: string; filename: string; contentType: string },
  ttlMs = DOWNLOAD_LINK_TTL_MS,
): Promise<string> {
  const token = newToken();
  await knex('download_links').insert({
    token_hash: hashToken(token),
    account_id: file.accountId,
    object_key: file.objectKey,
    filename: file.filename,
    content_type: file.contentType,
    expires_at: new Date(Date.now() + ttlMs),
  });
  // Old links are cleared as new ones are made (cheap: indexed by expiry).
  await knex('download_links')
    .where('expires_at', '<', new Date(Date.now() - ttlMs))
    .delete();
  return `/api/files/${token}`;
}

const contentDisposition = (kind: 'inline' | 'attachment', filename: string) =>
  `${kind}; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

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
