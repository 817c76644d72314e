/**
 * `npm run backup [FILE]` (run from apps/api, like `npm start`): a consistent backup of the database
 * and of the data directory's files into one `.tar.gz` (default `backups/operacoes-<date>.tar.gz`;
 * the format is in scripts/backup-kit.ts). Never overwrites a file.
 *
 * - Embedded database (no DATABASE_URL): PGlite is one process, so the server must be stopped; a
 *   process holding files of DATA_DIR/pglite open (a running server) is refused, and so is a live
 *   owner of the server's lock (DATA_DIR/pglite.lock), which the backup holds meanwhile. The dump is
 *   PGlite's own copy of its data directory, taken after opening it (which recovers it if the last
 *   stop was not clean).
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` while the server keeps running, on the snapshot the
 *   row counts of the manifest were read in (so restore can check them).
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FORMAT, type Manifest, NOT_COPIED, Refusal, cli, fromCaller, human, lockEmbedded, openPglite, pgQuery, pgTool, pgliteQuery, processesUsing, rowCounts, run, settings } from './backup-kit';

async function main() {
  const t0 = performance.now();
  const { dataDir, databaseUrl } = settings();
  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*$/, '');
  const out = process.argv[2] ? fromCaller(process.argv[2]) : path.resolve('backups', `operacoes-${stamp}.tar.gz`);
  if (existsSync(out)) throw new Refusal(`O arquivo ${out} já existe: o backup nunca sobrescreve. / ${out} already exists: a backup never overwrites.`);
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const pgliteDir = path.join(dataDir, 'pglite');
  if (kind === 'pglite') {
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Refusal(`Não há banco embutido em ${pgliteDir} (DATA_DIR=${dataDir}). / There is no embedded database in ${pgliteDir}.`);
    const users = processesUsing(pgliteDir);
    if (users.length)
      throw new Refusal(
        `O servidor está em execução sobre ${dataDir} (processo ${users.join(', ')}): pare-o antes do backup — o banco embutido (PGlite) é de um processo só. / The server is running on ${dataDir} (process ${users.join(', ')}): stop it first; the embedded database belongs to one process.`,
      );
  }

  // Also the server's own lock: a server that is starting (files not open yet) or one that holds it is refused, and none can start during the dump.
  const unlock = kind === 'pglite' ? lockEmbedded(pgliteDir) : () => undefined;
  const stage = mkdtempSync(path.join(os.tmpdir(), 'operacoes-backup-'));
  try {
    let tables: Record<string, number>;
    if (kind === 'pglite') {
      const db = await openPglite(pgliteDir);
      try {
        tables = await rowCounts(pgliteQuery(db));
        const dump = await db.dumpDataDir('gzip');
        writeFileSync(path.join(stage, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    } else {
      // The counts and pg_dump read the same snapshot: exported by this transaction, open until pg_dump is done.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const [{ snapshot }] = (await client.query('SELECT pg_export_snapshot() AS snapshot')).rows;
        tables = await rowCounts(pgQuery(client));
        await run(pgTool('pg_dump'), ['-Fc', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, '-f', path.join(stage, 'database.pgdump'), '-d', databaseUrl!], { maxBuffer: 64 * 2 ** 20 }).catch((e) => {
          throw new Refusal(`pg_dump falhou / failed: ${(e as { stderr?: string }).stderr || (e as Error).message}`);
        });
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    }
    // The data directory's files (uploads, secrets, report exports), as they are now.
    const files: string[] = [];
    mkdirSync(path.join(stage, 'files'));
    if (existsSync(dataDir)) {
      for (const entry of readdirSync(dataDir)) {
        const from = path.join(dataDir, entry);
        if (NOT_COPIED.has(entry) || from === out) continue;
        if (statSync(from).isDirectory()) cpSync(from, path.join(stage, 'files', entry), { recursive: true });
        else copyFileSync(from, path.join(stage, 'files', entry));
        files.push(entry);
      }
    }
    const manifest: Manifest = { format: FORMAT, app: 'operacoes', kind, created_at: new Date().toISOString(), tables, files };
    writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(out), { recursive: true });
    // Written beside the target and renamed: a failed run leaves no half archive under the final name.
    const partial = `${out}.partial-${process.pid}`;
    try {
      await run('tar', ['-czf', partial, '-C', stage, '.']);
      if (existsSync(out)) throw new Refusal(`O arquivo ${out} apareceu durante o backup. / ${out} appeared meanwhile.`);
      renameSync(partial, out);
    } finally {
      rmSync(partial, { force: true });
    }
    const rows = Object.values(tables).reduce((a, n) => a + n, 0);
    console.log(`Backup ${kind === 'pglite' ? 'do banco embutido (PGlite)' : 'do PostgreSQL'}: ${Object.keys(tables).length} tabelas, ${rows} linhas; arquivos: ${files.join(', ') || 'nenhum'}.`);
    console.log(`${out} (${human(statSync(out).size)}, ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
    unlock();
  }
}

await cli(main);
