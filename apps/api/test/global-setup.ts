import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
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
  const removeDocument = await provideOpenApiDocument(project);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await freshPgDatabase(serverUrl, 'tpl');
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await database.close();
    project.provide('pgTemplate', new URL(template.url).pathname.slice(1));
    return async () => (removeDocument(), await template.drop());
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'operacoes-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => (removeDocument(), rmSync(dir, { recursive: true, force: true }));
}

/** The OpenAPI document the server publishes, written once for the run: every answer is checked against it (test/answer-contract.ts). */
async function provideOpenApiDocument(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'operacoes-openapi-'));
  const database = await openDatabase({});
  const app = await buildApp(loadConfig({ DATA_DIR: dir }, { jwtSecret: 'openapi-document', logLevel: 'silent' }), database, { logger: false });
  try {
    await app.ready();
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(app.swagger()));
  } finally {
    await app.close();
    await database.close();
  }
  project.provide('openapiDocument', path.join(dir, 'openapi.json'));
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    pgTemplate?: string;
    openapiDocument: string;
  }
}
