/**
 * Hot reads as named prepared statements: PostgreSQL parses and plans such a statement once
 * per connection and, after a few runs, keeps a generic plan. The worklist's page query took
 * longer to plan (2.3 ms) than to run (0.8 ms) on every request (issue 20); prepared, each
 * request skips that.
 *
 * `prepared(qb, label)` only marks the query; the knex client below names it from the SQL it
 * compiled anyway (compiling it a second time to name it cost 7 % of the api's CPU under
 * load). The name is a hash of that text, so a name always means one text (node-postgres
 * refuses a name reused for another). Texts differ by shape only (filters, the length of an
 * IN list), not by values, so few exist; past MAX_NAMES in this process the rest run
 * unnamed, so the server's memory per connection stays bounded whatever the queries. PGlite
 * (the embedded default) has one connection on this thread and no such cost to save: its
 * queries are left unmarked.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export const MAX_NAMES = 500;
const names = new Set<string>();
const byText = new Map<string, string>();

/** Marks a query to run as a prepared statement on PostgreSQL. */
export function prepared<Q extends Knex.QueryBuilder | Knex.Raw>(qb: Q, label: string): Q {
  // knex's types leave out a raw query's client, which it has as a builder does.
  if (!((qb as { client?: unknown }).client instanceof PreparingPgClient)) return qb;
  return (qb as Knex.QueryBuilder).options({ prepare: label }) as Q;
}

/** The statement name for this label and SQL text, or undefined once MAX_NAMES are in use. */
export function statementName(label: string, sql: string): string | undefined {
  // The hash is remembered per text (a Map lookup costs less than SHA-1 on every request).
  const key = `${label}\0${sql}`;
  const known = byText.get(key);
  if (known) return known;
  const name = `${label}:${createHash('sha1').update(sql).digest('base64url').slice(0, 16)}`;
  if (names.has(name)) return name;
  if (names.size >= MAX_NAMES) return undefined;
  names.add(name);
  byText.set(key, name);
  return name;
}

interface CompiledQuery {
  sql: string;
  options?: { prepare?: string; [key: string]: unknown };
}
type PgClientClass = new (config: Knex.Config) => { _query(connection: unknown, obj: CompiledQuery): Promise<unknown> };
// knex ships no types for its dialect classes.
const ClientPg = require('knex/lib/dialects/postgres') as PgClientClass;

/** knex's PostgreSQL client, naming the queries `prepared` marked. */
export class PreparingPgClient extends ClientPg {
  override _query(connection: unknown, obj: CompiledQuery): Promise<unknown> {
    if (obj.options?.prepare) {
      const { prepare, ...options } = obj.options;
      const name = statementName(prepare, obj.sql);
      obj.options = name ? { ...options, name } : options;
    }
    return super._query(connection, obj);
  }
}
