// Lint fences that catch real bugs (STYLE.md): floating and misused promises (an async
// update validator silently accepts), exhaustive switches, type-only imports, and no I/O
// or Node built-ins inside workflow code.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'web/dist/', 'coverage/', 'test-results/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|describe|test)$/]",
          message: 'no focused tests',
        },
        {
          selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|describe|test)$/]",
          message: 'no skipped tests',
        },
      ],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'net', 'child_process'],
              message: 'workflow code must be deterministic: no Node built-ins',
            },
            {
              group: ['knex', 'objection', 'pg', 'mqtt', 'aedes', 'pdfkit', 'node-forge', '**/db/**', '**/api/**', '**/live/**'],
              message: 'workflow code does no I/O: call an activity',
            },
            { group: ['**/activities/*', '!**/activities/types'], message: 'import activity types only' },
          ],
        },
      ],
    },
  },
  prettier,
);
