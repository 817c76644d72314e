/**
 * Fibre boxes benchmark: `npx tsx apps/api/bench/viability-cto.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_cto_<random>` database on the local server, dropped at the end):
 *   1. one organization with 20,000 CTOs of 16 ports over a 33 × 30 km city (a box every ~220 m)
 *      and 200 POPs; a third of the boxes full (16 ports held by a service), a third half used;
 *      a fibre template and a viability;
 *   2. the real server (`src/main.ts`, default settings);
 *   3. autocannon, 20 connections, in alternating segments: the feasibility of one address
 *      (`POST /api/viability/unit`: the nearest CTO with a free port within 250 m through the boxes'
 *      bounding box index, else the nearest POP, the bill of materials, a new unit and its version)
 *      over 64 addresses (a quarter outside the boxes' area), and the plain site list of the same 20,200 sites (`GET /api/site?pageSize=10`),
 *      as the yardstick: p50/p99 and their ratio.
 * Plus the nearest-box query's plan (the partial index `site_cto_position_idx`).
 *
 * Env: BENCH_QUICK=1 (shorter runs), BENCH_PG_URL (maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION (seconds per request kind),
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
import { type Cannon, type Target, cannonPair, cpuShare, ms, startServer, stopServer } from './harness';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CTOS = 20_000;
const POPS = 200;
const LOAD = { duration: Number(process.env.BENCH_DURATION ?? (QUICK ? 4 : 12)), warmup: QUICK ? 1 : 3, segments: QUICK ? 1 : 3, connections: 20 };
const JWT_SECRET = randomBytes(32).toString('base64url');
const PASSWORD = 'bench-password-123';
/** The city: south-west corner and size in degrees (Curitiba's latitude: 0,3° ≈ 33 km north–south, 30 km east–west). */
const CITY = { lat: -25.6, lon: -49.45, dLat: 0.3, dLon: 0.3 };
const log = (msg: string) => console.log(`[bench-cto ${new Date().toISOString().slice(11, 19)}] ${msg}`);

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
  const dbName = `bench_cto_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(PG_SERVER);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-cto-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const [{ version }] = await admin('select version()');
    const database = await openDatabase({ databaseUrl });
    database.pool?.on('error', () => undefined);
    const run = async <T = Record<string, unknown>>(text: string) => (await database.db.execute(sql.raw(text))).rows as T[];
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    const t0 = performance.now();
    const [org] = await run<{ id: number }>(`INSERT INTO organization (fantasy_name, legal_name, search_text) VALUES ('Bench Fibra', 'Bench Fibra Ltda', 'bench fibra') RETURNING id`);
    const o = Number(org.id);
    const [person] = await run<{ id: number }>(`INSERT INTO person (organization_id, nickname, full_name) VALUES (${o}, 'Vendas', 'Vendedor') RETURNING id`);
    const [user] = await run<{ id: number }>(`INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
      VALUES (${o}, ${person.id}, 'bench.vendas', 'bench.vendas@bench.com.br', 'not-used', '{VIABILITY,SITE.INDEX}'::text[], '{}'::jsonb, 'bench.vendas') RETURNING id`);
    // Boxes on a jittered grid; POPs spread over the same city.
    await run(`INSERT INTO site (organization_id, code, name, type, status, latitude, longitude, splitter_ratio, port_count, search_text)
      SELECT ${o}, 'CTO-' || g, 'CTO ' || g, 'cto', 'ativo',
             ${CITY.lat} + ${CITY.dLat} * ((g::bigint * 7919) % 100003) / 100003.0, ${CITY.lon} + ${CITY.dLon} * ((g::bigint * 104729) % 100019) / 100019.0, '1:16', 16, 'cto-' || g
      FROM generate_series(1, ${CTOS}) g`);
    await run(`INSERT INTO site (organization_id, code, name, type, status, latitude, longitude, search_text)
      SELECT ${o}, 'POP-' || g, 'POP ' || g, 'pop', 'ativo',
             ${CITY.lat} + ${CITY.dLat} * ((g::bigint * 3571) % 1009) / 1009.0, ${CITY.lon} + ${CITY.dLon} * ((g::bigint * 6163) % 1013) / 1013.0, 'pop-' || g
      FROM generate_series(1, ${POPS}) g`);
    const [svc] = await run<{ id: number }>(`INSERT INTO svc (organization_id, code, client_name, client_document, type, bandwidth_mbps, status, search_text)
      VALUES (${o}, 'SVC-BENCH', 'Clientes FTTH', '11444777000161', 'internet_dedicada', 300, 'ativo', 'svc-bench') RETURNING id`);
    // A third of the boxes full, a third with ports 1–8 used, a third empty.
    await run(`INSERT INTO cto_port (organization_id, site_id, port, svc_id)
      SELECT ${o}, s.id, p, ${svc.id} FROM site s CROSS JOIN generate_series(1, 16) p
      WHERE s.organization_id = ${o} AND s.type = 'cto' AND (s.id % 3 = 0 OR (s.id % 3 = 1 AND p <= 8))`);
    await run('ANALYZE site; ANALYZE cto_port');
    const [{ n: held }] = await run<{ n: number }>(`SELECT count(*)::int AS n FROM cto_port WHERE organization_id = ${o}`);
    const products: number[] = [];
    for (const [code, price] of [['DROP', '0.62'], ['CON', '3.90'], ['ONU', '289.90']]) {
      const [p] = await run<{ id: number }>(`INSERT INTO product (organization_id, code, name, tracking, unit_of_measure, price, search_text) VALUES (${o}, '${code}', '${code}', 'consumivel', 'un', ${price}, '${code.toLowerCase()}') RETURNING id`);
      products.push(p.id);
    }
    const [template] = await run<{ id: number }>(`INSERT INTO viability_unit_template (organization_id, name, medium, items, labour_cost, labour_per_meter, search_text)
      VALUES (${o}, 'FTTH', 'fibra_propria', '${JSON.stringify(products.map((id, i) => ({ product_id: id, quantity: i === 0 ? 1.1 : 1, per_meter: i === 0 })))}'::jsonb, 180, 0.9, 'ftth') RETURNING id`);
    const [viability] = await run<{ id: number }>(`INSERT INTO viability (organization_id, code, client_name, client_document, service_type, bandwidth_mbps, seller_id, search_text)
      VALUES (${o}, 'VIA-000001', 'Bench', '11444777000161', 'internet_dedicada', 300, ${user.id}, 'bench') RETURNING id`);
    const seedMs = performance.now() - t0;
    log(`seeded ${CTOS} CTOs (${held} ports held), ${POPS} POPs in ${(seedMs / 1000).toFixed(1)} s`);

    // The nearest-box query's plan at the city's centre: the partial index, not a scan of 20,200 sites.
    const centre = { lat: CITY.lat + CITY.dLat / 2, lon: CITY.lon + CITY.dLon / 2 };
    const dLat = 250 / 111_320;
    const dLon = 250 / (111_320 * Math.cos((centre.lat * Math.PI) / 180));
    const plan = (
      await run<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM site WHERE organization_id = ${o} AND type = 'cto' AND status = 'ativo' AND latitude IS NOT NULL
        AND latitude BETWEEN ${centre.lat - dLat} AND ${centre.lat + dLat} AND longitude BETWEEN ${centre.lon - dLon} AND ${centre.lon + dLon}`)
    ).map((r) => r['QUERY PLAN']);
    const indexed = plan.some((l) => l.includes('site_cto_position_idx'));
    log(`nearest-box plan: ${plan[0].trim()}${indexed ? ' (site_cto_position_idx)' : ''}`);
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(Number(user.id), 0, o);
    const headers = { authorization: `Bearer ${token}` };
    // 64 addresses (deterministic): three in four inside the city, one in four 5,5 km south of it (no box
    // in reach: the POP decides, and the POP search's box grows).
    const addresses = Array.from({ length: 64 }, (_, i) => ({
      latitude: CITY.lat + CITY.dLat * (((i * 37) % 64) + 0.5) / 64 - (i % 4 === 3 ? CITY.dLat + 0.05 : 0),
      longitude: CITY.lon + CITY.dLon * (((i * 23) % 64) + 0.5) / 64,
    }));
    const body = (a: { latitude: number; longitude: number }, i: number) =>
      JSON.stringify({ viability_id: viability.id, template_id: template.id, name: `Unidade ${i}`, address: `Endereço ${i}`, latitude: a.latitude, longitude: a.longitude });
    const feasibility = addresses.map((a, i) => ({ method: 'POST', path: '/api/viability/unit', headers: { ...headers, 'content-type': 'application/json' }, body: body(a, i) }));
    const list = [{ path: '/api/site?page=1&pageSize=10', headers }];

    const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
    api = await startServer('src/main.ts', serverEnv);
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s (pid ${api.child.pid})`);
    // What the addresses get, once (and that the route answers 201).
    const verdicts: Record<string, number> = {};
    for (const r of feasibility) {
      const res = await fetch(api.base + r.path, { method: 'POST', headers: r.headers, body: r.body });
      if (res.status !== 201) throw new Error(`POST /api/viability/unit answered ${res.status}: ${await res.text()}`);
      const unit = (await res.json()) as { verdict: string; calculation: { cto?: unknown } };
      const kind = unit.calculation.cto ? 'CTO com porta livre' : unit.verdict === 'inviavel' ? 'inviável' : 'construção a partir do POP';
      verdicts[kind] = (verdicts[kind] ?? 0) + 1;
    }
    log(`addresses: ${JSON.stringify(verdicts)}`);
    const sites = (await (await fetch(api.base + list[0].path, { headers })).json()) as { total_items: number };

    const share = cpuShare();
    const load = os.loadavg()[0];
    const pid = api.child.pid!;
    const [a, b]: [Cannon, Cannon] = await cannonPair({ base: api.base, pid, requests: feasibility } as Target, { base: api.base, pid, requests: list }, LOAD);
    log(`feasibility p50 ${ms(a.p50)} ms p99 ${ms(a.p99)} ms ${a.rps.toFixed(0)} req/s; site list p50 ${ms(b.p50)} ms p99 ${ms(b.p99)} ms ${b.rps.toFixed(0)} req/s`);
    const ok = (c: Cannon) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${String(version).split(' on ')[0]}.`,
      `Dataset: ${CTOS.toLocaleString('en')} CTOs of 16 ports and ${POPS} POPs over ${(CITY.dLat * 111).toFixed(0)} × ${(CITY.dLon * 100).toFixed(0)} km (${sites.total_items.toLocaleString('en')} sites), ${held.toLocaleString('en')} ports held (a third of the boxes full, a third half used); seeded in ${(seedMs / 1000).toFixed(1)} s. autocannon ${LOAD.connections} connections, ${LOAD.duration} s per request kind in ${LOAD.segments} alternating segments after ${LOAD.warmup} s warm-up; server LOG_LEVEL=${serverEnv.LOG_LEVEL}; load average ${load.toFixed(1)}, runner got ${(share * 100).toFixed(0)}% of a core.`,
      '',
      '| request | req/s | p50 (ms) | p99 (ms) | server CPU µs/request |',
      '|---|---|---|---|---|',
      `| feasibility of one address: \`POST /api/viability/unit\` (64 addresses) | ${a.rps.toFixed(0)}${ok(a)} | ${ms(a.p50)} | ${ms(a.p99)} | ${a.cpuUsPerRequest.toFixed(0)} |`,
      `| plain site list: \`GET /api/site?page=1&pageSize=10\` | ${b.rps.toFixed(0)}${ok(b)} | ${ms(b.p50)} | ${ms(b.p99)} | ${b.cpuUsPerRequest.toFixed(0)} |`,
      `| ratio feasibility ÷ list | ${(a.rps / b.rps).toFixed(2)} | ${(a.p50 / b.p50).toFixed(2)} | ${(a.p99 / b.p99).toFixed(2)} | ${(a.cpuUsPerRequest / b.cpuUsPerRequest).toFixed(2)} |`,
      '',
      `The 64 addresses: ${Object.entries(verdicts).map(([k, v]) => `${v} ${k}`).join(', ')}.`,
      '',
      `Nearest-box query plan (250 m box at the centre): ${plan.map((l) => `\`${l.trim()}\``).join(' → ')}.`,
      '',
    ];
    const report = lines.join('\n');
    console.log('\n' + report);
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, report);
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    if (api) await stopServer(api.child);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => log(`could not drop ${dbName}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
