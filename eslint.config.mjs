// Lint fences that catch real bugs (STYLE.md): floating and misused promises (an async
// update validator silently accepts), exhaustive switches, type-only imports, and no I/O
// or Node built-ins inside workflow code.
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// Arrows point down only (ARCHITECTURE §3): what each top-level folder may import of ours.
// A workflow's public surface (its messages, and the laudo's pure plan) may be imported by
// whoever talks to Temporal; api/ may name a workflow function only as a type.
const SURFACE = /^workflows\/[^/]+\/(messages|plan)$/;
// The Connect agent answers a modality with the platform's own acceptance check (ADR 017).
const DICOM_CHECK = /^imaging\/(dicom-header|failures)$/;
const LOWER = ['domain', 'db', 'storage', 'documents', 'imaging', 'live', 'config'];
const LAYERS = {
  domain: ['domain'],
  web: ['web', 'domain'],
  config: ['config'],
  db: ['db', 'domain', 'config'],
  storage: ['storage', 'domain', 'config'],
  documents: ['documents', 'domain'],
  live: ['live', 'domain', 'db'],
  imaging: ['imaging', 'domain', 'db', 'storage', 'documents', SURFACE],
  services: ['services', ...LOWER, SURFACE],
  activities: ['activities', 'services', ...LOWER, SURFACE],
  workflows: ['workflows', 'domain'],
  worker: ['worker', 'workflows', 'activities', 'services', ...LOWER],
  api: ['api', 'services', ...LOWER, SURFACE],
  connect: ['connect', DICOM_CHECK],
  migrations: ['migrations', 'services', 'domain', 'db', 'config'],
};
// Entry points that compose the whole platform (docs/decisions/001).
const COMPOSITION_ROOTS = new Set(['api/main.ts', 'worker/main.ts']);

const layers = {
  rules: {
    'import-direction': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const root = import.meta.dirname;
        const file = path.relative(root, context.filename);
        const layer = file.split(path.sep)[0];
        const allowed = LAYERS[layer];
        if (!allowed || COMPOSITION_ROOTS.has(file)) return {};
        const check = (node, source, typeOnly) => {
          const spec = source.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path
            .relative(root, path.resolve(path.dirname(context.filename), spec))
            .split(path.sep)
            .join('/');
          const top = target.split('/')[0];
          if (top === '..' || !(top in LAYERS || ['test', 'bench', 'scripts'].includes(top))) return;
          const ok = allowed.some((a) => (typeof a === 'string' ? a === top : a.test(target)));
          // Workflow files are never imported for their code outside the worker; a type is fine.
          if (ok || (typeOnly && top === 'workflows' && layer === 'api')) return;
          if (typeOnly && layer === 'workflows' && target === 'activities/types') return;
          context.report({ node, message: `${layer}/ may not import ${target} (ARCHITECTURE §3: arrows point down)` });
        };
        return {
          ImportDeclaration: (n) => check(n, n.source, n.importKind === 'type'),
          ExportNamedDeclaration: (n) => n.source && check(n, n.source, n.exportKind === 'type'),
          ExportAllDeclaration: (n) => check(n, n.source, n.exportKind === 'type'),
          ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source, false),
        };
      },
    },
  },
};

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
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { layers },
    rules: { 'layers/import-direction': 'error' },
  },
  {
    // One home for write transactions (db/transaction.ts): retried once on a lost connection.
    files: ['api/**/*.ts', 'services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length>0]",
          message:
            'use inTransaction(knex, body) from db/transaction.ts; a body that must not run twice keeps knex.transaction with an eslint-disable saying why',
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
