import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ibgeMigrationSql, readIbge } from '../modules/locale/ibge';

/**
 * Writes the IBGE data migration from `reference/ibge/*.csv`:
 * `npx tsx src/db/ibge-migration.ts drizzle/NNNN_name.sql` (a new custom migration made by
 * `npx drizzle-kit generate --custom --name <name>` when the list changes; an applied migration is never rewritten).
 */
export const IBGE_MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/0011_ibge_municipalities.sql');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.resolve(process.argv[2] ?? IBGE_MIGRATION);
  writeFileSync(target, ibgeMigrationSql(readIbge()));
  console.log(`IBGE migration written to ${target}`);
}
