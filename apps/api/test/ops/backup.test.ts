/**
 * `npm run backup` / `npm run restore FILE` round trip (scripts/backup.ts, scripts/restore.ts), run
 * as child processes like an operator runs them: the demo data seeded into a data directory (and,
 * with TEST_DATABASE_URL, into a PostgreSQL database), backed up, restored into an empty directory
 * (and an empty database), then every table compared — row count and an md5 of all its rows in
 * order — and every sequence's position. Also what must be refused, with nothing written: a server
 * still holding the embedded database (its files open, or its lock), a non-empty target, a missing
 * or foreign file, an existing output file.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/core/db';
import { seedBase, seedDemo } from '../../src/db/seed';
import { openPglite } from '../../scripts/backup-kit';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'operacoes-backup-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs scripts/<name>.ts as `npm run` does (cwd apps/api), with this environment only for the database settings. */
function script(name: 'backup' | 'restore', args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: apiDir, env: { ...process.env, DATABASE_URL: '', ...env, INIT_CWD: tmp } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;
/** Every table's row count and md5 of its rows (as text, in order), and every sequence's last value. */
async function digest(q: Query) {
  const out: Record<string, string> = {};
  const tables = await q(`select table_schema as s, table_name as t from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`);
  for (const { s, t } of tables as { s: string; t: string }[]) {
    const [r] = await q(`select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${s}"."${t}" x`);
    out[`${s}.${t}`] = `${r.n} ${r.h}`;
  }
  for (const r of await q(`select schemaname || '.' || sequencename as k, coalesce(last_value, 0) as v from pg_sequences`)) out[`sequence ${r.k}`] = String(r.v);
  return out;
}
const pgliteDigest = async (dataDir: string) => {
  const db = await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await digest(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
};
const pgDigest = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await digest(async (text) => (await c.query(text)).rows);
  } finally {
    await c.end();
  }
};

/** The demo organization seeded through the app (as `--seed-demo-only` does), plus a file in uploads/ and one in mail/. */
async function seedDataDir(dataDir: string, databaseUrl?: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'), poolSize: 5 });
  const config = loadConfig({ DATA_DIR: dataDir }, { argon2: { memoryCost: 1024, timeCost: 1 }, logLevel: 'silent', databaseUrl });
  const app = await buildApp(config, database, { logger: false });
  await seedBase(app.db, app.passwords, { adminUsername: 'admin', adminPassword: 'admin-backup-test' }, pino({ level: 'silent' }));
  await seedDemo(app);
  await app.close();
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'foto-do-poste.jpg'), randomBytes(50_000));
  mkdirSync(path.join(dataDir, 'mail'), { recursive: true });
  writeFileSync(path.join(dataDir, 'mail', 'redefinir-senha.eml'), 'Subject: link\n');
  return database;
}

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : []);

