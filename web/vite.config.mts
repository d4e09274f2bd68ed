import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = process.env.LAUDOS_API_URL ?? 'http://localhost:3000';
const wsTarget = apiTarget.replace(/^http/, 'ws');

/**
 * The footer's version and build id (spec 3 §9): the version of package.json; the build id from
 * BUILD_ID (a CI build number), else the commit's short sha, else the build time.
 */
const appVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
function gitShortSha(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}
const buildId = process.env.BUILD_ID || gitShortSha() || new Date().toISOString().replace(/\D/g, '').slice(0, 12);

/** Text the browser downloads; source maps and images are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every text file of the build
 * over 1 KB, once at build time, so the server sends compressed bytes without compressing per
 * request (issue 24). The server (api/http/spa.ts) picks the copy the browser accepts.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'laudos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // zod with its configuration: every chunk that builds a schema loads this one first,
              // so jitless is set before any schema exists (see src/zod-config.ts)
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/,
              priority: 40,
            },
            {
              name: 'react',
              // use-sync-external-store: shared by the editor and other libraries; kept out of the editor
              // chunk so the entry does not preload the editor for it
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|use-sync-external-store)[\\/]/,
              priority: 30,
            },
            {
              // the report editor only: loaded with its route, not on the login page or the list
              name: 'editor',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|@floating-ui)[\\/]/,
              priority: 25,
            },
            {
              // the management report's chart only, loaded with that page: below 'mui' (which takes
              // the MUI modules the chart shares) and above 'vendor' (which would load it at login)
              name: 'charts',
              test: /node_modules[\\/](@mui[\\/]x-[a-z-]+|@base-ui[\\/]utils|bezier-easing)[\\/]/,
              priority: 15,
            },
            { name: 'mui', test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion[\\/])/, priority: 20 },
            // mqtt (live updates, after sign-in) and the MP3 encoder (narration) load with what uses them
            { name: 'vendor', test: /node_modules[\\/](?!mqtt[\\/]|@breezystack[\\/])/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/mqtt': { target: wsTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/mqtt': { target: wsTarget, ws: true, changeOrigin: true },
    },
  },
});
