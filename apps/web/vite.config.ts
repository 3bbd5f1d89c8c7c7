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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
