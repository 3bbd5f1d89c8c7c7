import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
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

/*
 * Every text asset of the build gets a `.br` (quality 11) and a `.gz` (level 9) beside it, made once
 * here: the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * the same bundle on every request. Last of the build, so the service worker is compressed too.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|map)$/;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function files(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)])));
    return nested.flat();
  }
  return {
    name: 'heliotrack-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for (const file of await files(outDir)) {
          if (!compressible.test(file) || (await stat(file)).size < 1024) continue;
          const body = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }
      },
    },
  };
}

// The server (apps/server) serves /api and this build on :8080; in development Vite proxies /api there.
export default defineConfig({
  plugins: [react(), appVersionMeta(), serviceWorker(), precompress()],
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
