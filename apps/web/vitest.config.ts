import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@operacoes/contract/permissions': fileURLToPath(
        new URL('../../packages/contract/src/permissions.ts', import.meta.url),
      ),
      '@operacoes/contract/modules': fileURLToPath(new URL('../../packages/contract/src/modules.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
