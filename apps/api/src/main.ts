import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './core/db';
import { seedBase, seedDemo } from './db/seed';

const args = new Set(process.argv.slice(2));
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
const app = await buildApp(config, database);

await seedBase(app.db, app.passwords, { adminUsername: config.adminUsername, adminPassword: config.adminPassword }, app.log);
if (args.has('--demo') || args.has('--seed-demo-only')) await seedDemo(app);

if (args.has('--seed-demo-only')) {
  await app.close();
  await database.close();
} else {
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Operações em ${config.publicUrl} (banco: ${database.kind === 'pglite' ? `PGlite em ${config.dataDir}/pglite` : 'PostgreSQL'})`);
}
