/**
 * Hot reads as named prepared statements (db/prepared.ts, issue 20): PostgreSQL keeps the
 * statement on the connection, the same name runs again with other values and answers for
 * them, and past the cap a new shape runs unnamed.
 */
import { createKnex, onPostgresServer } from '../../db/connection';
import { MAX_NAMES, prepared, statementName } from '../../db/prepared';
import { createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

const suite = platformSuite({ worker: false });

it('prepares a marked query once per connection and answers each run for its own values', async () => {
  const knex = createKnex(suite.config);
  try {
    expect(onPostgresServer(knex)).toBe(true);
    const t = await createTenant(knex, { studies: 0, users: { a: [], b: [] } });
    await knex.transaction(async (trx) => {
      const user = (id: string) => prepared(trx('users').where({ id }).first('id', 'username'), 'test-user');
      const first = await user(t.users.a!.id);
      const second = await user(t.users.b!.id);
      expect([first?.id, second?.id]).toEqual([t.users.a!.id, t.users.b!.id]);
      const { rows } = (await trx.raw(`select name from pg_prepared_statements where name like 'test-user:%'`)) as {
        rows: { name: string }[];
      };
      expect(rows).toHaveLength(1);
      // An unmarked query stays unnamed.
      await trx('users').where({ id: t.users.a!.id }).first('id');
      const all = (await trx.raw(`select count(*)::int as n from pg_prepared_statements`)) as { rows: { n: number }[] };
      expect(all.rows[0]!.n).toBe(1);
    });
  } finally {
    await knex.destroy();
  }
});

it('names a text always the same, and at most MAX_NAMES texts in a process', () => {
  expect(statementName('a', 'select 1')).toBe(statementName('a', 'select 1'));
  expect(statementName('a', 'select 1')).not.toBe(statementName('a', 'select 2'));
  const named = Array.from({ length: MAX_NAMES + 1 }, (_, i) => statementName('cap', `select ${i + 3}`));
  expect(named.filter(Boolean).length).toBeLessThan(MAX_NAMES);
  expect(named.at(-1)).toBeUndefined();
  // A text named before the cap keeps its name.
  expect(statementName('a', 'select 1')).toMatch(/^a:/);
});
