/**
 * The demo Connect: one key for the human demo account's first institution, so an operator
 * can point a Connect agent at a fresh platform. Only the key's hash is in the database; the
 * key itself is kept in DATA_DIR/demo-connect.key for `npm start` to print.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { connectOfKey, createConnect } from '../../services/connects/connects';

export const DEMO_CONNECT_NAME = 'Connect demo';

export async function ensureDemoConnect(knex: Knex, dataDir: string): Promise<string | undefined> {
  const file = path.join(dataDir, 'demo-connect.key');
  if (fs.existsSync(file)) {
    const key = fs.readFileSync(file, 'utf8').trim();
    if (await connectOfKey(knex, key)) return key;
  }
  const institution = await knex('institutions as i')
    .join('accounts as a', 'a.id', 'i.account_id')
    .where({ 'a.name': 'Clínica Imagem Total', 'i.name': 'Hospital Central' })
    .first('i.id', 'i.account_id', 'i.ae_title');
  if (!institution) return undefined; // not the demo database
  const { key } = await createConnect(
    knex,
    institution.account_id,
    { name: DEMO_CONNECT_NAME, institutionId: institution.id, aeTitle: institution.ae_title ?? undefined },
    null,
  );
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
