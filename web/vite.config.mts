import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

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
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 20 },
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
