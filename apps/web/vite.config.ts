import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contractAliases } from './aliases';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Installable app that opens without signal: the service worker precaches the app shell and the
    // static assets only (never an API answer: those are per user, kept in IndexedDB by the app and
    // cleared on logout). 'prompt': a new version waits until the user chooses "Atualizar".
    // injectRegister false: the app registers it after login, so /login loads nothing more.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'notification.wav'],
      manifest: {
        name: 'Operações',
        short_name: 'Operações',
        description: 'Operações: gestão de rede, patrimônio e almoxarifado',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The default theme is the dark one; the light theme's colour is in index.html (media query).
        theme_color: '#121212',
        background_color: '#121212',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // .wasm: the label scanner's ZXing (phones without a native BarcodeDetector read labels offline too).
        globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,wav,wasm}'],
        // The rich-text editor and the topology's graph layout (3.2 MB of the 7.3) are not field
        // work: left to the network, so that installing the app on a phone costs ~4 MB.
        globIgnores: ['**/RichTextEditor-*.js', '**/laidOut-*.js'],
        // Every client route opens the app shell offline; the API and the well-known files never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/\.well-known\//],
        // The largest lazy chunks (editor, charts) are over Workbox's 2 MB default.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: { alias: contractAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1800,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, the styling engine, the query cache) in one
            // chunk: one file compresses better than the dozen the automatic split made of it.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion|stylis)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/.well-known': { target: api, changeOrigin: false },
    },
  },
});
