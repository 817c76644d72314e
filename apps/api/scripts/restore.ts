/**
 * `npm run restore FILE` (run from apps/api, like `npm start`): restores a `npm run backup` archive
 * into an EMPTY data directory (DATA_DIR, default ./data; absent or empty) and, for a PostgreSQL
 * backup, into an EMPTY database (DATABASE_URL). Never overwrites: a non-empty target is refused and
 * nothing is written. After restoring, the row count of every table is checked against the
 * archive's manifest; on any failure what this run wrote is removed again (the data directory it
 * created; a PostgreSQL database is left for the operator to drop, named in the message).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FORMAT, type Manifest, Refusal, cli, countDifferences, fromCaller, isEmptyDir, lockEmbedded, openPglite, pgQuery, pgTool, pgliteQuery, rowCounts, run, settings } from './backup-kit';

async function main() {
  const t0 = performance.now();
  const arg = process.argv[2];
  if (!arg) throw new Refusal('Uso / usage: npm run restore ARQUIVO.tar.gz (DATA_DIR e, para PostgreSQL, DATABASE_URL apontam o destino vazio / point at the empty target).');
  const file = fromCaller(arg);
  if (!existsSync(file) || !statSync(file).isFile()) throw new Refusal(`Arquivo de backup não encontrado: ${file}. / Backup file not found: ${file}.`);
  const { dataDir, databaseUrl } = settings();
  if (!isEmptyDir(dataDir)) throw new Refusal(`O diretório de dados ${dataDir} não está vazio: a restauração só escreve em um diretório vazio (nada foi alterado). / The data directory ${dataDir} is not empty: restore only writes into an empty one (nothing was changed).`);

  const stage = mkdtempSync(path.join(os.tmpdir(), 'operacoes-restore-'));
  const existed = existsSync(dataDir);
  let createdDataDir = false;
  try {
    await run('tar', ['-xzf', file, '-C', stage]).catch(() => {
      throw new Refusal(`${file} não é um arquivo .tar.gz legível. / ${file} is not a readable .tar.gz archive.`);
    });
    const manifestFile = path.join(stage, 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
    if (!manifest || manifest.app !== 'operacoes' || manifest.format !== FORMAT) throw new Refusal(`${file} não é um backup do Operações (npm run backup, formato ${FORMAT}). / ${file} is not an Operações backup.`);
    if (manifest.kind === 'pglite' && databaseUrl)
      throw new Refusal('Este backup é do banco embutido (PGlite): restaure sem DATABASE_URL. / This backup is of the embedded database: restore it without DATABASE_URL.');
    if (manifest.kind === 'postgres' && !databaseUrl)
      throw new Refusal('Este backup é de um PostgreSQL: informe em DATABASE_URL um banco vazio. / This backup is of a PostgreSQL database: set DATABASE_URL to an empty database.');

    let client: pg.Client | undefined;
    if (manifest.kind === 'postgres') {
      client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      // Empty: no relation, function or type outside PostgreSQL's own schemas, no schema but public.
      const [{ n }] = (
        await client.query(`select (select count(*) from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%')
          + (select count(*) from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'public') and nspname not like 'pg_toast%' and nspname not like 'pg_temp%')
          + (select count(*) from pg_extension where extname <> 'plpgsql') as n`)
      ).rows;
      if (Number(n) > 0) {
        await client.end();
        throw new Refusal(`O banco de DATABASE_URL não está vazio: a restauração só escreve em um banco vazio (nada foi alterado; crie um com CREATE DATABASE). / The DATABASE_URL database is not empty: restore only writes into an empty one (nothing was changed).`);
      }
    }

    mkdirSync(dataDir, { recursive: true });
    createdDataDir = true;
    const files = path.join(stage, 'files');
    if (existsSync(files)) for (const entry of readdirSync(files)) cpSync(path.join(files, entry), path.join(dataDir, entry), { recursive: true });

    let actual: Record<string, number>;
    if (manifest.kind === 'pglite') {
      const dump = readFileSync(path.join(stage, 'database.tar.gz'));
      // The server's lock: a server started on the new DATA_DIR meanwhile refuses rather than open a half-loaded database.
      const unlock = lockEmbedded(path.join(dataDir, 'pglite'));
      try {
        const db = await openPglite(path.join(dataDir, 'pglite'), new Blob([dump]));
        try {
          actual = await rowCounts(pgliteQuery(db));
        } finally {
          await db.close();
        }
      } finally {
        unlock();
      }
    } else {
      try {
        await run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '-d', databaseUrl!, path.join(stage, 'database.pgdump')], { maxBuffer: 64 * 2 ** 20 }).catch((e) => {
          throw new Refusal(`pg_restore falhou / failed (o banco ficou parcialmente restaurado: apague-o e crie outro vazio / drop it and create an empty one): ${(e as { stderr?: string }).stderr || (e as Error).message}`);
        });
        actual = await rowCounts(pgQuery(client!));
      } finally {
        await client!.end();
      }
    }
    const diff = countDifferences(manifest.tables, actual);
    if (diff.length) throw new Refusal(`A restauração não confere com o backup (linhas por tabela) / the restored row counts differ: ${diff.join('; ')}`);
    const rows = Object.values(actual).reduce((a, x) => a + x, 0);
    console.log(`Restaurado ${manifest.kind === 'pglite' ? 'o banco embutido (PGlite)' : 'o PostgreSQL'} do backup de ${manifest.created_at}: ${Object.keys(actual).length} tabelas, ${rows} linhas (iguais ao backup); arquivos: ${manifest.files.join(', ') || 'nenhum'}.`);
    console.log(`${dataDir}${manifest.kind === 'postgres' ? ` + ${new URL(databaseUrl!).pathname.slice(1)}` : ''} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    createdDataDir = false; // done: keep it
  } finally {
    // A failed restore leaves the data directory as it found it (empty or absent).
    if (createdDataDir && !existed) rmSync(dataDir, { recursive: true, force: true });
    else if (createdDataDir) for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    rmSync(stage, { recursive: true, force: true });
  }
}

await cli(main);
