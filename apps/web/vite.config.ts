import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // zod-free entry of the contract: the permission catalogue only (keeps /login light).
      '@operacoes/contract/permissions': fileURLToPath(
        new URL('../../packages/contract/src/permissions.ts', import.meta.url),
      ),
      // zod-free too: the registry of modules (pages, menu), for the route table.
      '@operacoes/contract/modules': fileURLToPath(new URL('../../packages/contract/src/modules.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1800,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/.well-known': { target: api, changeOrigin: false },
    },
  },
});
