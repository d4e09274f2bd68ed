import type { Knex } from 'knex';

/**
 * The projection of the complete report lifecycle (issue 3): the workflow's snapshot on
 * laudos, immutable report contents, version details, second opinions, and exams without
 * institution (a laudo's institution becomes optional).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('laudos', (t) => {
    // The domain snapshot the workflow holds (domain/laudo/snapshot.ts): the input of a
    // workflow created lazily, and what the web needs to compute allowedActions.
    t.jsonb('snapshot');
    t.uuid('content_id');
    t.uuid('review_content_id');
    t.string('audio_key', 300);
    t.boolean('has_opinion_signature').notNullable().defaultTo(false);
  });
  await knex.raw('ALTER TABLE laudos ALTER COLUMN institution_id DROP NOT NULL');

  // Report texts are written once and referenced by id: the workflow's history carries ids,
  // never the (possibly large, image-bearing) HTML.
  await knex.schema.createTable('laudo_contents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('laudo_id').notNullable();
    t.string('kind', 20).notNullable(); // report | review | structured
    t.text('body').notNullable();
    t.string('sha256', 64).notNullable();
    t.boolean('is_empty').notNullable();
    t.uuid('created_by').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'laudo_id']).references(['account_id', 'id']).inTable('laudos').onDelete('CASCADE');
    t.index(['laudo_id', 'created_at']);
  });

  await knex.schema.alterTable('laudo_versions', (t) => {
    t.dropColumn('content');
    t.uuid('content_id').references('laudo_contents.id');
    t.uuid('review_content_id').references('laudo_contents.id');
    t.uuid('transcriptionist_user_id').references('users.id');
    t.string('audio_key', 300);
    t.string('structured_type', 10).notNullable().defaultTo('');
    t.boolean('is_digitally_signed').notNullable().defaultTo(false);
    t.boolean('has_opinion_signature').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('laudo_opinions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable();
    t.uuid('laudo_id').notNullable();
    t.integer('laudo_version').notNullable();
    t.uuid('requester_id').notNullable().references('users.id');
    t.uuid('opinion_user_id').notNullable().references('users.id');
    t.string('request_description', 255);
    // 0 forwarded and pending, 1 agree, 2 disagree with clinical impact, 3 without.
    t.integer('status').notNullable().defaultTo(0);
    t.string('conclusion', 100);
    t.string('description', 255);
    t.string('outcome', 20); // cancelled | accepted | ignored, once settled
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['account_id', 'laudo_id']).references(['account_id', 'id']).inTable('laudos').onDelete('CASCADE');
  });
  // One second opinion per version; a cancelled request may be made again.
  await knex.raw(
    `CREATE UNIQUE INDEX laudo_opinions_one_per_version ON laudo_opinions (laudo_id, laudo_version) WHERE outcome IS DISTINCT FROM 'cancelled'`,
  );
  await knex.raw('ALTER TABLE laudo_opinions ADD CONSTRAINT laudo_opinions_status_valid CHECK (status IN (0, 1, 2, 3))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('laudo_opinions');
  await knex.schema.alterTable('laudo_versions', (t) => {
    t.dropColumn('content_id');
    t.dropColumn('review_content_id');
    t.dropColumn('transcriptionist_user_id');
    t.dropColumn('audio_key');
    t.dropColumn('structured_type');
    t.dropColumn('is_digitally_signed');
    t.dropColumn('has_opinion_signature');
    t.text('content');
  });
  await knex.schema.dropTableIfExists('laudo_contents');
  await knex.schema.alterTable('laudos', (t) => {
    t.dropColumn('snapshot');
    t.dropColumn('content_id');
    t.dropColumn('review_content_id');
    t.dropColumn('audio_key');
    t.dropColumn('has_opinion_signature');
  });
}
