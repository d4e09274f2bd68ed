/**
 * Test files that run alone, after the others: each asserts a bound that another file's load
 * on the same two cores would decide instead of the code (an upload answered within 2 s while
 * mammograms are thumbnailed, a process's memory while it zips 1 GiB). A file is one of them
 * when its first comment holds the tag `@serial`, with the reason beside it.
 *
 * Plain JavaScript: jest.config.js and scripts/test.ts both read it.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'data', 'dist', 'test-results', '.git']);
const TAG = /^\s*\*\s*@serial\b/m;

/** Absolute paths of the test files tagged `@serial`, sorted. */
function serialTestFiles(dir = ROOT) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...serialTestFiles(full));
    else if (/\.test\.tsx?$/.test(entry.name)) {
      const head = fs.readFileSync(full, 'utf8').slice(0, 4096);
      const firstComment = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(head)?.[1] ?? '';
      if (TAG.test(firstComment)) found.push(full);
    }
  }
  return found.sort();
}

module.exports = { serialTestFiles };
