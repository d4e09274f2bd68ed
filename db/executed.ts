/**
 * A prepared statement inside a simple query of several statements (PostgreSQL). Such a query
 * carries no parameters, so the statement is PREPAREd in SQL once per connection and text, and
 * run as `EXECUTE name(literals)`: each literal is the text the driver would have bound, escaped,
 * and takes the parameter's type from the PREPARE as a bound value would. The plan is kept as
 * with `prepared` (db/prepared.ts), whose names and bound this shares.
 */
import type { Knex } from 'knex';
import { type Client as PgClient, escapeIdentifier, escapeLiteral } from 'pg';
import { statementName } from './prepared';

// The driver's own conversion of a bound value to its text (it ships no types for it).
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): string | Buffer | null };

/** Names PREPAREd on each connection (a connection gone takes its names with it). */
const preparedOn = new WeakMap<PgClient, Set<string>>();

/**
 * `EXECUTE` text for `query` on `connection`, preparing it there first if it is new (one round
 * trip, once); undefined once the process has used all its statement names (run it on its own).
 */
export async function executeText(
  connection: PgClient,
  label: string,
  query: Knex.Raw | Knex.QueryBuilder,
): Promise<string | undefined> {
  const { sql, bindings } = query.toSQL().toNative();
  // Its own label: a name PREPAREd in SQL and one the driver prepared share one namespace.
  const name = statementName(`sql-${label}`, sql);
  if (!name) return undefined;
  let names = preparedOn.get(connection);
  if (!names) preparedOn.set(connection, (names = new Set()));
  if (!names.has(name)) {
    await connection.query(`PREPARE ${escapeIdentifier(name)} AS ${sql}`);
    names.add(name);
  }
  return `EXECUTE ${escapeIdentifier(name)}(${bindings.map(literal).join(', ')})`;
}

function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return 'NULL';
  return escapeLiteral(Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text);
}
