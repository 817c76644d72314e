/**
 * Dashboard benchmark: `npx tsx apps/api/bench/dashboard.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_dash_<random>` database, dropped at the end) and on PGlite (a fresh
 * data directory): the datasets of the earlier issues' benchmarks in ONE organization — the warehouse
 * (bench/warehouse-seed.ts: 200,000 patrimony items, 200 products, 100 sections), the field service
 * (bench/activity-seed.ts: 500,000 work orders, 40 technicians) and the circuits
 * (bench/circuit-seed.ts: 5,000 circuits, 100,000 unavailability periods, 50 down now), each seeded in
 * its own organization and then moved into the warehouse's — plus what the dashboard counts:
 * requests waiting (patrimony and shipments), shipments on their way to the user's unit, items held
 * unconfirmed, consumables and products below their minimum. The user is a technician of the
 * activity dataset with every permission and ORG (every card and every figure).
 *
 * Then the real server (`src/main.ts`) and autocannon at 50 connections on `GET /api/dashboard`,
 * alternating segments with the baseline measured in the same run on the same server:
 * `GET /api/user/notification?page=1&pageSize=10` (one indexed read behind the same authentication,
 * the cheapest list of the API). The goal is p99 under 100 ms at 50 connections on PostgreSQL.
 * Also: the cards' statement alone in process (median, p99 of 200) and the key figures' computation
 * (cold, once a minute per organization).
 *
 * Env: BENCH_QUICK=1 (a tenth of the dataset, shorter runs), BENCH_BACKENDS=postgres,pglite,
 * BENCH_PG_URL (maintenance database), BENCH_DURATION (seconds per server per request), BENCH_OUT,
 * BENCH_KEEP=1 (keep the PostgreSQL database, to EXPLAIN the statements), BENCH_DEBUG=1 (first a 4-s
 * sample at 50 connections with autocannon's raw figures: status codes, errors, latency percentiles).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { MODULE_PERMISSIONS } from '@operacoes/contract';
import { loadConfig } from '../src/config';
import type { CurrentUser } from '../src/core/access';
import { type Db, openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { dashboardCards } from '../src/modules/dashboard/cards';
import { organizationFigures } from '../src/modules/dashboard/figures';
import { seedActivities } from './activity-seed';
import { seedCircuits } from './circuit-seed';
import { type Cannon, benchDatabase, cannonPair, cpuShare, ms, publishReport, sqlSteps, startServer, stopServer } from './harness';
import { seedWarehouse } from './warehouse-seed';

const QUICK = process.env.BENCH_QUICK === '1';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[];
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = QUICK ? 0.1 : 1;
const SIZE = {
  items: Math.round(200_000 * SCALE),
  activities: Math.round(500_000 * SCALE),
  circuits: Math.round(5_000 * SCALE),
  periods: Math.round(100_000 * SCALE),
};
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 4 : 12));
const RUN = { duration: DURATION, segments: QUICK ? 1 : 3, warmup: QUICK ? 2 : 3, connections: 50 };
const JWT_SECRET = randomBytes(32).toString('base64url');
const PASSWORD = 'bench-password-123';
const ALL = [...MODULE_PERMISSIONS.map((p) => p.name)];

const log = (msg: string) => console.log(`[bench-dashboard ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/**
 * PGlite prepares every statement, so the seeds' `ANALYZE a; ANALYZE b` (written for PostgreSQL)
 * would fail there: this handle runs such a maintenance list one statement at a time.
 */
function oneStatementAtATime(db: Db): Db {
  const dialect = (db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string } } }).dialect;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: SQL) => {
        const parts = dialect.sqlToQuery(query).sql.split(';').map((p) => p.trim()).filter(Boolean);
        if (parts.length < 2 || !parts.every((p) => /^(ANALYZE|VACUUM)\b/i.test(p))) return target.execute(query);
        let last: Awaited<ReturnType<Db['execute']>> | undefined;
        for (const p of parts) last = await target.execute(sql.raw(p));
        return last;
      };
    },
  });
}

