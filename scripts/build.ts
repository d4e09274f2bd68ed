/**
 * `npm run build [-- --out DIR]`: the server compiled to JavaScript (tsconfig.build.json) in
 * DIR (default dist/), with the files it reads beside its code: the ICP-Brasil roots and, when
 * built (`npm run build:web`), the web app. Run with `node DIR/api/main.js`, `node DIR/worker/main.js`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Folders the compiled code finds by __dirname, copied as they are. */
export const ASSET_DIRS = ['documents/signing/icp-brasil-roots', 'web/dist'];

export function buildServer(outDir: string, log: (msg: string) => void = console.log): void {
  const out = path.resolve(ROOT, outDir);
  fs.rmSync(out, { recursive: true, force: true });
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const started = Date.now();
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', out], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('tsc failed (see above)');
  log(`build: compiled to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const dir of ASSET_DIRS) {
    const from = path.join(ROOT, dir);
    if (!fs.existsSync(from)) {
      log(`build: ${dir} not found, not copied`);
      continue;
    }
    fs.cpSync(from, path.join(out, dir), { recursive: true });
  }
  // Code that reads the platform's version finds package.json two folders above api/<feature>.
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(out, 'package.json'));
}

if (require.main === module) {
  const i = process.argv.indexOf('--out');
  buildServer(i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : 'dist');
}
