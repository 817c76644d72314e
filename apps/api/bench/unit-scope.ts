/**
 * Unit-scope benchmark: `npx tsx apps/api/bench/unit-scope.ts` (from the repository root).
 *
 * Does a permission scoped to units keep the patrimony list as cheap as an organization-wide one?
 * On a fresh PostgreSQL database (`bench_us_<random>`, dropped at the end):
 *   1. one organization with 20 units, one stock per unit (4 sections each), 200,000 patrimony items
 *      spread over the stocks (bench/warehouse-seed.ts, one movement each), 5% of them in
 *      maintenance, and 3,000 items held by users of 10 of the units (out of any stock);
 *   2. two users with `PATRIMONY`: organization-wide, and scoped to 3 of the 20 units
 *      (`permission_scopes` set with SQL); the real server (`src/main.ts`);
 *   3. `GET /api/patrimony` one request at a time (first page, page 50, a serial fragment, a status),
 *      per query 3 scoped and 3 organization-wide segments, alternating (the machine is shared):
 *      p50, p99, mean and the scoped ÷ organization-wide ratio. The scoped total is checked against
 *      a count made here, and the scoped first page's statement is run once under
 *      `EXPLAIN (ANALYZE, BUFFERS)`: is patrimony reached through an index or scanned?
 *
 * Env: BENCH_ITEMS (200,000), BENCH_REQUESTS (requests per segment, 60), BENCH_SEGMENTS (3 of each),
 * BENCH_PG_URL (maintenance database), BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { patrimonyUnitScope } from '../src/modules/warehouse/patrimony/routes';
import { patrimonies } from '../src/modules/warehouse/patrimony/schema';
import { benchDatabase, cpuShare, ms, publishReport, sqlSteps, startServer, stopServer } from './harness';
import { seedWarehouse } from './warehouse-seed';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 3);
const UNITS = 20;
const SCOPED_UNITS = [1, 8, 15]; // positions among the 20 units; 1 and 8 also have holders
const HOLDER_UNITS = 10;
const HELD_PER_USER = 150;
const JWT_SECRET = randomBytes(32).toString('base64url');
const PASSWORD = 'bench-password-123';
const log = (msg: string) => console.log(`[bench-unit-scope ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_us');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-us-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  const database = await openDatabase({ databaseUrl: bench.url });
  database.pool?.on('error', () => undefined);
  try {
    log(`${bench.version}; ${ITEMS.toLocaleString('en')} items in ${UNITS} units, ${SEGMENTS}×2 segments of ${REQUESTS} requests per query, ${os.cpus().length} CPUs`);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    const seeded = await seedWarehouse(database.db, { items: ITEMS, movementsPerItem: 1, stocks: UNITS, sectionsPerStock: 4, products: 200 }, 'not-used', log);
    const o = seeded.organizationId;
    const { run, timed } = sqlSteps(database.db, log);

    // Twenty units, one stock each (the seed put every stock in one unit).
    const units = await timed('units, holders, statuses', async () => {
      await run(`INSERT INTO unit_organizational (organization_id, name, code, search_text)
        SELECT ${o}, 'Regional ' || g, 'REG' || g, 'regional ' || g || ' reg' || g FROM generate_series(2, ${UNITS}) g ORDER BY g`);
      const ids = (await run<{ id: number }>(`SELECT id FROM unit_organizational WHERE organization_id = ${o} ORDER BY id`)).map((r) => Number(r.id));
      await run(`UPDATE stock s SET unit_organizational_id = (ARRAY[${ids.join(',')}])[x.n]
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM stock WHERE organization_id = ${o}) x WHERE s.id = x.id`);
      // Two people per unit; those of the first HOLDER_UNITS units hold items (out of any stock).
      await run(`WITH p AS (
          INSERT INTO person (organization_id, nickname, full_name)
          SELECT ${o}, 'Técnico ' || g, 'Técnico de campo ' || g FROM generate_series(1, ${UNITS * 2}) g ORDER BY g RETURNING id, nickname)
        INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text, unit_organizational_id)
        SELECT ${o}, p.id, 'tecnico.' || n, 'tecnico.' || n || '@bench.com.br', 'x', '{}'::text[], (SELECT settings FROM "user" WHERE id = ${seeded.userId}),
               'tecnico.' || n, (ARRAY[${ids.join(',')}])[(n - 1) / 2 + 1]
        FROM (SELECT id, substr(nickname, 9)::int AS n FROM p) p ORDER BY n`);
      await run(`INSERT INTO user_unit (user_id, unit_id) SELECT id, unit_organizational_id FROM "user" WHERE organization_id = ${o} AND username LIKE 'tecnico.%'`);
      await run(`UPDATE patrimony p SET stock_id = NULL, section_id = NULL, status = 'em_uso', holder_user_id = h.user_id, holder_confirmed_at = now()
        FROM (SELECT x.id, u.user_id FROM
                (SELECT id, row_number() OVER (ORDER BY md5(id::text)) - 1 AS k FROM patrimony WHERE organization_id = ${o}) x
                JOIN (SELECT id AS user_id, row_number() OVER (ORDER BY id) - 1 AS k FROM "user"
                      WHERE organization_id = ${o} AND username LIKE 'tecnico.%' AND unit_organizational_id IN (${ids.slice(0, HOLDER_UNITS).join(',')})) u
                  ON x.k / ${HELD_PER_USER} = u.k) h
        WHERE p.id = h.id`);
      await run(`UPDATE patrimony SET status = 'manutencao' WHERE organization_id = ${o} AND holder_user_id IS NULL AND id % 20 = 3`);
      for (const t of ['unit_organizational', 'stock', '"user"', 'user_unit', 'patrimony']) await run(`VACUUM ANALYZE ${t}`);
      return ids;
    });
    const scopedUnits = SCOPED_UNITS.map((k) => units[k - 1]);

    const user = async (username: string, scopes: Record<string, number[]>) => {
      const [u] = await run<{ id: number }>(`INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, permission_scopes, settings, search_text)
        SELECT ${o}, person_id, '${username}', '${username}@bench.com.br', 'x', '{PATRIMONY}'::text[], '${JSON.stringify(scopes)}'::jsonb, settings, '${username}' FROM "user" WHERE id = ${seeded.userId} RETURNING id`);
      return Number(u.id);
    };
    const wideId = await user('bench.gerente', {});
    const scopedId = await user('bench.regional', { PATRIMONY: scopedUnits });
    // What the scoped user must see, counted here without the declaration.
    const [expected] = await run<{ n: number; held: number; maintenance: number }>(`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE holder_user_id IS NOT NULL)::int AS held, count(*) FILTER (WHERE status = 'manutencao')::int AS maintenance
      FROM patrimony p WHERE p.organization_id = ${o} AND (
        p.stock_id IN (SELECT id FROM stock WHERE unit_organizational_id IN (${scopedUnits.join(',')}))
        OR p.holder_user_id IN (SELECT user_id FROM user_unit WHERE unit_id IN (${scopedUnits.join(',')})))`);
    // A serial fragment of an item the scoped user sees (3 characters: a few hundred matches in all).
    const [{ fragment }] = await run<{ fragment: string }>(`
      SELECT lower(substr(serial, 5, 3)) AS fragment FROM patrimony
      WHERE stock_id IN (SELECT id FROM stock WHERE unit_organizational_id = ${scopedUnits[0]}) ORDER BY md5(id::text) LIMIT 1`);
    log(`scoped user sees ${expected.n.toLocaleString('en')} items (${expected.held} held, ${expected.maintenance} in maintenance); search fragment "${fragment}"`);

    // The scoped first page's statement as the list route builds it (rows and the total in one statement).
    const scope = and(eq(patrimonies.organization_id, o), patrimonyUnitScope(scopedUnits))!;
    const firstPage = database.db
      .select({ ...getTableColumns(patrimonies), total: sql<number>`(select count(*)::int from ${patrimonies} where ${scope})` })
      .from(patrimonies)
      .where(scope)
      .orderBy(desc(patrimonies.id))
      .limit(20)
      .offset(0)
      .toSQL();
    const explainText = async () => {
      const c = await database.pool!.connect();
      try {
        return (await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${firstPage.sql}`, firstPage.params as unknown[])).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
      } finally {
        c.release();
      }
    };
    const plan = await explainText();
    await database.close();

    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' });
    const tokens = new Tokens(JWT_SECRET);
    const who = {
      scoped: { authorization: `Bearer ${await tokens.access(scopedId, 0, o)}` },
      wide: { authorization: `Bearer ${await tokens.access(wideId, 0, o)}` },
    };
    const get = async (p: string, headers: Record<string, string>) => {
      const res = await fetch(`${api!.base}${p}`, { headers });
      const json = (await res.json()) as { total_items: number; items: { id: number }[] };
      if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    };
    const queries = [
      { name: 'first page', path: '/api/patrimony?page=1&pageSize=20' },
      { name: 'page 50', path: '/api/patrimony?page=50&pageSize=20' },
      { name: `search "${fragment}" (serial fragment)`, path: `/api/patrimony?page=1&pageSize=20&search=${encodeURIComponent(fragment)}` },
      { name: 'status=manutencao', path: '/api/patrimony?page=1&pageSize=20&status=manutencao' },
    ];
    const totals: Record<string, [number, number]> = {};
    for (const q of queries) {
      const [s, w] = [await get(q.path, who.scoped), await get(q.path, who.wide)];
      totals[q.name] = [s.total_items, w.total_items];
      if (s.items.length === 0) throw new Error(`${q.name}: the scoped user got an empty page`);
    }
    if (totals['first page'][0] !== expected.n) throw new Error(`scoped total ${totals['first page'][0]}, expected ${expected.n}`);
    if (totals['status=manutencao'][0] !== expected.maintenance) throw new Error(`scoped maintenance total ${totals['status=manutencao'][0]}, expected ${expected.maintenance}`);
    if (totals['first page'][1] !== ITEMS) throw new Error(`organization-wide total ${totals['first page'][1]}, expected ${ITEMS}`);
    log(`totals (scoped / organization-wide): ${Object.entries(totals).map(([k, [s, w]]) => `${k} ${s}/${w}`).join('; ')}`);

    const segment = async (p: string, headers: Record<string, string>, n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await fetch(`${api!.base}${p}`, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
      }
      return times;
    };
    const results: { name: string; scoped: number[]; wide: number[] }[] = [];
    for (const q of queries) {
      await segment(q.path, who.scoped, 15);
      await segment(q.path, who.wide, 15);
      const r = { name: q.name, scoped: [] as number[], wide: [] as number[] };
      // Alternating, and which one goes first alternates too.
      for (let s = 0; s < SEGMENTS; s++) {
        const order = s % 2 === 0 ? (['scoped', 'wide'] as const) : (['wide', 'scoped'] as const);
        for (const k of order) r[k].push(...(await segment(q.path, who[k], REQUESTS)));
      }
      log(`${q.name}: scoped p50 ${ms(quantile(r.scoped, 0.5))} ms, organization-wide p50 ${ms(quantile(r.wide, 0.5))} ms`);
      results.push(r);
    }

    const share = cpuShare();
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const onPatrimony = plan.filter((l) => /\bon patrimony\b|on patrimony_\w+|using patrimony_\w+|Bitmap(And|Or)/.test(l));
    const scanned = plan.some((l) => /Seq Scan on patrimony\b/.test(l));
    const indexed = plan.filter((l) => /(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) patrimony_/.test(l)).map((l) => /(patrimony_\w+)/.exec(l)![1]);
    const verdict = scanned
      ? `a sequential scan of patrimony is in the plan${indexed.length ? ` (besides ${[...new Set(indexed)].join(', ')})` : ''}`
      : indexed.length
        ? `patrimony is reached only through indexes (${[...new Set(indexed)].join(', ')}), no sequential scan`
        : 'no index on patrimony in the plan';
    log(`EXPLAIN verdict: ${verdict}`);
    const report = [
      `## Unit scopes: the patrimony list, scoped vs organization-wide (${bench.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}, this process's CPU share ${share.toFixed(2)})`,
      '',
      `${ITEMS.toLocaleString('en')} items in ${UNITS} units (one stock of 4 sections each); ${expected.held.toLocaleString('en')} of the scoped user's items held by people of its units. ` +
        `Scoped user: \`{"PATRIMONY": [${SCOPED_UNITS.length} of ${UNITS} units]}\`, sees ${expected.n.toLocaleString('en')} items. ` +
        `One request at a time, ${SEGMENTS} scoped and ${SEGMENTS} organization-wide segments of ${REQUESTS} per query, alternating.`,
      '',
      '| query | totals (scoped / org-wide) | scoped p50 | p99 | mean | org-wide p50 | p99 | mean | ratio p50 | ratio p99 | ratio mean |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map((r) => {
        const [s, w] = totals[r.name];
        const f = (xs: number[]) => [quantile(xs, 0.5), quantile(xs, 0.99), mean(xs)];
        const [sp, sq, sm] = f(r.scoped);
        const [wp, wq, wm] = f(r.wide);
        return `| ${r.name} | ${s.toLocaleString('en')} / ${w.toLocaleString('en')} | ${ms(sp)} ms | ${ms(sq)} ms | ${ms(sm)} ms | ${ms(wp)} ms | ${ms(wq)} ms | ${ms(wm)} ms | ${ratio(sp, wp)} | ${ratio(sq, wq)} | ${ratio(sm, wm)} |`;
      }),
      '',
      `### EXPLAIN (ANALYZE, BUFFERS) of the scoped first page (rows and total, as the route builds them)`,
      '',
      `Verdict: ${verdict}.`,
      '',
      'Nodes on patrimony:',
      '',
      '```',
      ...onPatrimony.map((l) => l.replace(/\s+$/, '')),
      '```',
      '',
      'Full plan:',
      '',
      '```',
      ...plan,
      '```',
    ].join('\n');
    publishReport(report, started, log);
  } finally {
    if (api) await stopServer(api.child);
    await database.close().catch(() => undefined);
    await bench.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
