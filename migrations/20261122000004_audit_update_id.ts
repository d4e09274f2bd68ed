import type { Knex } from 'knex';

/** A retried request finds its transition by Update id (api/reports/run-action.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX audit_log_laudo_update ON audit_log (laudo_id, (detail->>'updateId')) WHERE laudo_id IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS audit_log_laudo_update');
}
