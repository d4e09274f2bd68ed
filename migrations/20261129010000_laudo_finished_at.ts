import type { Knex } from 'knex';

/**
 * Issue 18, management reports: when a report was finished (concluded, 2, or signed, 3) on the
 * report row itself, so productivity and turnaround read one indexed range instead of scanning
 * the audit log. The projection keeps it (set on reaching a
 * finished state, cleared on reopening); existing finished reports take it from the audit log.
 * The default Administrator and Coordinator roles get MANAGEMENT_REPORTS_READ.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('laudos', (t) => {
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw(`
    UPDATE laudos l SET finished_at = a.at
    FROM (
      SELECT laudo_id, max(at) AS at FROM audit_log
      WHERE laudo_id IS NOT NULL AND action LIKE 'laudo.%'
        AND (detail->>'to') IN ('2', '3') AND (detail->>'from') NOT IN ('2', '3')
      GROUP BY laudo_id
    ) a
    WHERE a.laudo_id = l.id AND l.state IN (2, 3)`);
  await knex.raw(`UPDATE laudos SET finished_at = updated_at WHERE state IN (2, 3) AND finished_at IS NULL`);
  await knex.raw('CREATE INDEX laudos_finished ON laudos (account_id, finished_at) WHERE finished_at IS NOT NULL');
  await knex.raw(
    `UPDATE roles SET permissions = array_append(permissions, 'MANAGEMENT_REPORTS_READ')
      WHERE predefined IN ('Administrator', 'Coordinator') AND NOT ('MANAGEMENT_REPORTS_READ' = ANY(permissions))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE roles SET permissions = array_remove(permissions, 'MANAGEMENT_REPORTS_READ')`);
  await knex.raw('DROP INDEX IF EXISTS laudos_finished');
  await knex.schema.alterTable('laudos', (t) => {
    t.dropColumn('finished_at');
  });
}
