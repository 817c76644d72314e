/**
 * Warehouse benchmark: `npx tsx apps/api/bench/warehouse.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_wh_<random>` database on the local server, dropped at the end):
 *   1. seed 200,000 patrimony items and 2,000,000 movements in one organization (bench/warehouse-seed.ts),
 *      timed step by step;
 *   2. start the real server (`src/main.ts`, a child process, default settings: pool of 20,
 *      LOG_LEVEL info) and the baseline (`bench/warehouse-baseline.ts`: node:http + pg, the same
 *      SQL, JWT check and JSON), check they answer identically;
 *   3. autocannon, 50 connections, alternating segments (API, baseline, API, …) on
 *      `GET /api/patrimony?search=…` (product names with and without accents, tag and serial
 *      fragments) and `GET /api/movements?item=…` (random items): req/s, p50, p99, the ratio
 *      API ÷ baseline, and server CPU per request.
 *
 * Env: BENCH_QUICK=1 (20,000 items, shorter runs), BENCH_ITEMS, BENCH_MOVEMENTS_PER_ITEM,
 * BENCH_PG_URL (maintenance database, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_DURATION (seconds per server per endpoint), BENCH_LOG_LEVEL, BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { type Cannon, cannonPair, cpuShare, ms, sameAnswers, startServer, stopServer } from './harness';
import { seedWarehouse } from './warehouse-seed';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(process.env.BENCH_ITEMS ?? (QUICK ? 20_000 : 200_000));
const PER_ITEM = Number(process.env.BENCH_MOVEMENTS_PER_ITEM ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 12));
const WARMUP = QUICK ? 1 : 3;
const SEGMENTS = QUICK ? 1 : 3;
const CONNECTIONS = 50;
const JWT_SECRET = randomBytes(32).toString('base64url');
const PASSWORD = 'bench-password-123';

const log = (msg: string) => console.log(`[bench-warehouse ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const started = performance.now();
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: PG_SERVER });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  const dbName = `bench_wh_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(PG_SERVER);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-wh-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const [{ version }] = await admin('select version()');
    log(`PostgreSQL: ${String(version).split(' on ')[0]}; seeding ${ITEMS.toLocaleString('en')} items × ${PER_ITEM} movements into ${dbName}`);
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl });
    const migrateMs = performance.now() - t0;
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    const t1 = performance.now();
    const seeded = await seedWarehouse(database.db, { items: ITEMS, movementsPerItem: PER_ITEM, stocks: 5, sectionsPerStock: 20, products: 200 }, 'not-used', log);
    const seedMs = performance.now() - t1;
    log(`seeded ${seeded.counts.items.toLocaleString('en')} items and ${seeded.counts.movements.toLocaleString('en')} movements in ${(seedMs / 1000).toFixed(1)} s (migrations ${(migrateMs / 1000).toFixed(1)} s)`);

    // Realistic search terms: product names (with and without accents), tag and serial fragments.
    const serials = (
      await database.db.execute<{ s: string }>(
        // drizzle's execute with a raw string
        (await import('drizzle-orm')).sql.raw(`select substr(serial, 3, 6) as s from patrimony where organization_id = ${seeded.organizationId} order by md5(id::text) limit 6`),
      )
    ).rows.map((r) => r.s);
    const itemIds = Array.from({ length: 60 }, (_, i) => seeded.itemIds.min + ((i * 104_729) % (seeded.itemIds.max - seeded.itemIds.min + 1)));
    await database.close();

    const terms = [
      'rádio ubiquiti',
      'onu huawei',
      'CAMERA hikvision',
      'máquina fusão',
      'roteador mikrotik v41',
      'switch datacom',
      `pat-0${String(1000 + (ITEMS % 9000)).slice(0, 3)}`,
      `PAT-${String(Math.floor(ITEMS / 2)).padStart(6, '0')}`,
      ...serials.map((s) => s.toLowerCase()),
      'otdr exfo',
      'escada fibra',
    ];
    const tokens = new Tokens(JWT_SECRET);
    const token = await tokens.access(seeded.userId, 0, seeded.organizationId);
    const headers = { authorization: `Bearer ${token}` };
    const searchRequests = terms.map((term) => ({ path: `/api/patrimony?page=1&pageSize=10&search=${encodeURIComponent(term)}`, headers }));
    const movementRequests = itemIds.map((id) => ({ path: `/api/movements?item=${id}&page=1&pageSize=10`, headers }));

    const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
    api = await startServer('src/main.ts', serverEnv);
    baseline = await startServer('bench/warehouse-baseline.ts', { DATABASE_URL: databaseUrl, JWT_SECRET });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s (pid ${api.child.pid}), baseline up (pid ${baseline.child.pid})`);

    const endpoints = [
      { name: `GET /api/patrimony?pageSize=10&search=… (${terms.length} terms)`, requests: searchRequests },
      { name: `GET /api/movements?item=…&pageSize=10 (${itemIds.length} items)`, requests: movementRequests },
    ];
    for (const e of endpoints) await sameAnswers(api.base, baseline.base, e.requests);
    const sample = await (await fetch(api.base + searchRequests[0].path, { headers })).json();
    log(`"${terms[0]}" finds ${sample.total_items} items; answers of API and baseline are identical`);
    const share = cpuShare();
    const load = os.loadavg()[0];
    log(`machine load ${load.toFixed(1)}, this process gets ${(share * 100).toFixed(0)}% of a core`);
    const results: { name: string; api: Cannon; baseline: Cannon }[] = [];
    for (const e of endpoints) {
      log(`${e.name}: API and baseline, ${SEGMENTS} alternating segments`);
      const [a, b] = await cannonPair({ base: api.base, pid: api.child.pid!, requests: e.requests }, { base: baseline.base, pid: baseline.child.pid!, requests: e.requests }, { duration: DURATION, warmup: WARMUP, segments: SEGMENTS, connections: CONNECTIONS });
      log(`  API ${a.rps.toFixed(0)} req/s p99 ${ms(a.p99)} ms ${a.cpuUsPerRequest.toFixed(0)} µs CPU/req; baseline ${b.rps.toFixed(0)} req/s p99 ${ms(b.p99)} ms ${b.cpuUsPerRequest.toFixed(0)} µs CPU/req; ratio ${(a.rps / b.rps).toFixed(2)}`);
      results.push({ name: e.name, api: a, baseline: b });
    }

    const lines: string[] = [];
    const table = (head: string[], rows: (string | number)[][]) => lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`), '');
    lines.push(
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${String(version).split(' on ')[0]}.`,
      `Dataset: ${seeded.counts.items.toLocaleString('en')} patrimony items, ${seeded.counts.movements.toLocaleString('en')} movements, 200 products, 100 sections in 5 stocks, one organization${QUICK ? ' (BENCH_QUICK)' : ''}. autocannon ${CONNECTIONS} connections, ${DURATION} s per server per endpoint in ${SEGMENTS} alternating segments after ${WARMUP} s warm-up; server LOG_LEVEL=${serverEnv.LOG_LEVEL}; load average ${load.toFixed(1)}, runner got ${(share * 100).toFixed(0)}% of a core.`,
      '',
    );
    table(
      ['request', 'API req/s', 'API p50 (ms)', 'API p99 (ms)', 'baseline req/s', 'baseline p50', 'baseline p99', 'ratio (req/s)', 'server CPU µs/request: API / baseline'],
      results.map((e) => {
        const ok = (c: Cannon) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
        return [e.name, `${e.api.rps.toFixed(0)}${ok(e.api)}`, ms(e.api.p50), ms(e.api.p99), `${e.baseline.rps.toFixed(0)}${ok(e.baseline)}`, ms(e.baseline.p50), ms(e.baseline.p99), (e.api.rps / e.baseline.rps).toFixed(2), `${e.api.cpuUsPerRequest.toFixed(0)} / ${e.baseline.cpuUsPerRequest.toFixed(0)}`];
      }),
    );
    table(['seed step', 'time'], [...Object.entries(seeded.timings).map(([k, v]) => [k, `${(v / 1000).toFixed(1)} s`]), ['migrations (empty database)', `${(migrateMs / 1000).toFixed(1)} s`], ['total seed', `${(seedMs / 1000).toFixed(1)} s`]]);
    lines.push(`Search terms: ${terms.map((x) => `\`${x}\``).join(', ')}.`, '');
    const report = lines.join('\n');
    console.log('\n' + report);
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, report);
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    if (api) await stopServer(api.child);
    if (baseline) await stopServer(baseline.child);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => log(`could not drop ${dbName}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
