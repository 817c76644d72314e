import path from 'node:path';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fasterQueries } from './pglite-query';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { API_ROOT } from './api-root';
/** The typed handle. Queries name their tables (the relational `db.query` API is not used), so no schema registry is needed. */
export type Db = NodePgDatabase;
/** A transaction handle; same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres pool (postgres mode), for LISTEN/NOTIFY and raw benchmarks. */
  pool?: pg.Pool;
  /** Opens a dedicated client for LISTEN (postgres mode only). */
  connectListener?: () => Promise<pg.Client>;
  /** The whole database as a tarball (PGlite only): a template for `pgliteTemplate`. */
  dump?: () => Promise<Blob>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(API_ROOT, 'drizzle');

/** Statement texts given a name, per pool; a text beyond this many runs unnamed, as before. */
const MAX_NAMED_STATEMENTS = 400;

/**
 * The names parameterised statement texts are parsed under on every connection of one pool
 * (`undefined`: run it unnamed). PostgreSQL then parses a text once per connection and, after five
 * calls, may keep a generic plan (its default `plan_cache_mode`, as with any driver that prepares):
 * a quarter of its CPU in the load run. A text gets its name the second time it is seen, so one-off
 * texts (an IN list of a new length) do not take the names, which are bounded since each connection
 * keeps every statement it parsed.
 */
function statementNamer() {
  const names = new Map<string, string | null>();
  let named = 0;
  return (text: string): string | undefined => {
    const name = names.get(text);
    if (name) return name;
    if (name === undefined) {
      if (names.size < MAX_NAMED_STATEMENTS * 4) names.set(text, null);
      return undefined;
    }
    if (named >= MAX_NAMED_STATEMENTS) return undefined;
    const fresh = `s${++named}`;
    names.set(text, fresh);
    return fresh;
  };
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
/** Gives each parameterised statement of `client` its name (drizzle sends them unnamed). */
function nameStatements(client: pg.PoolClient, statementName: (text: string) => string | undefined) {
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (config, values, callback) => {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const params = Array.isArray(values) ? values : (config as { values?: unknown } | null)?.values;
    const plain = typeof config === 'string' || (config !== null && typeof config === 'object' && !(config as { name?: unknown }).name && typeof (config as { submit?: unknown }).submit !== 'function');
    const name = plain && typeof text === 'string' && Array.isArray(params) && params.length > 0 ? statementName(text) : undefined;
    if (!name) return query(config, values, callback);
    return query(typeof config === 'string' ? { text, name } : { ...(config as object), name }, values, callback);
  };
}

/**
 * One process at a time on an embedded database: two PGlite instances on one directory would
 * both write its files and corrupt it. The lock file holds the owner's pid; a lock left by a
 * process that no longer runs (kill -9, a crash) is taken over.
 */
export function lockPgliteDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid) {
      try {
        process.kill(owner, 0);
        alive = true;
      } catch (err) {
        alive = (err as NodeJS.ErrnoException).code === 'EPERM';
      }
    }
    if (alive) {
      throw new Error(
        `O banco embutido em ${dir} já está em uso pelo processo ${owner}: só um processo do Operações pode abri-lo. ` +
          `Pare o outro processo (ou, se ele não existir mais, apague ${file}); para vários processos use PostgreSQL (DATABASE_URL).`,
      );
    }
    unlinkSync(file);
  }
  throw new Error(`Não foi possível travar o banco embutido em ${dir} (${file}).`);
}

/**
 * PGlite in `dataDir` (or in memory when omitted), or a PostgreSQL pool when a URL is given. Applies migrations.
 * `pgliteTemplate`: an in-memory PGlite starts from this dump of a database (`dumpDataDir`) instead of an empty
 * one; the test suite makes one migrated database and copies it, since a fresh cluster plus every migration is
 * most of what a test database costs. `openAll`: PostgreSQL's pool opens all its connections before returning.
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; poolSize?: number; pgliteTemplate?: Blob; namedStatements?: boolean; openAll?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    // A request waits at most 5 s for a connection (then 503, see core/errors), never forever;
    // keepAlive notices a server that vanished without closing its connections. An idle connection
    // is kept (idleTimeoutMillis 0; node-postgres closes it after 10 s by default): a new one is a
    // new PostgreSQL backend, forked, with cold catalog caches and none of this process's named
    // statements, and under load the requests that met one were the run's slowest.
    const max = opts.poolSize ?? 20;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max, idleTimeoutMillis: 0, connectionTimeoutMillis: 5000, keepAlive: true });
    const names = opts.namedStatements === false ? undefined : statementNamer();
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('PostgreSQL pool: idle connection error', err.message));
    // A connection checked out of the pool (inside a transaction, between two statements) has no
    // error listener of the pool's: PostgreSQL shutting down (57P01) would then crash the process.
    // With this one its next statement fails instead (answered 503) and the pool discards it.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      if (names) nameStatements(client, names);
    });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    if (opts.openAll) {
      // The server opens its whole pool before it listens, so its first burst of requests does not.
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      for (const client of clients) client.release();
    }
    return {
      db,
      kind: 'postgres',
      pool,
      connectListener: async () => {
        const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000, keepAlive: true });
        await client.connect();
        return client;
      },
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const unlock = opts.pgliteDir ? lockPgliteDir(opts.pgliteDir) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: opts.pgliteDir, loadDataDir: opts.pgliteDir ? undefined : opts.pgliteTemplate, extensions: { pg_trgm, unaccent } });
  } catch (err) {
    unlock();
    // The recovery path (README): after a crash PGlite replays its WAL by itself; if it still cannot open, restore a backup.
    throw new Error(
      `Não foi possível abrir o banco embutido (PGlite) em ${opts.pgliteDir}: ${(err as Error).message}. ` +
        'Verifique se outro processo do Operações está usando este DATA_DIR. Se o problema persistir, restaure o último backup em um diretório vazio (npm run restore ARQUIVO; veja docs/backup.md).',
      { cause: err },
    );
  }
  fasterQueries(client);
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
