import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/core/db';
import { freshPgDatabase } from './helpers';

/**
 * Once per run: one database with every migration applied, which each test database copies
 * (test/helpers.ts). Creating a database and migrating it was most of a test database's cost; a
 * copy takes a fraction. The migrations still run for real, here, and again (as a no-op check) on
 * every copy. On PGlite the template is a dump (`loadDataDir`); on PostgreSQL a template database
 * (`CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await freshPgDatabase(serverUrl, 'tpl');
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await database.close();
    project.provide('pgTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'operacoes-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    pgTemplate?: string;
  }
}