/** The three datasets in one organization, and the rows the cards count. */
async function seed(plain: Db) {
  const db = oneStatementAtATime(plain);
  const { run, timed, timings } = sqlSteps(db, log);
  const warehouse = await seedWarehouse(db, { items: SIZE.items, movementsPerItem: 1, stocks: 5, sectionsPerStock: 20, products: 200 }, 'not-used', log);
  const activities = await seedActivities(db, { activities: SIZE.activities, technicians: 40, days: 730 }, log);
  // Both seeds name the same CNPJ (unique): the activities' organization is merged away below anyway.
  await run(`UPDATE organization SET cnpj = NULL WHERE id = ${activities.organizationId}`);
  const circuits = await seedCircuits(db, { sites: 2_000, circuits: SIZE.circuits, periods: SIZE.periods, months: 24 }, log);
  const o = warehouse.organizationId;
  const u = activities.technicianIds[0];
  await timed('one organization, the dashboard rows', async () => {
    const tables = await run<{ table_name: string }>(`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'organization_id' AND table_name <> 'organization'`);
    for (const { table_name } of tables) await run(`UPDATE "${table_name}" SET organization_id = ${o} WHERE organization_id IN (${activities.organizationId}, ${circuits.organizationId})`);
    const [{ unit, stock }] = await run<{ unit: number; stock: number }>(`SELECT unit_organizational_id AS unit, id AS stock FROM stock WHERE organization_id = ${o} ORDER BY id LIMIT 1`);
    await run(`UPDATE "user" SET permissions = '{${[...ALL].join(',')}}'::text[], unit_organizational_id = ${unit} WHERE id = ${u}`);
    const requester = warehouse.userId;
    // Patrimony requests: 300 to approve, 100 to deliver, 2,000 delivered (history).
    await run(`INSERT INTO patrimony_solicitation (organization_id, kind, status, requester_id, reason, search_text)
      SELECT ${o}, 'retirada', CASE WHEN g <= 300 THEN 'pendente' WHEN g <= 400 THEN 'aprovada' ELSE 'entregue' END, ${requester}, 'Pedido de bancada ' || g, 'pedido ' || g FROM generate_series(1, 2400) g`);
    // Shipment requests: 50 pending, 500 approved; shipments: 20 on their way to the user's unit, 1,000 received.
    await run(`INSERT INTO shipment_solicitation (organization_id, origin_stock_id, destination_type, recipient_name, recipient_email, justification, status, requester_id, search_text)
      SELECT ${o}, ${stock}, 'pessoa', 'Destinatário ' || g, 'dest' || g || '@bench.com.br', 'Envio de bancada', CASE WHEN g <= 50 THEN 'pendente' ELSE 'aprovada' END, ${requester}, 'envio ' || g FROM generate_series(1, 550) g`);
    await run(`INSERT INTO shipment (organization_id, origin_stock_id, destination_type, destination_unit_id, recipient_name, recipient_email, status, dispatched_at, received_at, search_text)
      SELECT ${o}, ${stock}, 'unidade', ${unit}, 'Unidade ' || g, 'unidade' || g || '@bench.com.br', CASE WHEN g <= 20 THEN 'enviado' ELSE 'recebido' END, now() - g * interval '1 hour', CASE WHEN g > 20 THEN now() END, 'envio ' || g FROM generate_series(1, 1020) g`);
    // Five items held by the user, unconfirmed.
    await run(`UPDATE patrimony SET status = 'em_uso', holder_user_id = ${u}, section_id = NULL, stock_id = NULL WHERE id IN (SELECT id FROM patrimony WHERE organization_id = ${o} ORDER BY id LIMIT 5)`);
    // Ten item products whose minimum is above what they have (about 1,000 available each), 50 consumables in every section, five below their minimum.
    await run(`UPDATE product SET minimum_quantity = 1200 WHERE id IN (SELECT id FROM product WHERE organization_id = ${o} AND tracking = 'patrimonio' ORDER BY id LIMIT 10)`);
    await run(`INSERT INTO product (organization_id, code, name, tracking, unit_of_measure, minimum_quantity, price, search_text)
      SELECT ${o}, 'CNS' || lpad(g::text, 3, '0'), 'Consumível ' || g, 'consumivel', 'm', CASE WHEN g <= 5 THEN 100000 ELSE 10 END, (1 + g % 20)::numeric(14,2), 'cns' || g FROM generate_series(1, 50) g`);
    await run(`INSERT INTO consumable_balance (organization_id, stock_id, section_id, product_id, quantity)
      SELECT ${o}, s.stock_id, s.id, p.id, 10 + (s.id + p.id) % 90 FROM section s CROSS JOIN product p WHERE s.organization_id = ${o} AND p.organization_id = ${o} AND p.tracking = 'consumivel'`);
    for (const t of ['patrimony_solicitation', 'shipment_solicitation', 'shipment', 'patrimony', 'product', 'consumable_balance', '"user"', 'external_activity', 'external_activity_technician', 'circuit', 'circuit_unavailability']) await run(`VACUUM ANALYZE ${t}`);
  });
  return { organizationId: o, userId: u, timings: { ...warehouse.timings, ...activities.timings, ...circuits.timings, ...timings } };
}

