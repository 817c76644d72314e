/**
 * Viability benchmark: `npx tsx apps/api/bench/viability.ts` (from the repository root).
 *
 * On PGlite (the embedded default) and on PostgreSQL (a fresh `bench_vb_<random>` database, dropped
 * at the end): 50,000 sites over Paraná (90 % active), a five-line FTTH template. Then, in process,
 * 1,000 unit calculations (`calculateUnit`: the nearest active site through the bounding box, the
 * bill of materials priced from the catalogue, the settings), half of the clients within 300 m of a
 * site and half anywhere (the box then grows). The baseline, measured in the same run, is reading
 * one site by its primary key. The goal is p99 of a calculation under 20 ms on both databases.
 *
 * Env: BENCH_SITES, BENCH_CALCULATIONS, BENCH_PG_URL (maintenance database), BENCH_OUT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { seedBase } from '../src/db/seed';
import { calculateUnit } from '../src/modules/viability/routes';
import { viabilityTemplates } from '../src/modules/viability/schema';
import { benchDatabase, ms, publishReport, sqlSteps } from './harness';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SITES = Number(process.env.BENCH_SITES ?? 50_000);
const CALCULATIONS = Number(process.env.BENCH_CALCULATIONS ?? 1_000);

const log = (msg: string) => console.log(`[bench-viability ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** A deterministic pseudo-random sequence (the same clients on both databases). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

type Result = { database: string; baseline: { p50: number; p99: number }; calc: { p50: number; p99: number; worst: number }; naive: { p50: number; p99: number }; near: number; verdicts: Record<string, number> };

async function measure(label: string, db: Db): Promise<Result> {
  const { run, timed } = sqlSteps(db, log);
  const passwords = new Passwords(loadConfig({ DATA_DIR: os.tmpdir() }, { jwtSecret: 'x'.repeat(43) }).argon2);
  const { organizationId: o } = await seedBase(db, passwords, { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
  await timed(`${label}: ${SITES.toLocaleString('en')} sites`, async () => {
    // Paraná: latitude −26.5…−22.5, longitude −54.5…−48.0; every tenth site deactivated.
    await run(`INSERT INTO site (organization_id, code, name, type, status, latitude, longitude, search_text)
      SELECT ${o}, 'S' || g, 'Site ' || g, 'pop', CASE WHEN g % 10 = 0 THEN 'desativado' ELSE 'ativo' END,
             -26.5 + 4.0 * ((g::bigint * 7919) % 100003) / 100003.0, -54.5 + 6.5 * ((g::bigint * 104729) % 100019) / 100019.0, 's' || g
      FROM generate_series(1, ${SITES}) g`);
    await run('ANALYZE site');
  });
  const productIds: number[] = [];
  for (const [code, price] of [['DROP', '0.62'], ['CON', '3.90'], ['TUB', '0.15'], ['ABR', '0.08'], ['ONU', '289.90']]) {
    const [p] = await run<{ id: number }>(`INSERT INTO product (organization_id, code, name, tracking, unit_of_measure, price, search_text) VALUES (${o}, '${code}', '${code}', 'consumivel', 'un', ${price}, '${code.toLowerCase()}') RETURNING id`);
    productIds.push(p.id);
  }
  const [template] = await db
    .insert(viabilityTemplates)
    .values({
      organization_id: o,
      name: 'FTTH',
      medium: 'fibra_propria',
      items: productIds.map((id, i) => ({ product_id: id, quantity: i === 0 ? 1.1 : 1, per_meter: i === 0 })),
      labour_cost: '180.00',
      labour_per_meter: '0.90',
    })
    .returning();

  const sites = await run<{ id: number; latitude: number; longitude: number }>(`SELECT id, latitude, longitude FROM site WHERE organization_id = ${o} AND status = 'ativo' ORDER BY id LIMIT 5000`);
  const next = random(15);
  const clients = Array.from({ length: CALCULATIONS }, (_, i) => {
    if (i % 2 === 0) {
      const s = sites[Math.floor(next() * sites.length)];
      return { latitude: s.latitude + (next() - 0.5) * 0.005, longitude: s.longitude + (next() - 0.5) * 0.005 };
    }
    return { latitude: -26.5 + 4 * next(), longitude: -54.5 + 6.5 * next() };
  });

  const baseline: number[] = [];
  const calc: number[] = [];
  const verdicts: Record<string, number> = {};
  let near = 0;
  for (let i = 0; i < 50; i++) await calculateUnit(db, o, clients[i], template, 0, null); // warm-up
  for (let i = 0; i < clients.length; i++) {
    const id = sites[i % sites.length].id;
    let t0 = performance.now();
    await db.execute(sql`select * from site where id = ${id}`);
    baseline.push(performance.now() - t0);
    t0 = performance.now();
    const c = await calculateUnit(db, o, clients[i], template, 0, null);
    calc.push(performance.now() - t0);
    verdicts[c.verdict] = (verdicts[c.verdict] ?? 0) + 1;
    if ((c.distance_m ?? Infinity) <= 770) near++;
  }
  // Without the bounding box: the exact distance to every active site, ordered (100 clients).
  const naive: number[] = [];
  for (const c of clients.slice(0, 100)) {
    const t0 = performance.now();
    await db.execute(sql`select id from site where organization_id = ${o} and status = 'ativo' and latitude is not null
      order by asin(sqrt(power(sin(radians(latitude - ${c.latitude}::float8) / 2), 2) + cos(radians(${c.latitude}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${c.longitude}::float8) / 2), 2))) limit 1`);
    naive.push(performance.now() - t0);
  }
  return {
    database: label,
    naive: { p50: percentile(naive, 50), p99: percentile(naive, 99) },
    baseline: { p50: percentile(baseline, 50), p99: percentile(baseline, 99) },
    calc: { p50: percentile(calc, 50), p99: percentile(calc, 99), worst: Math.max(...calc) },
    near,
    verdicts,
  };
}

async function main() {
  const started = performance.now();
  const results: Result[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-vb-'));
  try {
    const lite = await openDatabase({ pgliteDir: dir });
    results.push(await measure('PGlite', lite.db));
    await lite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bench = await benchDatabase(PG_SERVER, 'bench_vb');
  try {
    const pgdb = await openDatabase({ databaseUrl: bench.url, poolSize: 2 });
    results.push(await measure(bench.version, pgdb.db));
    await pgdb.close();
  } finally {
    await bench.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
  }
  const lines = [
    `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU, load average ${os.loadavg()[0].toFixed(1)}; Node ${process.version}.`,
    `Dataset: ${SITES.toLocaleString('en')} sites over Paraná (90 % active), a five-line FTTH template; ${CALCULATIONS.toLocaleString('en')} calculations, half of the clients within ~300 m of a site, half anywhere in the state; one after the other, in process.`,
    '',
    '| database | baseline: one site by id, p50 / p99 (ms) | unit calculation p50 / p99 / worst (ms) | p99 ÷ baseline p99 | nearest site without the box (every site ordered), p50 / p99 (ms) | nearest within the first box | verdicts |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${ms(r.baseline.p50)} / ${ms(r.baseline.p99)} | ${ms(r.calc.p50)} / ${ms(r.calc.p99)} / ${ms(r.calc.worst)} | ${(r.calc.p99 / r.baseline.p99).toFixed(1)} | ${ms(r.naive.p50)} / ${ms(r.naive.p99)} | ${r.near} of ${CALCULATIONS} | ${Object.entries(r.verdicts)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')} |`,
    ),
    '',
  ];
  publishReport(lines.join('\n'), started, log);
}

await main();
