/**
 * The IP plan's overlap check: `npx tsx apps/api/bench/svc.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_svc_<random>` database, dropped at the end) and on embedded PGlite:
 *   1. seed 100,000 SVC blocks in one organization (90 % IPv4 /30, 10 % IPv6 /64), by SQL;
 *   2. start the real server (`src/main.ts`) on that database;
 *   3. one request at a time, in alternating rounds, time `POST /api/svc` three ways:
 *      - the baseline: the same body without `ip_block` (the kit's write with no overlap check),
 *      - a free block (checked against the 100,000, then written),
 *      - an overlapping block (checked, refused with 409);
 *   4. time the check's statement alone in process, and show its plan (the GiST index).
 * The figures: median and p95 per write, and the ratio to the baseline write.
 *
 * Env: BENCH_QUICK=1 (10,000 blocks, fewer writes), BENCH_PG_URL (maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@operacoes/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { benchDatabase, cpuShare, ms, publishReport, sqlSteps, startServer, stopServer } from './harness';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BLOCKS = QUICK ? 10_000 : 100_000;
const ROUNDS = QUICK ? 40 : 200;
const JWT_SECRET = randomBytes(32).toString('base64url');
const PASSWORD = 'bench-password-123';
const log = (msg: string) => console.log(`[bench-svc ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** One organization, a user with SVC, and `blocks` SVCs: /30s from 10.0.0.0 up, every tenth an IPv6 /64. */
async function seedSvcs(db: Database['db'], blocks: number) {
  const { run, timed, timings } = sqlSteps(db, log);
  const [org] = await run<{ id: number }>(`INSERT INTO organization (fantasy_name, legal_name, cnpj, search_text) VALUES ('Bench SVC', 'Bench SVC Telecom Ltda', '11222333000181', 'bench svc') RETURNING id`);
  const o = Number(org.id);
  const [person] = await run<{ id: number }>(`INSERT INTO person (organization_id, nickname, full_name) VALUES (${o}, 'NOC', 'NOC da Bancada') RETURNING id`);
  const [user] = await run<{ id: number }>(`
    INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
    VALUES (${o}, ${person.id}, 'bench.svc', 'bench.svc@bench.com.br', 'not-used', '{SVC}'::text[], '${JSON.stringify(DEFAULT_SETTINGS)}'::jsonb, 'bench.svc') RETURNING id`);
  await timed(`SVC blocks (${blocks})`, () =>
    run(`INSERT INTO svc (organization_id, code, client_name, client_document, type, bandwidth_mbps, vlan_id, ip_block, status, search_text)
      SELECT ${o}, 'SVC-' || lpad(g::text, 6, '0'), 'Cliente ' || g, '11222333000181', 'internet_dedicada', 100, 1 + g % 4094,
             CASE WHEN g % 10 = 0 THEN ('2001:db8:' || to_hex(g / 65536) || ':' || to_hex(g % 65536) || '::/64')::cidr ELSE ('10.0.0.0'::inet + (g::bigint * 4))::cidr END,
             CASE WHEN g % 50 = 0 THEN 'cancelado' ELSE 'ativo' END, 'svc-' || lpad(g::text, 6, '0')
      FROM generate_series(1, ${blocks}) g`),
  );
  await run('ANALYZE svc');
  return { organizationId: o, userId: Number(user.id), timings };
}

