import type { Knex } from 'knex';
import { DEMO_USERS } from './seed/demo';

/**
 * Issue 12: a user's CPF and professional council (spec 3 §5 "document and professional
 * council"). The CPF ties an ICP-Brasil A1 to its holder (upload and signing refuse another
 * person's certificate); the council (CRM or CRMV, number, UF) is printed under the signature.
 * A CPF belongs to one user only, so nobody can take a colleague's CPF to pass as its holder.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('cpf', 11);
    t.string('council_type', 4);
    t.string('council_number', 20);
    t.string('council_uf', 2);
  });
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_cpf_digits CHECK (cpf IS NULL OR cpf ~ '^[0-9]{11}$')`);
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_council_whole CHECK (
       (council_type IS NULL AND council_number IS NULL AND council_uf IS NULL)
       OR (council_type IN ('CRM', 'CRMV') AND council_number IS NOT NULL AND council_uf IS NOT NULL))`,
  );
  await knex.raw('CREATE UNIQUE INDEX users_cpf_unique ON users (cpf) WHERE cpf IS NOT NULL');
  // A database seeded before this migration gets the demo doctors' data the seed now writes.
  for (const u of DEMO_USERS) {
    await knex('users')
      .where({ username: u.username, email: u.email })
      .whereNull('cpf')
      .update({
        cpf: u.cpf,
        council_type: u.council?.type ?? null,
        council_number: u.council?.number ?? null,
        council_uf: u.council?.uf ?? null,
      });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_cpf_unique');
  await knex.schema.alterTable('users', (t) => {
    t.dropChecks(['users_cpf_digits', 'users_council_whole']);
    t.dropColumns('cpf', 'council_type', 'council_number', 'council_uf');
  });
}
