/**
 * Hot reads as named prepared statements (db/prepared.ts, issue 20): PostgreSQL keeps the
 * statement on the connection, the same name runs again with other values and answers for
 * them, and past the cap a new shape runs unnamed.
 */
import { MAX_NAMES, prepared } from '../../db/prepared';
import { createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

const suite = platformSuite({ worker: false });

it('prepares the statement once per connection and answers each run for its own values', async () => {
  const t = await createTenant(suite.knex, { studies: 0, users: { a: [], b: [] } });
  await suite.knex.transaction(async (trx) => {
    const user = (id: string) => prepared(trx('users').where({ id }).first('id', 'username'), 'test-user');
    const first = await user(t.users.a!.id);
    const second = await user(t.users.b!.id);
    expect([first?.id, second?.id]).toEqual([t.users.a!.id, t.users.b!.id]);
    const { rows } = (await trx.raw(`select name from pg_prepared_statements where name like 'test-user:%'`)) as {
      rows: { name: string }[];
    };
    expect(rows).toHaveLength(1);
    expect(user(t.users.a!.id).toSQL().options).toEqual({ name: rows[0]!.name });
  });
});

it('names at most MAX_NAMES shapes in a process; a further one runs unnamed', () => {
  const shape = (n: number) => prepared(suite.knex('users').whereIn('id', Array.from({ length: n }, () => 'x')), 'cap');
  const options = Array.from({ length: MAX_NAMES + 1 }, (_, i) => shape(i + 1).toSQL().options as { name?: string });
  // The api in this process has named its own few hot reads already: the cap counts them too.
  expect(options[0]!.name).toMatch(/^cap:/);
  expect(options.filter((o) => o.name).length).toBeLessThan(MAX_NAMES);
  expect(options.at(-1)).toEqual({});
  // A shape named before the cap keeps its name.
  expect(shape(1).toSQL().options).toEqual(options[0]);
});
