/**
 * Keyset pages for the administration lists (roles, schedules, medical groups, specialties,
 * access grants), the convention of the study and user lists: `?q=&cursor=&pageSize=`, answered
 * with the page and `nextCursor` (null at the end). The cursor is opaque: the last row's sort
 * key and id. Each page costs the same however deep, and rows added or removed between two
 * pages neither repeat nor skip the others (the order is total: key, then id).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { SEARCH_MIN } from '../../domain/account-users/schemas';
import { AppError } from '../../domain/errors';
import { decodeCursor, encodeCursor } from '../../domain/paging/cursor';

export const KeysetQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    cursor: z.string().max(400).optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type KeysetQuery = z.infer<typeof KeysetQuery>;

/** The LIKE pattern of a search (spec 3 §5: at least 3 characters, as the user list), or undefined. */
export function searchPattern(q: string | undefined): string | undefined {
  if (!q) return undefined;
  if (q.length < SEARCH_MIN) throw new AppError('SEARCH_TOO_SHORT');
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface KeysetOrder {
  /** SQL of the sort key (e.g. `lower(r.name)`, `g.created_at`). */
  key: string;
  /** SQL type the cursor's key is compared as. */
  keyType: 'text' | 'timestamptz';
  /** SQL of the row's id column (the tie-breaker). */
  id: string;
  order: 'asc' | 'desc';
}

/** One page of `qb` (already filtered and selecting its columns, `id` among them) in `o`'s order. */
export async function keysetPage<R extends { id: string }>(
  knex: Knex,
  qb: Knex.QueryBuilder,
  o: KeysetOrder,
  page: Pick<KeysetQuery, 'cursor' | 'pageSize'>,
): Promise<{ rows: R[]; nextCursor: string | null }> {
  if (page.cursor) {
    const after = decodeCursor(page.cursor);
    const op = o.order === 'asc' ? '>' : '<';
    void qb.whereRaw(`(${o.key}, ${o.id}) ${op} (?::${o.keyType}, ?::uuid)`, [after.k, after.id]);
  }
  const rows = (await qb
    .select(knex.raw(`(${o.key})::text AS "keysetKey"`))
    .orderByRaw(`${o.key} ${o.order}, ${o.id} ${o.order}`)
    .limit(page.pageSize + 1)) as (R & { keysetKey: string })[];
  const shown = rows.slice(0, page.pageSize);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ keysetKey: _key, ...row }) => row as unknown as R),
    nextCursor: rows.length > page.pageSize && last ? encodeCursor(last.keysetKey, last.id) : null,
  };
}
