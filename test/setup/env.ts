/** What global setup hands to the test files (through process.env, inherited by workers). */
export const TEST_ENV = {
  temporalAddress: 'LAUDOS_TEST_TEMPORAL_ADDRESS',
  temporalBin: 'LAUDOS_TEST_TEMPORAL_BIN',
  databaseUrl: 'LAUDOS_TEST_DATABASE_URL',
  chromium: 'LAUDOS_TEST_CHROMIUM',
  artifacts: 'LAUDOS_TEST_ARTIFACTS',
} as const;

export function testEnv(name: keyof typeof TEST_ENV): string {
  const value = process.env[TEST_ENV[name]];
  if (!value) throw new Error(`${TEST_ENV[name]} is not set: run the tests with \`npm test\``);
  return value;
}
