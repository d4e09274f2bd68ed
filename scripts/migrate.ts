/**
 * `npm run migrate`: applies the pending knex migrations (migrations/) to DATABASE_URL, or to
 * the embedded PGlite under DATA_DIR/pg when it is unset, and says what it applied. Any
 * failure (bad configuration, unreachable database, a migration that throws) ends with a
 * message naming the database and a non-zero exit code.
 */
import { type Config, config } from '../config/config';
import { createKnex } from '../db/connection';

/** The database named without its password. */
function describeTarget(cfg: { DATABASE_URL?: string; DATA_DIR: string }): string {
  if (!cfg.DATABASE_URL) return `embedded PGlite in ${cfg.DATA_DIR}/pg`;
  const url = new URL(cfg.DATABASE_URL);
  if (url.password) url.password = '***';
  return url.toString();
}

async function main(): Promise<number> {
  let cfg: Config;
  try {
    cfg = config();
  } catch (err) {
    console.error(`migrate: ${(err as Error).message}`);
    return 2;
  }
  const target = describeTarget(cfg);
  const knex = createKnex(cfg);
  try {
    console.log(`migrate: ${target}`);
    const [batch, applied] = (await knex.migrate.latest()) as [number, string[]];
    if (applied.length === 0) {
      const [done] = (await knex.migrate.list()) as [unknown[], unknown[]];
      console.log(`migrate: already up to date (${done.length} migrations applied)`);
    } else {
      console.log(`migrate: applied ${applied.length} migration(s) in batch ${batch}:`);
      for (const name of applied) console.log(`  ${name}`);
    }
    return 0;
  } catch (err) {
    console.error(`migrate: failed on ${target}: ${(err as Error).message || String(err)}`);
    return 1;
  } finally {
    await knex.destroy().catch(() => undefined);
  }
}

void main().then((code) => process.exit(code));
