import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/core/db';

/**
 * Once per run on PGlite: one database with every migration applied, dumped to a file that each
 * test database starts from (test/helpers.ts). Creating a cluster and migrating it took most of a
 * test database's cost; a copy of the migrated one takes a fraction. The migrations themselves still
 * run for real, here, and again (as a no-op check) on every copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
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
    pgliteTemplate: string;
  }
}
