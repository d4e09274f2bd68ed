/**
 * Once per test run: the Temporal dev server (the real binary, by absolute path) and a
 * fresh PostgreSQL database with the migrations applied.
 */
import knexFactory from 'knex';
import { MIGRATIONS_DIR } from '../../db/connection';
import { migrationSource } from '../../db/migration-source';
import { freePort, startTemporalDev } from '../../scripts/temporal-dev';
import { findTemporal } from '../../scripts/tools';
import { TEST_ENV } from './env';

export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// One database per run, so two runs on one machine never drop each other's data.
const TEST_DB = `laudos_test_${process.pid}`;

export default async function globalSetup(): Promise<void> {
  const bin = findTemporal(process.env.TEMPORAL_CLI);
  const port = await freePort();
  const temporal = await startTemporalDev({ bin, port, uiPort: null });
  (globalThis as { __temporal?: { stop(): Promise<void> } }).__temporal = temporal;
  (globalThis as { __testDb?: string }).__testDb = TEST_DB;
  process.env[TEST_ENV.temporalAddress] = temporal.address;
  process.env[TEST_ENV.temporalBin] = bin;

  const admin = knexFactory({ client: 'pg', connection: ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS ${TEST_DB} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${TEST_DB}`);
  } catch (err) {
    await temporal.stop();
    throw new Error(
      `The tests need PostgreSQL at ${ADMIN_DATABASE_URL} (set TEST_ADMIN_DATABASE_URL to another server).\n` +
        `Install and start it with: sudo apt-get install -y postgresql && sudo pg_ctlcluster 15 main start\n${String(err)}`,
      { cause: err },
    );
  } finally {
    await admin.destroy();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${TEST_DB}`;
  process.env[TEST_ENV.databaseUrl] = url.toString();
  const knex = knexFactory({
    client: 'pg',
    connection: url.toString(),
    migrations: { migrationSource: migrationSource(MIGRATIONS_DIR) },
  });
  await knex.migrate.latest();
  await knex.destroy();
}
