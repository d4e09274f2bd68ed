/**
 * The account's list version (migration 20261129050000, ADR 040) as one text: its shards'
 * values in shard order. Any commit that changes what the list shows changes one shard to a
 * value never used before, so the text changes and never comes back. Null before the
 * account's first such write.
 */
export const listVersionSql = (accountIdColumn: string): string =>
  `(SELECT string_agg(lv.version::text, '.' ORDER BY lv.shard) FROM list_versions lv WHERE lv.account_id = ${accountIdColumn})`;

/**
 * The account's access version (migration 20261202010000) as text: changed by the commit of any
 * write to what a caller's access is read from, and by nothing else. Null before the first.
 */
export const accessVersionSql = (accountIdColumn: string): string =>
  `(SELECT av.version::text FROM access_versions av WHERE av.account_id = ${accountIdColumn})`;
