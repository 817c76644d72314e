/**
 * What `npm run backup` and `npm run restore FILE` share (scripts/backup.ts, scripts/restore.ts).
 *
 * The archive (`.tar.gz`, written and read with the system's `tar`):
 *   manifest.json        format, kind (pglite | postgres), date, row count of every table
 *   database.tar.gz      pglite: PGlite's own dump of its data directory (`dumpDataDir`)
 *   database.pgdump      postgres: `pg_dump -Fc`
 *   files/…              the data directory's files: uploads/, report-exports/, jwt-secret,
 *                        data-source-key… — everything but pglite/ (dumped above), pglite.lock
 *                        (the running process's lock) and mail/ (copies of e-mails written when no
 *                        SMTP server is set, not data)
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { lockPgliteDir } from '../src/core/db';

export const run = promisify(execFile);
export const FORMAT = 1;
export type Manifest = { format: number; app: 'operacoes'; kind: 'pglite' | 'postgres'; created_at: string; tables: Record<string, number>; files: string[] };
/** Entries of the data directory the archive leaves out (see above). */
export const NOT_COPIED = new Set(['pglite', 'pglite.lock', 'mail']);

/** A refusal or a failure the operator can act on: printed as it is (pt-BR, then English), exit code 1. */
export class Refusal extends Error {}

/** DATA_DIR and DATABASE_URL as the server reads them (loadConfig), without creating secrets in the data directory. */
export function settings() {
  const c = loadConfig(process.env, { jwtSecret: 'unused', dataSourceKey: 'unused' });
  return { dataDir: c.dataDir, databaseUrl: c.databaseUrl };
}

/** A path the operator typed: relative to where `npm run` was called (npm sets INIT_CWD), not to apps/api. */
export const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

export const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Processes with a file of `dir` open (Linux: /proc/<pid>/fd). The embedded PostgreSQL keeps its
 * relation and WAL files open while the server runs, so this finds a running server on the data
 * directory. Only processes this user may inspect are seen (run the backup as the server's user);
 * elsewhere than Linux nothing is seen and the operator's word (server stopped) is all there is.
 */
export function processesUsing(dir: string): number[] {
  if (!existsSync('/proc')) return [];
  const prefix = path.resolve(dir) + path.sep;
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to see
    }
    for (const fd of fds) {
      if ((readlinkSafe(`/proc/${pid}/fd/${fd}`) ?? '').startsWith(prefix)) {
        found.push(Number(pid));
        break;
      }
    }
  }
  return found;
}
function readlinkSafe(p: string) {
  try {
    return readlinkSync(p);
  } catch {
    return undefined; // closed meanwhile
  }
}

export const openPglite = (dataDir: string, loadDataDir?: Blob) => PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, unaccent } });

/**
 * The embedded database's lock (`DATA_DIR/pglite.lock`, the one the server takes): held while the
 * backup or restore has the database open, so a server started meanwhile refuses to open it. A lock
 * held by a running process is a refusal.
 */
export function lockEmbedded(pgliteDir: string): () => void {
  try {
    return lockPgliteDir(pgliteDir);
  } catch (e) {
    throw new Refusal(`${(e as Error).message} / The embedded database is in use by another process (${pgliteDir}.lock): stop it first.`);
  }
}

/** Every table outside PostgreSQL's own schemas (the app's and drizzle's migrations log). */
const TABLES = `select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;
const quoted = (t: { schema: string; name: string }) => `"${t.schema}"."${t.name}"`;

type Query = (text: string) => Promise<Record<string, unknown>[]>;
export const pgliteQuery = (db: PGlite): Query => async (text) => (await db.query<Record<string, unknown>>(text)).rows;
export const pgQuery = (c: pg.Client): Query => async (text) => (await c.query(text)).rows;

/** The row count of every table, keyed `schema.table`. */
export async function rowCounts(q: Query): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of (await q(TABLES)) as { schema: string; name: string }[]) out[`${t.schema}.${t.name}`] = Number((await q(`select count(*) as n from ${quoted(t)}`))[0].n);
  return out;
}

/** How the restored counts differ from the manifest's (empty when equal). */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter((k) => expected[k] !== actual[k]).map((k) => `${k}: ${expected[k] ?? 'ausente'} → ${actual[k] ?? 'ausente'}`);
}

/** pg_dump / pg_restore: PG_BIN_DIR when set, else the PATH (Debian: /usr/bin, the client of the server's major version). */
export const pgTool = (name: 'pg_dump' | 'pg_restore') => (process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name);

export const human = (bytes: number) => (bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`);

/** Runs a script's main: a Refusal prints its message and exits 1; anything else prints the error and exits 1. */
export async function cli(main: () => Promise<void>) {
  try {
    await main();
  } catch (e) {
    console.error(e instanceof Refusal ? e.message : `Erro / Error: ${(e as Error).stack ?? e}`);
    process.exitCode = 1;
  }
}
