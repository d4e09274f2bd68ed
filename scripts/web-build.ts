import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DIST_INDEX = path.join(ROOT, 'web', 'dist', 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') newest = Math.max(newest, newestMtime(full));
    } else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when web/dist is missing or older than its sources (web/, domain/). */
export function ensureWebBuilt(log: (msg: string) => void = console.log): void {
  const built = fs.existsSync(DIST_INDEX) ? fs.statSync(DIST_INDEX).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, 'web')), newestMtime(path.join(ROOT, 'domain')));
  if (built >= sources) return;
  log('Building the web app (vite)…');
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('web build failed (see above)');
}
