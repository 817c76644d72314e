/**
 * Operator circuits benchmark: `npx tsx apps/api/bench/circuit.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_circ_<random>` database on the local server, dropped at the end):
 *   1. seed 5,000 circuits with 100,000 unavailability periods over two years (bench/circuit-seed.ts);
 *   2. start the real server (`src/main.ts`) and the baseline (`bench/circuit-baseline.ts`: node:http + pg,
 *      the same SQL and report math, the same JWT check and JSON) and check they answer identically;
 *   3. time the report alone (one request at a time: median and worst of 20), then autocannon at 50
 *      connections on `GET /api/circuit/sla?month=…` (last month, every circuit), API and baseline in
 *      alternating segments: req/s, p50, p99, ratio, server CPU per request.
 *
 * Env: BENCH_QUICK=1 (shorter runs), BENCH_CIRCUITS, BENCH_PERIODS, BENCH_PG_URL (maintenance database,
 * default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION, BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { DEFAULT_TIME_ZONE } from '@operacoes/contract';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../src/core/db';
import { Tokens } from '../src/core/tokens';
import { loadConfig } from '../src/config';
import { Passwords } from '../src/core/passwords';
import { seedBase } from '../src/db/seed';
import { seedCircuits } from './circuit-seed';
import { type Cannon, benchDatabase, cannonPair, cpuShare, ms, publishReport, sameAnswers, startServer, stopServer } from './harness';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CIRCUITS = Number(process.env.BENCH_CIRCUITS ?? 5_000);
const PERIODS = Number(process.env.BENCH_PERIODS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 4 : 12));
const RUN = { duration: DURATION, segments: QUICK ? 1 : 3, warmup: QUICK ? 1 : 3, connections: 50 };
const JWT_SECRET = randomBytes(32).toString('base64url');

const log = (msg: string) => console.log(`[bench-circuit ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** The previous month in São Paulo ("YYYY-MM"): complete, so both servers count the same minutes. */
function lastMonth(): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_circ');
  const databaseUrl = bench.url;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-circ-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const version = bench.version;
    log(`PostgreSQL: ${version}; seeding ${CIRCUITS.toLocaleString('en')} circuits and ${PERIODS.toLocaleString('en')} periods into ${bench.name}`);
    const database = await openDatabase({ databaseUrl });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    const t1 = performance.now();
    const seeded = await seedCircuits(database.db, { sites: 2_000, circuits: CIRCUITS, periods: PERIODS, months: 24 }, log);
    const seedMs = performance.now() - t1;
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, seeded.organizationId);
    const headers = { authorization: `Bearer ${token}` };
    const month = lastMonth();
    const requests = [{ path: `/api/circuit/sla?month=${month}`, headers }];
    const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
    api = await startServer('src/main.ts', serverEnv);
    baseline = await startServer('bench/circuit-baseline.ts', { DATABASE_URL: databaseUrl, JWT_SECRET });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s (pid ${api.child.pid}), baseline up (pid ${baseline.child.pid})`);
    await sameAnswers(api.base, baseline.base, requests);
    const sample = (await (await fetch(api.base + requests[0].path, { headers })).json()) as { items: { breached: boolean; incidents: number }[] };
    const breached = sample.items.filter((i) => i.breached).length;
    const incidents = sample.items.reduce((a, i) => a + i.incidents, 0);
    log(`${month}: ${sample.items.length} circuits, ${incidents} counted incidents, ${breached} breached; answers of API and baseline are identical`);

    // One request at a time: the report's own latency.
    const single = async (base: string) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await (await fetch(base + requests[0].path, { headers })).arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { median: times[10], worst: times[19] };
    };
    const alone = { api: await single(api.base), baseline: await single(baseline.base) };
    log(`alone: API median ${ms(alone.api.median)} ms (worst ${ms(alone.api.worst)}), baseline median ${ms(alone.baseline.median)} ms (worst ${ms(alone.baseline.worst)})`);

    const share = cpuShare();
    const load = os.loadavg()[0];
    log(`machine load ${load.toFixed(1)}, this process gets ${(share * 100).toFixed(0)}% of a core`);
    const [a, b]: [Cannon, Cannon] = await cannonPair({ base: api.base, pid: api.child.pid!, requests }, { base: baseline.base, pid: baseline.child.pid!, requests }, RUN);
    log(`API ${a.rps.toFixed(1)} req/s p99 ${ms(a.p99)} ms; baseline ${b.rps.toFixed(1)} req/s p99 ${ms(b.p99)} ms; ratio ${(a.rps / b.rps).toFixed(2)}`);

    const ok = (c: Cannon) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${version}.`,
      `Dataset: ${seeded.counts.circuits.toLocaleString('en')} circuits (8 carriers, 2,000 sites), ${seeded.counts.periods.toLocaleString('en')} unavailability periods over 24 months (${incidents.toLocaleString('en')} counted incidents touch ${month}; ${breached} circuits breached); one organization${QUICK ? ' (BENCH_QUICK)' : ''}. autocannon ${RUN.connections} connections, ${RUN.duration} s per server in ${RUN.segments} alternating segments after ${RUN.warmup} s warm-up; load average ${load.toFixed(1)}, runner got ${(share * 100).toFixed(0)}% of a core.`,
      '',
      '| request | alone: median / worst of 20 (ms) | req/s at 50 conn. | p50 (ms) | p99 (ms) | server CPU µs/request |',
      '|---|---|---|---|---|---|',
      `| API \`GET /api/circuit/sla?month=${month}\` (all circuits) | ${ms(alone.api.median)} / ${ms(alone.api.worst)} | ${a.rps.toFixed(1)}${ok(a)} | ${ms(a.p50)} | ${ms(a.p99)} | ${a.cpuUsPerRequest.toFixed(0)} |`,
      `| baseline (node:http + pg, same SQL and math) | ${ms(alone.baseline.median)} / ${ms(alone.baseline.worst)} | ${b.rps.toFixed(1)}${ok(b)} | ${ms(b.p50)} | ${ms(b.p99)} | ${b.cpuUsPerRequest.toFixed(0)} |`,
      `| ratio API ÷ baseline (req/s) | | ${(a.rps / b.rps).toFixed(2)} | | | |`,
      '',
      `Seed: ${Object.entries(seeded.timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join('; ')}; total ${(seedMs / 1000).toFixed(1)} s.`,
      '',
    ];
    publishReport(lines.join('\n'), started, log);
  } finally {
    if (api) await stopServer(api.child);
    if (baseline) await stopServer(baseline.child);
    await bench.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
