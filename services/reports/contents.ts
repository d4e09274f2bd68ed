import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** The largest report text accepted (HTML with inline images under 3,000 KB each). */
export const MAX_CONTENT_BYTES = 20 * 1024 * 1024;

/** Text of an HTML report without tags and entities: what "empty" is judged on. */
export function plainText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An image counts as content even without text. */
export function isEmptyReport(html: string): boolean {
  return plainText(html).length === 0 && !/<img\b/i.test(html);
}

export interface StoredContent {
  id: string;
  isEmpty: boolean;
}

/**
 * Stores a report text once and returns its id: workflow updates carry the id, never the
 * HTML, so history stays small and payload limits never bite.
 */
export async function storeContent(
  knex: Knex,
  row: { accountId: string; laudoId: string; kind: 'report' | 'review' | 'structured'; body: string; userId: string },
): Promise<StoredContent> {
  const isEmpty = row.kind === 'structured' ? row.body.trim() === '' || row.body.trim() === '[]' : isEmptyReport(row.body);
  const [stored] = await knex('laudo_contents')
    .insert({
      account_id: row.accountId,
      laudo_id: row.laudoId,
      kind: row.kind,
      body: row.body,
      sha256: createHash('sha256').update(row.body).digest('hex'),
      is_empty: isEmpty,
      created_by: row.userId,
    })
    .returning('id');
  return { id: stored.id, isEmpty };
}

export async function readContent(knex: Knex, accountId: string, id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await knex('laudo_contents').where({ id, account_id: accountId }).first('body');
  return row?.body ?? null;
}

/** An Update refused or not applied: its text, never part of the report, goes at once. */
export async function discardContent(knex: Knex, accountId: string, id: string): Promise<void> {
  await knex('laudo_contents').where({ id, account_id: accountId }).whereNull('committed_at').delete();
}

/** How long a text may wait for its Update's outcome before it is reaped. */
export const UNCOMMITTED_TTL_MS = 60 * 60 * 1000;

/**
 * Deletes texts whose Update never committed (an outcome lost to a 503, a crashed api) once
 * they are older than `ttlMs`; a text still referenced is kept whatever its marker says.
 * Returns how many went.
 */
export async function reapUncommittedContents(knex: Knex, ttlMs = UNCOMMITTED_TTL_MS, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ttlMs);
  return knex('laudo_contents as c')
    .whereNull('c.committed_at')
    .where('c.created_at', '<', before)
    .whereNotExists(function () {
      void this.from('laudos as l').whereRaw('l.content_id = c.id OR l.review_content_id = c.id');
    })
    .whereNotExists(function () {
      void this.from('laudo_versions as v').whereRaw('v.content_id = c.id OR v.review_content_id = c.id');
    })
    .delete();
}