type Result = {
  backend: string;
  version: string;
  seedMs: number;
  statement: { p50: number; p99: number };
  figuresColdMs: number;
  alone: { median: number; worst: number };
  dashboard: Cannon;
  baseline: Cannon;
  cards: string;
  load: number;
  share: number;
};

async function bench(kind: 'postgres' | 'pglite'): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `operacoes-bench-dash-${kind}-`));
  const pg = kind === 'postgres' ? await benchDatabase(PG_SERVER, 'bench_dash') : undefined;
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl: pg?.url, pgliteDir: pg ? undefined : path.join(dataDir, 'pglite') });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    log(`${kind}: seeding ${SIZE.items.toLocaleString('en')} items, ${SIZE.activities.toLocaleString('en')} work orders, ${SIZE.circuits.toLocaleString('en')} circuits with ${SIZE.periods.toLocaleString('en')} periods`);
    const seeded = await seed(database.db);
    const seedMs = performance.now() - t0;
    const [{ version }] = (await database.db.execute<{ version: string }>(sql`select version()`)).rows;

    // In process: the cards' statement alone, and the figures' cold computation.
    const user: CurrentUser = { id: seeded.userId, username: 'bench', organizationId: seeded.organizationId, superAdmin: false, permissions: ALL, tokenVersion: 0 };
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const t = performance.now();
      await dashboardCards(database.db, user);
      if (i >= 20) times.push(performance.now() - t);
    }
    const tf = performance.now();
    await organizationFigures(database.db, seeded.organizationId);
    const figuresColdMs = performance.now() - tf;
    const cardRows = await dashboardCards(database.db, user);
    const cards = cardRows.map((c) => `${c.key} ${c.count}`).join(', ');
    log(`${kind}: cards statement p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms; figures cold ${ms(figuresColdMs)} ms; ${cards}`);
    await database.close();

    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, seeded.organizationId);
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${api.base}/api/dashboard`, { headers });
    if (first.status !== 200) throw new Error(`GET /api/dashboard: ${first.status} ${await first.text()}`);
    const aloneTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(`${api.base}/api/dashboard`, { headers })).arrayBuffer();
      aloneTimes.push(performance.now() - t);
    }
    aloneTimes.sort((a, b) => a - b);
    const share = cpuShare();
    const load = os.loadavg()[0];
    log(`${kind}: machine load ${load.toFixed(1)}, this process gets ${(share * 100).toFixed(0)}% of a core; autocannon ${RUN.connections} connections`);
    if (process.env.BENCH_DEBUG) {
      const { default: autocannon } = await import('autocannon');
      const r = await autocannon({ url: api.base, connections: 50, duration: 4, timeout: 30, requests: [{ method: 'GET', path: '/api/dashboard', headers }] });
      log(`debug: ${JSON.stringify({ total: r.requests.total, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, codes: r.statusCodeStats, lat: r.latency })}`);
    }
    const target = (p: string) => ({ base: api!.base, pid: api!.child.pid!, requests: [{ path: p, headers }] });
    const [dashboard, baseline] = await cannonPair(target('/api/dashboard'), target('/api/user/notification?page=1&pageSize=10'), RUN);
    log(`${kind}: dashboard ${dashboard.rps.toFixed(0)} req/s p99 ${ms(dashboard.p99)} ms; baseline ${baseline.rps.toFixed(0)} req/s p99 ${ms(baseline.p99)} ms`);
    return { backend: kind, version: kind === 'postgres' ? pg!.version : String(version).split(' on ')[0] + ' (PGlite)', seedMs, statement: { p50: percentile(times, 50), p99: percentile(times, 99) }, figuresColdMs, alone: { median: aloneTimes[10], worst: aloneTimes[19] }, dashboard, baseline, cards, load, share };
  } finally {
    if (api) await stopServer(api.child);
    // BENCH_KEEP=1 keeps the PostgreSQL database (for EXPLAIN).
    if (pg && process.env.BENCH_KEEP === '1') log(`kept ${pg.url}`);
    else if (pg) await pg.drop().catch((e) => log(`could not drop ${pg.name}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  const results: Result[] = [];
  for (const kind of BACKENDS) results.push(await bench(kind));
  const ok = (c: Cannon) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
  const lines = [
    `Run: ${new Date().toUTCString()}; ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}.`,
    `Dataset (one organization${QUICK ? ', BENCH_QUICK' : ''}): ${SIZE.items.toLocaleString('en')} patrimony items, 250 products (50 consumables in 100 sections), ${SIZE.activities.toLocaleString('en')} work orders, ${SIZE.circuits.toLocaleString('en')} circuits with ${SIZE.periods.toLocaleString('en')} unavailability periods, 2,400 patrimony requests, 550 shipment requests, 1,020 shipments. autocannon ${RUN.connections} connections, ${RUN.duration} s per request in ${RUN.segments} alternating segments after ${RUN.warmup} s warm-up.`,
    '',
    '| database | cards statement in process: p50 / p99 (ms) | figures, cold (ms) | alone: median / worst of 20 (ms) | request | req/s at 50 conn. | p50 (ms) | p99 (ms) | server CPU µs/request |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.flatMap((r) => [
      `| ${r.version} (load ${r.load.toFixed(1)}, runner ${(r.share * 100).toFixed(0)}% of a core) | ${ms(r.statement.p50)} / ${ms(r.statement.p99)} | ${ms(r.figuresColdMs)} | ${ms(r.alone.median)} / ${ms(r.alone.worst)} | \`GET /api/dashboard\` | ${r.dashboard.rps.toFixed(0)}${ok(r.dashboard)} | ${ms(r.dashboard.p50)} | **${ms(r.dashboard.p99)}** | ${r.dashboard.cpuUsPerRequest.toFixed(0)} |`,
      `| | | | | baseline \`GET /api/user/notification?page=1&pageSize=10\` | ${r.baseline.rps.toFixed(0)}${ok(r.baseline)} | ${ms(r.baseline.p50)} | ${ms(r.baseline.p99)} | ${r.baseline.cpuUsPerRequest.toFixed(0)} |`,
    ]),
    '',
    ...results.map((r) => `Cards (${r.backend}): ${r.cards}. Seed and migrations: ${(r.seedMs / 1000).toFixed(0)} s.`),
    '',
  ];
  publishReport(lines.join('\n'), started, log);
}

await main();
