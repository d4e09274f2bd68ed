import type { Knex } from 'knex';

/**
 * Issue 14, administration of accounts and institutions. The account's own fields (spec 3 §4:
 * billing and notification e-mails, address, do-not-use-PNG, results-portal flags); its
 * two-factor flag stays the TWO_FACTOR_REQUIRED setting (one home). Institutions gain their
 * contact fields, CNPJ (14 digits), responsible physician, study-download flag and an active
 * flag (a deactivated one receives no new studies; its studies stay readable). An AE Title is
 * unique within the account, compared case-insensitively as DICOM peers do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.string('billing_email', 254);
    t.string('notification_email', 254);
    t.string('address_street', 200);
    t.string('address_number', 20);
    t.string('address_city', 100);
    t.string('address_uf', 2);
    t.string('address_cep', 8);
    t.boolean('do_not_use_png').notNullable().defaultTo(false);
    t.boolean('results_portal').notNullable().defaultTo(false);
    t.boolean('results_portal_images').notNullable().defaultTo(false);
  });
  await knex.raw(
    `ALTER TABLE accounts ADD CONSTRAINT accounts_address_digits CHECK (
       (address_cep IS NULL OR address_cep ~ '^[0-9]{8}$') AND (address_uf IS NULL OR address_uf ~ '^[A-Z]{2}$'))`,
  );
  await knex.schema.alterTable('institutions', (t) => {
    t.string('email', 254);
    t.string('phone', 11);
    t.string('cnpj', 14);
    t.uuid('responsible_user_id').references('users.id').onDelete('SET NULL');
    t.boolean('allow_study_download').notNullable().defaultTo(true);
    t.boolean('active').notNullable().defaultTo(true);
  });
  await knex.raw(
    `ALTER TABLE institutions ADD CONSTRAINT institutions_digits CHECK (
       (phone IS NULL OR phone ~ '^[0-9]{10,11}$') AND (cnpj IS NULL OR cnpj ~ '^[0-9]{14}$'))`,
  );
  await knex.raw(
    'CREATE UNIQUE INDEX institutions_account_ae_title ON institutions (account_id, upper(ae_title)) WHERE ae_title IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS institutions_account_ae_title');
  await knex.raw('ALTER TABLE institutions DROP CONSTRAINT IF EXISTS institutions_digits');
  await knex.schema.alterTable('institutions', (t) => {
    t.dropColumns('email', 'phone', 'cnpj', 'responsible_user_id', 'allow_study_download', 'active');
  });
  await knex.raw('ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_address_digits');
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumns(
      'billing_email',
      'notification_email',
      'address_street',
      'address_number',
      'address_city',
      'address_uf',
      'address_cep',
      'do_not_use_png',
      'results_portal',
      'results_portal_images',
    );
  });
}
