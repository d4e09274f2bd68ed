/**
 * 'No setting name is a string literal outside the registry' (issue 14): the source tree is
 * scanned for reads of an account's config that bypass `accountSetting` — a property read
 * (`config.X`, `config?.X`, `config['X']`), a SQL `config->>'X'` — and for any registered key
 * quoted outside a typed use (`accountSetting(…, 'KEY')`, `setAccountSetting(…, 'KEY', …)`,
 * `ACCOUNT_SETTINGS.KEY`, whose key TypeScript checks against the registry). Tests may write whatever config they need.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_SETTING_KEYS } from './settings';

const root = path.resolve(__dirname, '../..');
const REGISTRY = 'domain/accounts/settings.ts';

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter(Boolean)
    .filter((f) => /^(api|services|activities|domain|worker|workflows|imaging|documents|live|storage|web\/src)\//.test(f))
    .filter((f) => !/(^|\/)test\/|\.test\.tsx?$/.test(f) && f !== REGISTRY);
}

/** Code without comments, on one line (calls may wrap). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
}

/** The registry's typed entry points: a key there is checked by TypeScript. */
const TYPED_USE = /\b(?:accountSetting|setAccountSetting|clearAccountSetting)\(\s*[^;]*?,\s*'(\w+)'|\bACCOUNT_SETTINGS\.\w+/g;
/**
 * A direct read of an account row's config member. The platform's own config (deps.config,
 * cfg) and a user's config (user.config: THEME_COLOR…) are other things.
 */
const DIRECT_READ =
  /\b(?!deps\b|user\b)\w+\??\.config\s*\??\.\s*(\w+)|\bconfig\s*->>?\s*'(\w+)'|\b(?!deps\b|user\b)\w+\??\.config\s*\?\?\s*\{\}\s*\)(?:\s*as [^)]*\))?\s*\[/g;

const offences = (): string[] => {
  const found: string[] = [];
  for (const file of sourceFiles()) {
    const code = codeOf(readFileSync(path.join(root, file), 'utf8'));
    const rest = code.replace(TYPED_USE, ' ');
    for (const key of ACCOUNT_SETTING_KEYS) if (new RegExp(`['"\`]${key}['"\`]`).test(rest)) found.push(`${file}: ${key}`);
    for (const m of code.matchAll(DIRECT_READ)) found.push(`${file}: ${m[0]}`);
  }
  return found;
};

test('no account setting is read or named outside the registry but through its typed calls', () => {
  expect(offences()).toEqual([]);
});

test('the scan sees what it must refuse', () => {
  const probe = [
    "const v = account.config.maxAdjacentImages;",
    "knex.raw(\"a.config->>'ANYTHING'\")",
    "knex.raw(`jsonb_build_object('PRINT_CUSTOM_HEADER', ?)`)",
  ].map(codeOf);
  expect(probe[0]!.match(DIRECT_READ)).not.toBeNull();
  expect(probe[1]!.match(DIRECT_READ)).not.toBeNull();
  expect(probe[2]!.replace(TYPED_USE, ' ')).toMatch(/PRINT_CUSTOM_HEADER/);
  expect("accountSetting(row.config, 'PRINT_CUSTOM_HEADER')".replace(TYPED_USE, ' ')).not.toMatch(/PRINT_CUSTOM_HEADER/);
});
