import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The app version is package.json's, written into index.html's `app-version` meta tag at build time
// (specification section 7: the web app reads its version from that tag).
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function appVersionMeta(): Plugin {
  return {
    name: 'heliotrack-app-version',
    transformIndexHtml: (html) => html.replaceAll('%APP_VERSION%', version),
  };
}

/*
 * The service worker (issue 16: reload and restart offline). Workbox precaches the whole build: the
 * app shell, every lazy chunk, the MapLibre worker, the local database's worker and sqlite .wasm,
 * fonts and icons, so that after one online visit the app opens with no network. Navigations to app
 * routes fall back to the cached index.html; /api is never answered by the worker (no runtime
 * caching at all: the offline answers come from the local database, not from a cache of the API).
 * The manifest is our own (public/manifest.webmanifest), and src/lib/service-worker.ts registers
 * the worker: a new one waits while a page of the old build is open and takes over on the next load.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,mjs,css,html,wasm,svg,png,ico,woff,woff2,webmanifest}'],
      // The MapLibre chunk, its worker and the sqlite .wasm are above Workbox's default 2 MiB.
      maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/i],
      cleanupOutdatedCaches: true,
      skipWaiting: false,
      clientsClaim: false,
      // Vite's file names carry a content hash already: no cache-busting query needed.
      dontCacheBustURLsMatching: /^assets\//,
      runtimeCaching: [],
    },
  });
}

// The server (apps/server) serves /api and this build on :8080; in development Vite proxies /api there.
export default defineConfig({
  plugins: [react(), appVersionMeta(), serviceWorker()],
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
