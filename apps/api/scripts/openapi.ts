/**
 * Writes the API's OpenAPI document (the one served at /api/docs/json) to a file, for
 * `redocly lint` (`npm run lint`) and client generators:
 *   tsx apps/api/scripts/openapi.ts [out.json]   (default apps/api/dist/openapi.json)
 * The app is built on an in-memory PGlite and a throw-away data directory; nothing is seeded or served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';

const out = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/openapi.json'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-openapi-'));
try {
  const database = await openDatabase({}); // in-memory PGlite, as the tests use
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir }, { jwtSecret: 'openapi-document', logLevel: 'silent' }), database, { logger: false });
  try {
    await app.ready();
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`OpenAPI: ${Object.keys(app.swagger().paths ?? {}).length} paths → ${path.relative(process.cwd(), out)}`);
  } finally {
    await app.close();
    await database.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
