/**
 * Test layers (ARCHITECTURE §6) as jest projects. `npm test` runs them all; select one
 * with `npm test -- --selectProjects unit` (workflow, integration, e2e).
 * Temporal, PostgreSQL and the test database are prepared once in test/setup/global-setup.ts.
 */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
// Packages that ship ESM only go through swc: the MP3 encoder (its CommonJS entry is a browser
// IIFE), and otplib's base32 and hash plugins (@scure/base, @noble/hashes).
const esmPackages = {
  moduleNameMapper: { '^@breezystack/lamejs$': '<rootDir>/node_modules/@breezystack/lamejs/dist/lamejs.js' },
  transformIgnorePatterns: [
    '/node_modules/(?!(@breezystack/lamejs|@scure/base|@noble/hashes|@otplib/plugin-crypto-noble/node_modules/@noble/hashes)/)',
  ],
};
const common = {
  transform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  ...esmPackages,
};
// `npm test` runs the files tagged @serial apart, after the others (scripts/test.ts, ADR 044).
const { serialTestFiles } = require('./test/setup/serial-files');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ignore = [
  '/node_modules/',
  '/data/',
  '/web/dist/',
  ...(process.env.LAUDOS_TEST_SKIP_SERIAL === '1' ? serialTestFiles().map((f) => `^${escape(f)}$`) : []),
];

module.exports = {
  transform,
  // A worker's heap grows ~50 MB a file (each file's module registry), and Node frees it when the
  // process ends: at 4 GB that took ~470 ms here, past the 500 ms jest waits before it kills a
  // worker and warns "failed to exit gracefully". A worker past 1.5 GB after a file is replaced: one
  // at 1.6 GB still took 420 ms, too close to that limit.
  workerIdleMemoryLimit: '1536MB',
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{domain,api,web,config,activities,services,migrations,live,storage,imaging,connect,documents,db,worker}/**/*.test.ts',
      ],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/shared-cores-timeout.ts'],
    },
    {
      ...common,
      displayName: 'web-dom',
      testEnvironment: 'jsdom',
      // component tests of the web app: React's automatic JSX runtime, as Vite builds it
      transform: {
        '^.+\\.(t|j)sx?$': [
          '@swc/jest',
          {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              target: 'es2022',
              transform: { react: { runtime: 'automatic' } },
            },
            module: { type: 'commonjs' },
          },
        ],
      },
      testMatch: ['<rootDir>/web/src/**/*.test.tsx'],
      testPathIgnorePatterns: ignore,
      setupFilesAfterEnv: ['<rootDir>/test/setup/shared-cores-timeout.ts', '<rootDir>/web/src/test/wait-timeout.ts'],
    },
    {
      ...common,
      displayName: 'workflow',
      testMatch: ['<rootDir>/workflows/**/*.test.ts'],
      testPathIgnorePatterns: ignore,
      setupFilesAfterEnv: ['<rootDir>/test/setup/platform-timeout.ts', '<rootDir>/test/setup/workflow-bundle.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/api/**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
      setupFilesAfterEnv: ['<rootDir>/test/setup/platform-timeout.ts', '<rootDir>/test/setup/workflow-bundle.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: '<rootDir>/test/setup/e2e-environment.js',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      testPathIgnorePatterns: ignore,
      setupFilesAfterEnv: ['<rootDir>/test/setup/platform-timeout.ts', '<rootDir>/test/setup/workflow-bundle.ts'],
    },
  ],
};
