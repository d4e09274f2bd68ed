import type { Knex } from 'knex';

/**
 * Issue 18, the closed loop of a critical finding (ACR practice parameter on communication):
 * each communication of a confirmed finding to the requesting physician records the six facts
 * (finding, time identified, reporting doctor, receiver, time received, method). An e-mailed one
 * carries a single-use acknowledgement link (only its hash is kept); no acknowledgement within
 * the account's CRITICAL_FINDING_ACK_MINUTES sets escalated_at (once: the durable timer's
 * activity updates only a row where it is null).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('critical_finding_communications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.uuid('study_id').notNullable().references('studies.id').onDelete('CASCADE');
    // The record outlives a finding deleted later: the finding's text is frozen below.
    t.uuid('study_critical_finding_id').references('study_critical_findings.id').onDelete('SET NULL');
    t.text('finding_text').notNullable();
    t.timestamp('identified_at', { useTz: true }).notNullable();
    t.uuid('reporting_user_id').notNullable().references('users.id');
    t.string('receiver_name', 200).notNullable();
    t.string('receiver_email', 320);
    t.string('method', 16).notNullable();
    t.timestamp('received_at', { useTz: true });
    // The name the receiver typed when acknowledging the link (e-mail method).
    t.string('acknowledged_by_name', 200);
    t.string('token_hash', 64).unique();
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('acknowledged_at', { useTz: true });
    t.timestamp('ack_due_at', { useTz: true });
    t.timestamp('escalated_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'study_id', 'created_at']);
  });
  await knex.raw(
    `ALTER TABLE critical_finding_communications ADD CONSTRAINT critical_finding_communications_method
       CHECK (method IN ('email','phone','in_person'))`,
  );
  // An e-mailed communication has its address and link; the others are received when recorded.
  await knex.raw(
    `ALTER TABLE critical_finding_communications ADD CONSTRAINT critical_finding_communications_email
       CHECK (method <> 'email' OR (receiver_email IS NOT NULL AND token_hash IS NOT NULL))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('critical_finding_communications');
}
