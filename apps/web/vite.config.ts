import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API serves the built SPA from apps/web/dist; in dev, Vite proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
