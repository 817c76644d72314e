import { defineConfig } from 'drizzle-kit';

// Every table: the platform's (core) and each module's `schema.ts`, found by glob so that a new
// module needs no registry line here.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/core/schema/index.ts', './src/core/realtime/schema.ts', './src/modules/*/schema.ts', './src/modules/*/*/schema.ts'],
  out: './drizzle',
});
