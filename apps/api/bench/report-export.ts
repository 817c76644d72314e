/**
 * Report export benchmark: `npx tsx apps/api/bench/report-export.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_rx_<random>` database, dropped at the end): 1,000,000 movements of one
 * organization inserted with generate_series. The real server runs as a child process; its resident
 * memory (VmRSS from /proc) is sampled every 50 ms. Measured, for CSV and XLSX:
 * - the background job of all 1,000,000 rows (the export endpoint's path above 100,000 rows): time and
 *   the server's peak RSS above its rest level, then the download of the finished file;
 * - a streamed export of ~99,000 rows (a period under the job threshold) straight to the socket.
 * Baseline, in the same run: the same rows read by the report's own keyset statement with nothing
 * written (the database and driver floor), in this process.
 * PGlite is left out: a million-row insert alone takes minutes in WebAssembly (the API test runs
 * 150,000 rows there).
 *
 * Env: BENCH_ROWS (default 1,000,000), BENCH_PG_URL (maintenance database), BENCH_OUT.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@operacoes/contract';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { insertUser, seedBase } from '../src/db/seed';
import { movementsReport } from '../src/modules/report/reports/movements';
import { unitsOrganizational } from '../src/modules/unit-organizational';
import { products, sections, stocks } from '../src/modules/warehouse';
import { benchDatabase, cpuShare, measured, publishReport, rssOf, sleep, startServer, stopServer } from './harness';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const MB = 1024 * 1024;
const JWT_SECRET = randomBytes(32).toString('base64url');
const log = (msg: string) => console.log(`[bench-report ${new Date().toISOString().slice(11, 19)}] ${msg}`);


/** Reads a response body as it arrives, counting bytes. */
async function drain(res: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_rx');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-rx-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(`${bench.version}; ${ROWS.toLocaleString('en')} movements into ${bench.name}`);
    const database = await openDatabase({ databaseUrl: bench.url });
    const passwords = new Passwords(loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET }).argon2);
    const { organizationId: o } = await seedBase(database.db, passwords, { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    const [unit] = await database.db.insert(unitsOrganizational).values({ organization_id: o, name: 'Regional Bench', code: 'RB', search_text: 'regional bench' }).returning();
    const [stock] = await database.db.insert(stocks).values({ organization_id: o, unit_organizational_id: unit.id, name: 'Almoxarifado Central', code: 'ALM', search_text: 'almoxarifado central' }).returning();
    const [section] = await database.db.insert(sections).values({ organization_id: o, stock_id: stock.id, name: 'Prateleira A', code: 'A', search_text: 'prateleira a' }).returning();
    const [product] = await database.db.insert(products).values({ organization_id: o, code: 'CAB-DROP', name: 'Cabo drop 1 fibra', tracking: 'consumivel', unit_of_measure: 'm', search_text: 'cabo drop' }).returning();
    const user = await insertUser(database.db, { organizationId: o, username: 'relatorios', email: 'relatorios@example.com', passwordHash: 'x', nickname: 'Relatórios', fullName: 'Leitora de Relatórios', permissions: ['PATRIMONY_HISTORY'] });
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      // The rows name valid ids: the foreign-key triggers are skipped for the insert.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into movement (organization_id, type, product_id, quantity, to_stock_id, to_section_id, user_id, reason, document, created_at)
        select ${o}, (array['entrada','saida','transferencia','ajuste'])[1 + g % 4], ${product.id}, 1 + (g % 7) * 0.5, ${stock.id}, ${section.id}, ${user.id},
               'Linha ' || g, 'NF ' || (g % 1000), timestamptz '2025-01-01 00:00:00-03' + g * interval '20 seconds'
        from generate_series(1, ${ROWS}) g`);
    });
    await database.db.execute(sql`analyze movement`);
    log(`inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Baseline: the report's own statement, every batch read and dropped.
    const scope = { db: database.db, user: { id: user.id, username: 'relatorios', organizationId: o, superAdmin: false, permissions: ['PATRIMONY_HISTORY'], tokenVersion: 0 }, organizationId: o, timeZone: DEFAULT_TIME_ZONE };
    const b0 = performance.now();
    let baselineRows = 0;
    for await (const batch of movementsReport.batches(scope, {}, 1000)) baselineRows += batch.length;
    const baselineMs = performance.now() - b0;
    log(`baseline: ${baselineRows.toLocaleString('en')} rows read in ${(baselineMs / 1000).toFixed(1)} s`);
    await database.close();

    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: 'warn' });
    const pid = api.child.pid!;
    const token = await new Tokens(JWT_SECRET).access(user.id, 0, o);
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${api!.base}/api${p}`, { headers });
    // Warm up the code paths, then the rest level.
    await drain(await get('/report/movements/export?format=xlsx&to=2025-01-02'));
    await drain(await get('/report/movements/export?format=csv&to=2025-01-02'));
    await sleep(2000);
    const rest = rssOf(pid);
    log(`server up (pid ${pid}), RSS at rest ${(rest / MB).toFixed(0)} MB`);
    const share = cpuShare();
    const load = os.loadavg()[0];

    type Row = { what: string; format: string; rows: number; seconds: number; rowsPerSecond: number; megabytes: number; peakOverRest: number };
    const results: Row[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      // The million rows: a background job.
      const job = await measured(pid, async () => {
        const res = await fetch(`${api!.base}/api/report/movements/export-job`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ format }) });
        if (res.status !== 202) throw new Error(`export-job: ${res.status} ${await res.text()}`);
        const { id } = (await res.json()) as { id: number };
        for (;;) {
          const j = (await (await get(`/report/job/${id}`)).json()) as { status: string; rows_written: number; download_url: string };
          if (j.status === 'failed') throw new Error('job failed');
          if (j.status === 'done') return j;
          await sleep(200);
        }
      });
      const dl = await measured(pid, async () => drain(await get(job.result.download_url.replace(/^\/api/, ''))));
      results.push({ what: 'background job (file)', format, rows: job.result.rows_written, seconds: job.ms / 1000, rowsPerSecond: job.result.rows_written / (job.ms / 1000), megabytes: dl.result / MB, peakOverRest: (job.peak - rest) / MB });
      results.push({ what: 'download of the job’s file', format, rows: job.result.rows_written, seconds: dl.ms / 1000, rowsPerSecond: job.result.rows_written / (dl.ms / 1000), megabytes: dl.result / MB, peakOverRest: (dl.peak - rest) / MB });
      log(`${format} job: ${(job.ms / 1000).toFixed(1)} s, peak RSS +${((job.peak - rest) / MB).toFixed(0)} MB; download ${(dl.result / MB).toFixed(1)} MB in ${(dl.ms / 1000).toFixed(1)} s`);

      // Under the threshold: streamed to the socket.
      const direct = await measured(pid, async () => {
        const res = await get(`/report/movements/export?format=${format}&from=2025-01-01&to=2025-01-23`);
        if (res.status !== 200) throw new Error(`export: ${res.status}`);
        return { bytes: await drain(res), rows: Number(res.headers.get('x-total-rows')) };
      });
      results.push({ what: 'streamed to the socket', format, rows: direct.result.rows, seconds: direct.ms / 1000, rowsPerSecond: direct.result.rows / (direct.ms / 1000), megabytes: direct.result.bytes / MB, peakOverRest: (direct.peak - rest) / MB });
      log(`${format} streamed: ${direct.result.rows.toLocaleString('en')} rows in ${(direct.ms / 1000).toFixed(1)} s, peak RSS +${((direct.peak - rest) / MB).toFixed(0)} MB`);
    }

    const lines = [
      `Run: ${new Date().toUTCString()}; ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${bench.version}; load average ${load.toFixed(1)}, this runner got ${(share * 100).toFixed(0)}% of a core.`,
      `Dataset: ${ROWS.toLocaleString('en')} movements of one organization (16 columns: names joined from product, stock, section and users). Server RSS at rest (after a warm-up export): ${(rest / MB).toFixed(0)} MB.`,
      '',
      '| export | format | rows | time (s) | rows/s | file (MB) | server peak RSS above rest (MB) |',
      '|---|---|---|---|---|---|---|',
      ...results.map((r) => `| ${r.what} | ${r.format.toUpperCase()} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(1)} | ${Math.round(r.rowsPerSecond).toLocaleString('en')} | ${r.megabytes.toFixed(1)} | ${r.peakOverRest.toFixed(0)} |`),
      `| baseline: the report's keyset statement, rows read and dropped (no file) | — | ${baselineRows.toLocaleString('en')} | ${(baselineMs / 1000).toFixed(1)} | ${Math.round(baselineRows / (baselineMs / 1000)).toLocaleString('en')} | — | — |`,
      '',
    ];
    publishReport(lines.join('\n'), started, log);
  } finally {
    if (api) await stopServer(api.child);
    await bench.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
