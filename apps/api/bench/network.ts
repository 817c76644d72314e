/**
 * Network benchmark (sites and assets): `npx tsx apps/api/bench/network.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_net_<random>` database on the local server, dropped at the end):
 *   1. seed 10,000 sites, 50,000 network assets and 200,000 interfaces in one organization
 *      (bench/network-seed.ts), timed step by step;
 *   2. start the real server (`src/main.ts`, default settings) and the baseline
 *      (`bench/network-baseline.ts`: node:http + pg, the same statements, JWT check and JSON),
 *      check they answer identically;
 *   3. autocannon, 50 connections, alternating segments on `GET /api/asset?search=…` (hostnames,
 *      vendors, models, IP and serial fragments): req/s, p50, p99, the ratio API ÷ baseline and
 *      server CPU per request.
 * The operator circuits add their SLA report here.
 *
 * Env: BENCH_QUICK=1 (a tenth of the rows, shorter runs), BENCH_PG_URL (maintenance database,
 * default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION (seconds per server),
 * BENCH_LOG_LEVEL, BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { type Cannon, cannonPair, cpuShare, ms, sameAnswers, startServer, stopServer } from './harness';
import { seedNetwork } from './network-seed';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZE = QUICK ? { sites: 1_000, assets: 5_000, interfacesPerAsset: 4 } : { sites: 10_000, assets: 50_000, interfacesPerAsset: 4 };
const LOAD = { duration: Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 12)), warmup: QUICK ? 1 : 3, segments: QUICK ? 1 : 3, connections: 50 };
const JWT_SECRET = randomBytes(32).toString('base64url');
const PASSWORD = 'bench-password-123';
const log = (msg: string) => console.log(`[bench-network ${new Date().toISOString().slice(11, 19)}] ${msg}`);

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
  const dbName = `bench_net_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(PG_SERVER);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-net-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const [{ version }] = await admin('select version()');
    log(`PostgreSQL: ${String(version).split(' on ')[0]}; seeding ${SIZE.sites} sites, ${SIZE.assets} assets × ${SIZE.interfacesPerAsset} interfaces into ${dbName}`);
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl });
    const migrateMs = performance.now() - t0;
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    const t1 = performance.now();
    const seeded = await seedNetwork(database.db, SIZE, log);
    const seedMs = performance.now() - t1;
    const serials = (await database.db.execute<{ s: string }>(sql.raw(`select substr(serial, 2, 6) as s from network_asset where organization_id = ${seeded.organizationId} order by md5(id::text) limit 4`))).rows.map((r) => r.s.toLowerCase());
    await database.close();

    const terms = ['mikrotik ccr', 'rt-cwb', 'huawei olt', 'RÁDIO ubiquiti', 'juniper mx204', 'sw-joi-0', '10.0.1', '10.0.200.17', 'firewall cisco', 'intelbras', 'olt-poa-1', ...serials];
    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, seeded.organizationId);
    const headers = { authorization: `Bearer ${token}` };
    const requests = terms.map((term) => ({ path: `/api/asset?page=1&pageSize=10&search=${encodeURIComponent(term)}`, headers }));

    const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
    api = await startServer('src/main.ts', serverEnv);
    baseline = await startServer('bench/network-baseline.ts', { DATABASE_URL: databaseUrl, JWT_SECRET });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s (pid ${api.child.pid}), baseline up (pid ${baseline.child.pid})`);
    await sameAnswers(api.base, baseline.base, requests);
    const sample = await (await fetch(api.base + requests[0].path, { headers })).json();
    log(`"${terms[0]}" finds ${sample.total_items} assets; answers of API and baseline are identical`);
    const share = cpuShare();
    const load = os.loadavg()[0];
    const name = `GET /api/asset?pageSize=10&search=… (${terms.length} terms)`;
    log(`${name}: API and baseline, ${LOAD.segments} alternating segments`);
    const [a, b]: [Cannon, Cannon] = await cannonPair({ base: api.base, pid: api.child.pid!, requests }, { base: baseline.base, pid: baseline.child.pid!, requests }, LOAD);
    log(`  API ${a.rps.toFixed(0)} req/s p99 ${ms(a.p99)} ms; baseline ${b.rps.toFixed(0)} req/s p99 ${ms(b.p99)} ms; ratio ${(a.rps / b.rps).toFixed(2)}`);

    const ok = (c: Cannon) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${String(version).split(' on ')[0]}.`,
      `Dataset: ${seeded.counts.sites.toLocaleString('en')} sites, ${seeded.counts.assets.toLocaleString('en')} network assets, ${seeded.counts.interfaces.toLocaleString('en')} interfaces, one organization${QUICK ? ' (BENCH_QUICK)' : ''}. autocannon ${LOAD.connections} connections, ${LOAD.duration} s per server in ${LOAD.segments} alternating segments after ${LOAD.warmup} s warm-up; server LOG_LEVEL=${serverEnv.LOG_LEVEL}; load average ${load.toFixed(1)}, runner got ${(share * 100).toFixed(0)}% of a core.`,
      '',
      '| request | API req/s | API p50 (ms) | API p99 (ms) | baseline req/s | baseline p50 | baseline p99 | ratio (req/s) | server CPU µs/request: API / baseline |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${name} | ${a.rps.toFixed(0)}${ok(a)} | ${ms(a.p50)} | ${ms(a.p99)} | ${b.rps.toFixed(0)}${ok(b)} | ${ms(b.p50)} | ${ms(b.p99)} | ${(a.rps / b.rps).toFixed(2)} | ${a.cpuUsPerRequest.toFixed(0)} / ${b.cpuUsPerRequest.toFixed(0)} |`,
      '',
      '| seed step | time |',
      '|---|---|',
      ...Object.entries(seeded.timings).map(([k, v]) => `| ${k} | ${(v / 1000).toFixed(1)} s |`),
      `| migrations (empty database) | ${(migrateMs / 1000).toFixed(1)} s |`,
      `| total seed | ${(seedMs / 1000).toFixed(1)} s |`,
      '',
      `Search terms: ${terms.map((x) => `\`${x}\``).join(', ')}.`,
      '',
    ];
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
