import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = process.env.LAUDOS_API_URL ?? 'http://localhost:3000';
const wsTarget = apiTarget.replace(/^http/, 'ws');

/** Shown in the footer next to the version (spec 3 §9). */
const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/\D/g, '').slice(0, 12);

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify('3.0.0'),
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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 30,
            },
            {
              // the report editor only: loaded with its route, not on the login page or the list
              name: 'editor',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|@floating-ui)[\\/]/,
              priority: 25,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 20 },
            { name: 'vendor', test: /node_modules[\\/](?!mqtt[\\/])/, priority: 10 },
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
