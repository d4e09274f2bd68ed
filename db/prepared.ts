/**
 * Hot reads as named prepared statements (node-postgres's `name`, passed through knex's
 * `.options()`): PostgreSQL parses and plans such a statement once per connection, and after a
 * few runs keeps a generic plan. The worklist's page query took longer to plan (2.3 ms) than
 * to run (0.8 ms) on every request (issue 20); prepared, each request skips that.
 *
 * The name is a hash of the statement's text, so a name always means one text (node-postgres
 * refuses a name reused for another). Texts differ by their shape only (filters, the length of
 * an IN list), not by values, so few exist; past MAX_NAMES in this process the rest run
 * unnamed, so server memory per connection stays bounded whatever the queries. PGlite (the
 * embedded default) has one connection on this thread and no such cost to save: left as is.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export const MAX_NAMES = 500;
const names = new Set<string>();

/** The query builder, named as a prepared statement on PostgreSQL. Call it last, once the query is whole. */
export function prepared<Q extends Knex.QueryBuilder>(qb: Q, label: string): Q {
  if ((qb.client as { config: { client?: unknown } }).config.client !== 'pg') return qb;
  const { sql } = qb.toSQL();
  const name = `${label}:${createHash('sha1').update(sql).digest('base64url').slice(0, 16)}`;
  if (!names.has(name)) {
    if (names.size >= MAX_NAMES) return qb;
    names.add(name);
  }
  return qb.options({ name }) as Q;
}
