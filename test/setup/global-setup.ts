/**
 * Once per test run: the Temporal dev server (the real binary, by absolute path), a
 * fresh PostgreSQL database with the migrations applied, copied once per jest worker
 * (test/setup/env.ts, workerDatabaseUrl), the workflow bundle and the test PKI's CAs, in a
 * folder global teardown removes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { MIGRATIONS_DIR } from '../../db/connection';
import { SHARED_TEST_CAS_ENV, makeSharedTestCas } from '../../documents/testing/test-cas';
import { migrationSource } from '../../db/migration-source';
import { freePort, startTemporalDev } from '../../scripts/temporal-dev';
import { findTemporal } from '../../scripts/tools';
import { workflowBundle } from '../../worker/worker';
import { ADMIN_DATABASE_URL, TEST_ENV, workerDatabaseName } from './env';
import globalTeardown from './global-teardown';

// One database per run, so two runs on one machine never drop each other's data.
const TEST_DB = `laudos_test_${process.pid}`;

export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  // jest runs no teardown when setup throws: a half-made run (a Temporal server, databases, the
  // run's folder) is removed here, or it would outlive the run.
  try {
    await prepare(globalConfig);
  } catch (err) {
    await globalTeardown().catch(() => undefined);
    throw err;
  }
}

async function prepare(globalConfig: { maxWorkers: number }): Promise<void> {
  // The workflow bundle, built once for every file that starts a worker (test/setup/workflow-bundle.ts).
  const bundling = workflowBundle();
  const bin = findTemporal(process.env.TEMPORAL_CLI);
  const port = await freePort();
  const temporal = await startTemporalDev({ bin, port, uiPort: null });
  (globalThis as { __temporal?: { stop(): Promise<void> } }).__temporal = temporal;
  const workerDbs = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, i) =>
    workerDatabaseName(TEST_DB, String(i + 1)),
  );
  (globalThis as { __testDbs?: string[] }).__testDbs = [TEST_DB, ...workerDbs];
  process.env[TEST_ENV.temporalAddress] = temporal.address;
  process.env[TEST_ENV.temporalBin] = bin;

  const admin = knexFactory({ client: 'pg', connection: ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    for (const db of workerDbs) await admin.raw(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.raw(`DROP DATABASE IF EXISTS ${TEST_DB} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${TEST_DB}`);
  } catch (err) {
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
  // The migrated database as each worker's template: a file copy, faster than migrating again.
  const copier = knexFactory({ client: 'pg', connection: ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    for (const db of workerDbs) await copier.raw(`CREATE DATABASE ${db} TEMPLATE ${TEST_DB}`);
  } finally {
    await copier.destroy();
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-test-run-'));
  (globalThis as { __runDir?: string }).__runDir = runDir;
  // The signature tests' CAs, made once (each file copies them: documents/testing/test-cas.ts).
  makeSharedTestCas(runDir);
  process.env[SHARED_TEST_CAS_ENV] = runDir;
  const bundleFile = path.join(runDir, 'workflow-bundle.js');
  fs.writeFileSync(bundleFile, (await bundling).code);
  process.env[TEST_ENV.workflowBundle] = bundleFile;
}
