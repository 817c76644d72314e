import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractAliases } from './aliases';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractAliases },
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
