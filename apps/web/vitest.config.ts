import { defineConfig } from 'vitest/config';
import { contractAliases } from './aliases';

export default defineConfig({
  resolve: { alias: contractAliases },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
