/**
 * Short-lived download links: a random token (stored hashed) that names one stored object,
 * so a browser can open a file (attachment, report, zip) without a session header. Links
 * last a few minutes; expired ones answer DOWNLOAD_LINK_EXPIRED.
 */
import type { Knex } from 'knex';
import { hashToken, newToken } from '../tokens';

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
