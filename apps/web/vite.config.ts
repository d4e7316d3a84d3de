import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/**
 * The API serves the built SPA from apps/web/dist; in dev, Vite proxies /api to it. The build writes
 * .br/.gz copies for the server to send and no source maps (they would publish the source).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Building a zod schema has no side effect, so schemas a page never uses are dropped, and with them
    // zod itself from pages that use none (the sign-in page). Nothing here calls z.config().
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