describe('backup and restore of the embedded database (PGlite)', () => {
  const src = path.join(tmp, 'data');
  const archive = path.join(tmp, 'backups', 'demo.tar.gz');
  let before: Record<string, string>;
  let database: Database | undefined;

  beforeAll(async () => {
    database = await seedDataDir(src);
  });
  afterAll(async () => database?.close());

  it('refuses while a process holds the database open (a running server), and writes nothing', async () => {
    // This test process still has the seeded PGlite open, as a running server would.
    const r = await script('backup', [archive], { DATA_DIR: src });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('O servidor está em execução');
    expect(r.stderr).toContain(String(process.pid));
    expect(existsSync(path.dirname(archive))).toBe(false);
  });

  it('backs up a stopped server and restores into an empty data directory: every table and sequence equal', async () => {
    await database!.close();
    database = undefined;
    before = await pgliteDigest(src);
    const b = await script('backup', ['backups/demo.tar.gz'], { DATA_DIR: src }); // relative to where npm was called (INIT_CWD)
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    expect(b.stdout).toContain(archive);
    console.log(`backup: ${b.stdout.trim().replace(/\n/g, ' | ')}`);

    const dst = path.join(tmp, 'restored'); // absent: created
    const r = await script('restore', [archive], { DATA_DIR: dst });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    console.log(`restore: ${r.stdout.trim().replace(/\n/g, ' | ')}`);
    const after = await pgliteDigest(dst);
    expect(Object.keys(before).length).toBeGreaterThan(60);
    expect(Number(before['public.patrimony'].split(' ')[0])).toBeGreaterThan(0);
    expect(after).toEqual(before);
    console.log(`compared: ${Object.keys(before).filter((k) => !k.startsWith('sequence')).length} tables, ${Object.keys(before).filter((k) => k.startsWith('sequence')).length} sequences`);
    // The data directory's files came along (secrets byte for byte), the mail outbox did not.
    for (const f of ['jwt-secret', 'data-source-key', 'uploads/foto-do-poste.jpg']) expect(readFileSync(path.join(dst, f))).toEqual(readFileSync(path.join(src, f)));
    expect(existsSync(path.join(dst, 'mail'))).toBe(false);
    expect(existsSync(path.join(dst, 'pglite.lock'))).toBe(false);
  });

  it('refuses a non-empty target, a missing file, a file that is not a backup, and an existing output, changing nothing', async () => {
    const dst = path.join(tmp, 'restored');
    const was = listing(dst);
    const mtime = statSync(path.join(dst, 'jwt-secret')).mtimeMs;
    const full = await script('restore', [archive], { DATA_DIR: dst });
    expect(full.code).not.toBe(0);
    expect(full.stderr).toContain('não está vazio');
    expect(listing(dst)).toEqual(was);
    expect(statSync(path.join(dst, 'jwt-secret')).mtimeMs).toBe(mtime);

    const fresh = path.join(tmp, 'never');
    const missing = await script('restore', [path.join(tmp, 'nao-existe.tar.gz')], { DATA_DIR: fresh });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('Arquivo de backup não encontrado');
    const none = await script('restore', [], { DATA_DIR: fresh });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('npm run restore');
    writeFileSync(path.join(tmp, 'foreign.tar.gz'), 'not gzip at all');
    const foreign = await script('restore', [path.join(tmp, 'foreign.tar.gz')], { DATA_DIR: fresh });
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toContain('não é um arquivo .tar.gz legível');
    expect(existsSync(fresh)).toBe(false);

    // The server's lock held by a live process (this one), no file open: refused too.
    writeFileSync(path.join(src, 'pglite.lock'), String(process.pid));
    const locked = await script('backup', [path.join(tmp, 'locked.tar.gz')], { DATA_DIR: src });
    rmSync(path.join(src, 'pglite.lock'));
    expect(locked.code).not.toBe(0);
    expect(locked.stderr).toContain(`já está em uso pelo processo ${process.pid}`);
    expect(existsSync(path.join(tmp, 'locked.tar.gz'))).toBe(false);

    const size = statSync(archive).size;
    const again = await script('backup', [archive], { DATA_DIR: src });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('nunca sobrescreve');
    expect(statSync(archive).size).toBe(size);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore of a PostgreSQL database (pg_dump / pg_restore)', () => {
  const server = process.env.TEST_DATABASE_URL!;
  const names: string[] = [];
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const newDatabase = async () => {
    const name = `t_backup_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    names.push(name);
    const u = new URL(server);
    u.pathname = `/${name}`;
    return u.toString();
  };
  afterAll(async () => {
    for (const n of names) await admin(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
  });

  it('round trip into an empty database: every table and sequence equal; a non-empty database is refused', async () => {
    const source = await newDatabase();
    const src = path.join(tmp, 'pg-data');
    const database = await seedDataDir(src, source);
    const archive = path.join(tmp, 'pg.tar.gz');
    // The server may keep running on PostgreSQL: the pool is still open while pg_dump runs.
    const b = await script('backup', [archive], { DATA_DIR: src, DATABASE_URL: source });
    await database.close();
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    console.log(`backup (PostgreSQL): ${b.stdout.trim().replace(/\n/g, ' | ')}`);
    const before = await pgDigest(source);

    const target = await newDatabase();
    const dst = path.join(tmp, 'pg-restored');
    const r = await script('restore', [archive], { DATA_DIR: dst, DATABASE_URL: target });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    console.log(`restore (PostgreSQL): ${r.stdout.trim().replace(/\n/g, ' | ')}`);
    expect(await pgDigest(target)).toEqual(before);
    expect(Object.keys(before).length).toBeGreaterThan(60);
    expect(readFileSync(path.join(dst, 'jwt-secret'))).toEqual(readFileSync(path.join(src, 'jwt-secret')));

    // Into the (non-empty) source database: refused, nothing written anywhere.
    const elsewhere = path.join(tmp, 'pg-never');
    const refused = await script('restore', [archive], { DATA_DIR: elsewhere, DATABASE_URL: source });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('não está vazio');
    expect(existsSync(elsewhere)).toBe(false);
    expect(await pgDigest(source)).toEqual(before);
    // A PostgreSQL backup without DATABASE_URL: refused (it would not know where to go).
    const noUrl = await script('restore', [archive], { DATA_DIR: elsewhere });
    expect(noUrl.code).not.toBe(0);
    expect(noUrl.stderr).toContain('informe em DATABASE_URL');
    expect(existsSync(elsewhere)).toBe(false);
  });
});
