import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (apps/server) serves /api and this build on :8080; in development Vite proxies /api there.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  // The local database's worker (src/offline/worker.ts) is an ES module worker; sqlite-wasm finds its
  // .wasm beside its own module (new URL('sqlite3.wasm', import.meta.url)), so the build emits the
  // file to assets/ and our server serves it; pre-bundling in development would lose that URL.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@sqlite.org/sqlite-wasm'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
