/**
 * Walks the audit log's hash chain in id order (services/audit/chain.ts) and reports the first
 * link that does not hold: a row whose prev_hash is not its predecessor's hash (a row removed
 * or reordered), a row whose fields no longer give its hash (a row edited), or a head that
 * does not point at the last row (rows removed from the end).
 */
import type { Knex } from 'knex';
import type { ChainReport } from '../../domain/audit/query';
import { type ChainFields, checkLink, GENESIS_HASH } from './chain';

export type { ChainReport };

const BATCH = 5000;

/** The fields as PostgreSQL renders them: what the trigger hashed. */
const ROW_TEXT = `
  id::text AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
  account_id::text AS "accountId", user_id::text AS "userId", action, study_id::text AS "studyId",
  laudo_id::text AS "laudoId", ip, detail::text AS detail, prev_hash AS "prevHash", hash`;

export async function verifyAuditChain(knex: Knex): Promise<ChainReport> {
  let previous = GENESIS_HASH;
  let lastId = '0';
  let rows = 0;
  for (;;) {
    const { rows: batch } = await knex.raw<{ rows: (ChainFields & { hash: string })[] }>(
      `SELECT ${ROW_TEXT} FROM audit_log WHERE audit_log.id > ?::bigint ORDER BY audit_log.id LIMIT ?`,
      [lastId, BATCH],
    );
    for (const row of batch) {
      const broken = checkLink(row, previous);
      if (broken) return { intact: false, rows, broken };
      previous = row.hash;
      lastId = row.id;
      rows += 1;
    }
    if (batch.length < BATCH) break;
  }
  const head: { last_id: string | null; last_hash: string } | undefined = await knex('audit_chain_head').first(
    knex.raw('last_id::text AS last_id'),
    'last_hash',
  );
  if (head && head.last_hash !== previous) {
    return { intact: false, rows, broken: { id: head.last_id ?? '0', field: 'head', expected: previous, found: head.last_hash } };
  }
  return { intact: true, rows };
}

/** One line for people: 'chain intact, N rows' or the first broken link. */
export function describeChainReport(r: ChainReport): string {
  if (r.intact) return `chain intact, ${r.rows} rows`;
  const { id, field, expected, found } = r.broken;
  return `chain broken at row ${id} (${field}): expected ${expected}, found ${found} (${r.rows} rows verified before it)`;
}
