import type { Knex } from 'knex';

/**
 * Issue 13, My profile: the user's phones (mobile and another, digits only), the signature image
 * drawn in signed PDFs (its object-storage key; the bytes live in object storage like other
 * files), and e-mail changes waiting for the new address to be confirmed by a single-use link
 * (only the token's hash is kept).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('phone_mobile', 11);
    t.string('phone_other', 11);
    t.string('signature_key', 300);
    t.timestamp('signature_updated_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_phones_digits CHECK (
       (phone_mobile IS NULL OR phone_mobile ~ '^[0-9]{11}$') AND (phone_other IS NULL OR phone_other ~ '^[0-9]{10,11}$'))`,
  );
  await knex.schema.createTable('email_change_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('new_email', 254).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_change_requests');
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_phones_digits');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('signature_updated_at');
    t.dropColumn('signature_key');
    t.dropColumn('phone_other');
    t.dropColumn('phone_mobile');
  });
}
