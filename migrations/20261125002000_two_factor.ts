import type { Knex } from 'knex';

/**
 * Two-factor sign-in (issue 13). On the user: the kind ('email' | 'authenticator'), the TOTP
 * secret sealed like the A1 files (AES-256-GCM under CERTIFICATE_KEY), the last TOTP step used
 * (replay), the enrolment's pending secret, and the e-mail code (hashed, with its end and send
 * time for the 90 s resend wait). Recovery codes in their own table, hashed, single use. On the
 * session: 'enrol' when the account requires two-factor of a user without it, the time its
 * second factor was last verified (a password alone leaves it limited), and the wrong codes tried.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('two_factor_type', 16);
    t.binary('totp_secret_sealed');
    t.bigInteger('totp_last_step');
    t.binary('totp_pending_secret_sealed');
    t.string('email_code_hash', 64);
    t.timestamp('email_code_expires_at', { useTz: true });
    t.timestamp('email_code_sent_at', { useTz: true });
  });
  await knex.raw(
    `alter table users add constraint users_two_factor_type_check check (
       two_factor_type is null or two_factor_type = 'email'
       or (two_factor_type = 'authenticator' and totp_secret_sealed is not null))`,
  );
  // The old flag follows the kind (it is what the session data says).
  await knex.raw(`update users set use_two_factor = false where two_factor_type is null`);

  await knex.schema.createTable('two_factor_recovery_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'code_hash']);
  });

  await knex.schema.alterTable('sessions', (t) => {
    t.string('second_factor', 8);
    t.timestamp('second_factor_verified_at', { useTz: true });
    t.integer('second_factor_failures').notNullable().defaultTo(0);
  });
  await knex.raw(
    `alter table sessions add constraint sessions_second_factor_check check (second_factor is null or second_factor = 'enrol')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table sessions drop constraint sessions_second_factor_check');
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('second_factor_failures');
    t.dropColumn('second_factor_verified_at');
    t.dropColumn('second_factor');
  });
  await knex.schema.dropTable('two_factor_recovery_codes');
  await knex.raw('alter table users drop constraint users_two_factor_type_check');
  await knex.schema.alterTable('users', (t) => {
    for (const c of [
      'email_code_sent_at',
      'email_code_expires_at',
      'email_code_hash',
      'totp_pending_secret_sealed',
      'totp_last_step',
      'totp_secret_sealed',
      'two_factor_type',
    ])
      t.dropColumn(c);
  });
}
