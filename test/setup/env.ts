/** What global setup hands to the test files (through process.env, inherited by workers). */
export const TEST_ENV = {
  temporalAddress: 'LAUDOS_TEST_TEMPORAL_ADDRESS',
  temporalBin: 'LAUDOS_TEST_TEMPORAL_BIN',
  databaseUrl: 'LAUDOS_TEST_DATABASE_URL',
  chromium: 'LAUDOS_TEST_CHROMIUM',
  artifacts: 'LAUDOS_TEST_ARTIFACTS',
  workflowBundle: 'LAUDOS_TEST_WORKFLOW_BUNDLE',
} as const;

/** The PostgreSQL server's admin database: where the run's databases are made and dropped. */
export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function testEnv(name: keyof typeof TEST_ENV): string {
  const value = process.env[TEST_ENV[name]];
  if (!value) throw new Error(`${TEST_ENV[name]} is not set: run the tests with \`npm test\``);
  return name === 'databaseUrl' ? workerDatabaseUrl(value) : value;
}

/**
 * The database of this jest worker: global setup migrates one and copies it once per worker,
 * so files that run at once never meet in a database (one ends every connection to its own,
 * another counts what a whole table holds).
 */
export function workerDatabaseUrl(runDatabaseUrl: string, worker = process.env.JEST_WORKER_ID ?? '1'): string {
  const url = new URL(runDatabaseUrl);
  url.pathname = `/${workerDatabaseName(url.pathname.slice(1), worker)}`;
  return url.toString();
}

/** The name of worker `worker`'s copy of the run's database `runDatabase`. */
export const workerDatabaseName = (runDatabase: string, worker: string): string => `${runDatabase}_w${worker}`;
