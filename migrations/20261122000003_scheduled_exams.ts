import type { Knex } from 'knex';

/**
 * Scheduled exams (worklist 'agendados', spec 1 §7 /scheduledExam/{id}): exams of an account
 * without institution. They live in `studies` with no institution; their reports use the
 * opinion states 13/16/17 (decision 004) and account-wide permissions (decision 005).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE studies ALTER COLUMN institution_id DROP NOT NULL');
  await knex.schema.alterTable('studies', (t) => {
    t.timestamp('scheduled_at', { useTz: true });
    t.index(['account_id', 'scheduled_at'], 'studies_scheduled_idx');
  });
  await knex.schema.alterTable('study_drafts', (t) => {
    t.setNullable('institution_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('studies').whereNull('institution_id').delete();
  await knex.schema.alterTable('studies', (t) => {
    t.dropIndex(['account_id', 'scheduled_at'], 'studies_scheduled_idx');
    t.dropColumn('scheduled_at');
  });
  await knex.raw('ALTER TABLE studies ALTER COLUMN institution_id SET NOT NULL');
}
