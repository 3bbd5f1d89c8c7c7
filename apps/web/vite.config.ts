import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The app version is package.json's, written into index.html's `app-version` meta tag at build time
// (specification section 7: the web app reads its version from that tag).
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function appVersionMeta(): Plugin {
  return {
    name: 'heliotrack-app-version',
    transformIndexHtml: (html) => html.replaceAll('%APP_VERSION%', version),
  };
}

// The server (apps/server) serves /api and this build on :8080; in development Vite proxies /api there.
export default defineConfig({
  plugins: [react(), appVersionMeta()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  // The local database's worker (src/offline/worker.ts) is an ES module worker; it imports sqlite-wasm's
  // .wasm with `?url`, so the build emits the file to assets/ and our server serves it
  // (sqlite-wasm-database.ts hands that URL to the package's loader); pre-bundling in development
  // would lose the package's own URL.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@sqlite.org/sqlite-wasm'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
