import type { Knex } from 'knex';

/**
 * Outgoing mail (issue 6, sharing a report by e-mail). Every message is written here before it
 * is handed to SMTP, so a failed send stays visible (status error) instead of being lost;
 * without an SMTP server this table is the delivery (the 'Caixa de saída' page).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').references('studies.id').onDelete('SET NULL');
    t.uuid('laudo_id');
    t.integer('laudo_version');
    t.uuid('created_by').references('users.id');
    t.string('to_address', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.string('attachment_key', 512);
    t.string('attachment_name', 255);
    t.string('link_url', 1000);
    t.timestamp('link_expires_at', { useTz: true });
    t.string('transport', 10).notNullable(); // smtp | outbox
    t.string('status', 10).notNullable().defaultTo('pending'); // pending | sent | stored | error
    t.text('error');
    t.string('message_id', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.index(['account_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_outbox');
}
