/**
 * Field-service benchmark: `npx tsx apps/api/bench/activity.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_os_<random>` database on the local server, dropped at the end):
 *   1. seed 500,000 work orders over two years for 40 technicians (bench/activity-seed.ts);
 *   2. start the real server (`src/main.ts`) and the baseline (`bench/activity-baseline.ts`: node:http + pg,
 *      the same SQL, steps and JSON, the same JWT check) and check they answer identically;
 *   3. time the list alone (median and worst of 20), then autocannon at 50 connections on
 *      `GET /api/external-activity?technician=…&status=…` (sorted by due time, the list's default) for
 *      four technicians and two statuses (open work: `agendada`; history: `concluida`), API and
 *      baseline in alternating segments: req/s, p50, p99, ratio, server CPU per request.
 *
 * Env: BENCH_QUICK=1 (shorter runs), BENCH_ACTIVITIES, BENCH_PG_URL (maintenance database,
 * default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION, BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { seedActivities } from './activity-seed';
import { type Cannon, benchDatabase, cannonPair, cpuShare, ms, publishReport, sameAnswers, startServer, stopServer } from './harness';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 500_000);
const TECHNICIANS = 40;
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 4 : 12));
const RUN = { duration: DURATION, segments: QUICK ? 1 : 3, warmup: QUICK ? 1 : 3, connections: 50 };
const JWT_SECRET = randomBytes(32).toString('base64url');

const log = (msg: string) => console.log(`[bench-activity ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_os');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-os-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(`PostgreSQL: ${bench.version}; seeding ${ACTIVITIES.toLocaleString('en')} activities into ${bench.name}`);
    const database = await openDatabase({ databaseUrl: bench.url });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    const t1 = performance.now();
    const seeded = await seedActivities(database.db, { activities: ACTIVITIES, technicians: TECHNICIANS, days: 730 }, log);
    const seedMs = performance.now() - t1;
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, seeded.organizationId);
    const headers = { authorization: `Bearer ${token}` };
    const picked = [0, 9, 21, 33].map((i) => seeded.technicianIds[i]);
    const requests = ['agendada', 'concluida'].flatMap((status) => picked.map((technician) => ({ path: `/api/external-activity?technician=${technician}&status=${status}&page=1&pageSize=20`, headers })));
    const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' };
    api = await startServer('src/main.ts', serverEnv);
    baseline = await startServer('bench/activity-baseline.ts', { DATABASE_URL: bench.url, JWT_SECRET });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s (pid ${api.child.pid}), baseline up (pid ${baseline.child.pid})`);
    await sameAnswers(api.base, baseline.base, requests);
    const totals = await Promise.all(requests.map(async (r) => ((await (await fetch(api!.base + r.path, { headers })).json()) as { total_items: number }).total_items));
    log(`matches per request: ${totals.join(', ')}; answers of API and baseline are identical`);

    const single = async (base: string) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const r = requests[i % requests.length];
        const t0 = performance.now();
        await (await fetch(base + r.path, { headers })).arrayBuffer();
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
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${bench.version}.`,
      `Dataset: ${seeded.counts.activities.toLocaleString('en')} work orders over 730 days, ${TECHNICIANS} technicians (${seeded.counts.links.toLocaleString('en')} assignments), 5 assistance types; one organization${QUICK ? ' (BENCH_QUICK)' : ''}. Requests: 4 technicians × {agendada, concluida}, page of 20 sorted by due time (matches: ${totals.join(', ')}). autocannon ${RUN.connections} connections, ${RUN.duration} s per server in ${RUN.segments} alternating segments after ${RUN.warmup} s warm-up; load average ${load.toFixed(1)}, runner got ${(share * 100).toFixed(0)}% of a core.`,
      '',
      '| request | alone: median / worst of 20 (ms) | req/s at 50 conn. | p50 (ms) | p99 (ms) | server CPU µs/request |',
      '|---|---|---|---|---|---|',
      `| API \`GET /api/external-activity?technician=…&status=…\` | ${ms(alone.api.median)} / ${ms(alone.api.worst)} | ${a.rps.toFixed(1)}${ok(a)} | ${ms(a.p50)} | ${ms(a.p99)} | ${a.cpuUsPerRequest.toFixed(0)} |`,
      `| baseline (node:http + pg, same SQL, steps and JSON) | ${ms(alone.baseline.median)} / ${ms(alone.baseline.worst)} | ${b.rps.toFixed(1)}${ok(b)} | ${ms(b.p50)} | ${ms(b.p99)} | ${b.cpuUsPerRequest.toFixed(0)} |`,
      `| ratio API ÷ baseline | | ${(a.rps / b.rps).toFixed(2)} | | ${(b.p99 / a.p99).toFixed(2)} (baseline p99 ÷ API p99) | |`,
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