/** The IPv4 /30 of a live seeded SVC (row g: 10.0.0.0 + 4g; every tenth row is IPv6 instead). */
function seededBlock(i: number) {
  let g = 1 + ((i * 7919) % (BLOCKS - 1));
  if (g % 10 === 0) g += 1;
  const n = 4 * g;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}/30`;
}

type Stat = { median: number; p95: number };
const stat = (xs: number[]): Stat => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] };
};

async function measure(kind: 'PostgreSQL' | 'PGlite') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-svc-'));
  const bench = kind === 'PostgreSQL' ? await benchDatabase(PG_SERVER, 'bench_svc') : undefined;
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openDatabase(bench ? { databaseUrl: bench.url } : { pgliteDir: path.join(dataDir, 'pglite') });
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    log(`${kind}: seeding ${BLOCKS.toLocaleString('en')} SVC blocks`);
    const seeded = await seedSvcs(database.db, BLOCKS);

    // The check's statement alone, in process (what the API runs inside its transaction).
    const check = (block: string) =>
      database.db.execute(sql`select code from svc where organization_id = ${seeded.organizationId} and status <> 'cancelado' and ip_block && ${block}::cidr limit 1`);
    const plan = (await database.db.execute(sql.raw(`EXPLAIN select code from svc where organization_id = ${seeded.organizationId} and status <> 'cancelado' and ip_block && '172.16.0.0/30'::cidr limit 1`))).rows
      .map((r) => Object.values(r)[0])
      .join(' | ');
    const alone: number[] = [];
    for (let i = 0; i < ROUNDS * 5; i++) {
      const t0 = performance.now();
      await check(i % 2 ? `10.0.${i % 250}.${(i * 4) % 256}/30` : `172.16.${i % 250}.0/30`);
      alone.push(performance.now() - t0);
    }
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, seeded.organizationId);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench?.url, JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' });
    const body = (n: number, ip_block?: string) => JSON.stringify({ code: `B-${kind[1]}-${n}`, client_name: `Cliente bench ${n}`, client_document: '11222333000181', type: 'internet_dedicada', bandwidth_mbps: 50, ip_block });
    const post = async (payload: string, expected: number) => {
      const t0 = performance.now();
      const res = await fetch(`${api!.base}/api/svc`, { method: 'POST', headers, body: payload });
      await res.arrayBuffer();
      const t = performance.now() - t0;
      if (res.status !== expected) throw new Error(`POST /api/svc answered ${res.status}, expected ${expected}`);
      return t;
    };
    const times = { baseline: [] as number[], free: [] as number[], overlap: [] as number[] };
    // Warm-up, then alternating rounds so the machine's other load weighs on the three alike.
    for (let i = 0; i < 20; i++) await post(body(900_000 + i), 201);
    for (let i = 0; i < ROUNDS; i++) {
      times.baseline.push(await post(body(i * 3), 201));
      times.free.push(await post(body(i * 3 + 1, `192.168.${Math.floor(i / 64)}.${(i % 64) * 4}/30`), 201));
      times.overlap.push(await post(body(i * 3 + 2, seededBlock(i)), 409));
    }
    return { kind, version: bench?.version ?? 'PGlite (embedded)', plan, alone: stat(alone), baseline: stat(times.baseline), free: stat(times.free), overlap: stat(times.overlap), seedMs: seeded.timings };
  } finally {
    if (api) await stopServer(api.child);
    await bench?.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  const share = cpuShare();
  const load = os.loadavg()[0];
  const results = [await measure('PostgreSQL'), await measure('PGlite')];
  const lines = [
    `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU, load average ${load.toFixed(1)}, runner got ${(share * 100).toFixed(0)}% of a core; Node ${process.version}.`,
    `Dataset: ${BLOCKS.toLocaleString('en')} SVC blocks in one organization (90 % IPv4 /30, 10 % IPv6 /64, 2 % cancelled)${QUICK ? ' (BENCH_QUICK)' : ''}; ${ROUNDS} rounds of three sequential writes after 20 warm-up writes.`,
    '',
    '| database | write without a block (baseline): median / p95 ms | write with a free block: median / p95 ms (ratio) | overlapping block → 409: median / p95 ms (ratio) | the check alone: median / p95 ms |',
    '|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.version} | ${ms(r.baseline.median)} / ${ms(r.baseline.p95)} | ${ms(r.free.median)} / ${ms(r.free.p95)} (${(r.free.median / r.baseline.median).toFixed(2)}×) | ${ms(r.overlap.median)} / ${ms(r.overlap.p95)} (${(r.overlap.median / r.baseline.median).toFixed(2)}×) | ${ms(r.alone.median)} / ${ms(r.alone.p95)} |`,
    ),
    '',
    ...results.map((r) => `Plan on ${r.kind}: \`${r.plan}\``),
    '',
  ];
  publishReport(lines.join('\n'), started, log);
}

await main();
