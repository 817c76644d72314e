/**
 * LMC topology render benchmark: "the topology of a 200-segment LMC renders in under 1 s in
 * Chromium". `npx tsx apps/api/bench/topology.ts` from the repository root, AFTER `npm run build`
 * (the page is the built web app, apps/web/dist, served by the real API as in e2e/playwright.config.ts).
 *
 * On PostgreSQL (a fresh `bench_topo_<random>` database on the local server, dropped at the end):
 *   1. seed, in SQL: six sites, an LMC of 200 chained segments over 201 MikroTik assets (two
 *      interfaces each) spread over the sites, every tenth segment over one of three operator circuits
 *      (one of them down), the others fibre or radio with a VLAN; and a 10-segment LMC as the baseline;
 *   2. start the real server (`src/main.ts`) and log in as the super admin;
 *   3. headless Debian Chromium (playwright-core; --no-sandbox --disable-gpu --disable-background-networking),
 *      1440×900, the session put in localStorage as the login page does; open `/lmc/topology/:id` in a new
 *      page, time from navigation start to every segment's label in the DOM (`[data-testid^="edge-lmx-"]`,
 *      one per edge, drawn by React Flow after the ELK layout). Two warm-up loads each, then BENCH_RUNS
 *      (default 15) alternating loads of each LMC: median, p95, and the ratio 200 ÷ 10 of the medians.
 *      And in the app: a new page opens the LMC list, then the router navigates to the topology (the
 *      common case, a user clicking through): navigation → every segment's label, the same statistics.
 *      Also the API's `GET /api/lmc/{id}/topology` alone (median of 20).
 *
 * Env: BENCH_PG_URL (maintenance database, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_RUNS,
 * BENCH_SEGMENTS (default 200), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_SCREENSHOT (a .png path:
 * pictures of the large topology, of the small one (-10.png) and of the small one on a phone (-phone.png)), BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { seedBase } from '../src/db/seed';
import { benchDatabase, ms, publishReport, sqlSteps, startServer, stopServer } from './harness';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 200);
const BASELINE_SEGMENTS = 10;
const TARGET_MS = 1000;
const PASSWORD = 'bench-password-123';
const JWT_SECRET = randomBytes(32).toString('base64url');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const log = (msg: string) => console.log(`[bench-topology ${new Date().toISOString().slice(11, 19)}] ${msg}`);

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Sites, circuits, and two LMCs of chained segments (`segments` and the baseline's). */
async function seed(db: Db, o: number, sizes: number[]) {
  const { run, timed } = sqlSteps(db, log);
  await run(`INSERT INTO site (organization_id, code, name, type, search_text)
    SELECT ${o}, 'POP-' || g, 'POP ' || g, 'pop', 'pop-' || g FROM generate_series(1, 6) g`);
  const siteIds = (await run<{ id: number }>(`SELECT id FROM site WHERE organization_id = ${o} ORDER BY id`)).map((r) => Number(r.id));
  await run(`INSERT INTO circuit (organization_id, carrier, designation, type, bandwidth_mbps, site_a_id, site_b_id, monthly_cost, sla_percent, credit_factor, status, search_text)
    SELECT ${o}, 'Vivo', 'VIV-' || g, 'link_dedicado', 1000, ${siteIds[0]}, ${siteIds[1]}, 1500, 99.5, 1, 'ativo', 'vivo viv-' || g FROM generate_series(1, 3) g`);
  const circuitIds = (await run<{ id: number }>(`SELECT id FROM circuit WHERE organization_id = ${o} ORDER BY id`)).map((r) => Number(r.id));
  await run(`INSERT INTO circuit_unavailability (organization_id, circuit_id, started_at, cause, responsibility, counts_for_sla, search_text)
    VALUES (${o}, ${circuitIds[0]}, now() - interval '1 hour', 'Rompimento de fibra', 'operadora', true, 'rompimento de fibra')`);
  const lmcIds: number[] = [];
  for (const [k, n] of sizes.entries()) {
    const lmcId = await timed(`LMC of ${n} segments`, async () => {
      const prefix = `L${k}`;
      // n + 1 assets, spread over the six sites in runs (a chain crosses a site, then the next one).
      await run(`INSERT INTO network_asset (organization_id, hostname, role, vendor, routeros_version, site_id, search_text)
        SELECT ${o}, 'rt-${prefix.toLowerCase()}-' || lpad(g::text, 3, '0'), 'roteador', 'mikrotik', '7.x',
               (ARRAY[${siteIds.join(',')}])[1 + (g * 6) / ${n + 1}], 'rt-${prefix.toLowerCase()}-' || g
        FROM generate_series(0, ${n}) g`);
      await run(`INSERT INTO network_interface (organization_id, asset_id, position, name)
        SELECT ${o}, a.id, i, (ARRAY['ether1', 'ether2'])[i + 1] FROM network_asset a CROSS JOIN generate_series(0, 1) i
        WHERE a.organization_id = ${o} AND a.hostname LIKE 'rt-${prefix.toLowerCase()}-%'`);
      const [lmc] = await run<{ id: number }>(`INSERT INTO lmc (organization_id, code, name, site_a_id, site_b_id, capacity_mbps, status, search_text)
        VALUES (${o}, 'LMC-${n}', 'Enlace de ${n} segmentos', ${siteIds[0]}, ${siteIds[5]}, 10000, 'ativo', 'lmc-${n}') RETURNING id`);
      await run(`WITH chain AS (
          SELECT a.id, row_number() OVER (ORDER BY a.hostname) - 1 AS k,
                 (SELECT i.id FROM network_interface i WHERE i.asset_id = a.id AND i.name = 'ether1') AS if_in,
                 (SELECT i.id FROM network_interface i WHERE i.asset_id = a.id AND i.name = 'ether2') AS if_out
          FROM network_asset a WHERE a.organization_id = ${o} AND a.hostname LIKE 'rt-${prefix.toLowerCase()}-%')
        INSERT INTO lmx (organization_id, lmc_id, position, from_asset_id, from_interface_id, to_asset_id, to_interface_id, medium, circuit_id, vlan_id, capacity_mbps, search_text)
        SELECT ${o}, ${lmc.id}, f.k + 1, f.id, f.if_out, t.id, t.if_in,
               CASE WHEN f.k % 10 = 9 THEN 'circuito_operadora' WHEN f.k % 3 = 1 THEN 'radio' ELSE 'fibra_propria' END,
               CASE WHEN f.k % 10 = 9 THEN (ARRAY[${circuitIds.join(',')}])[1 + (f.k / 10) % 3] END,
               CASE WHEN f.k % 10 = 9 THEN NULL ELSE 100 + f.k END,
               (ARRAY[1000, 10000, 300, 2500])[1 + f.k % 4], 'lmx ' || f.k
        FROM chain f JOIN chain t ON t.k = f.k + 1`);
      return Number(lmc.id);
    });
    lmcIds.push(lmcId);
  }
  await run('ANALYZE');
  return lmcIds;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

async function main() {
  const started = performance.now();
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html missing: run \`npm run build\` first`);
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)`);
  const bench = await benchDatabase(PG_SERVER, 'bench_topo');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-topo-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    log(`PostgreSQL: ${bench.version}; seeding into ${bench.name}`);
    const database = await openDatabase({ databaseUrl: bench.url });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    const { organizationId } = await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, pino({ level: 'silent' }));
    const [bigId, smallId] = await seed(database.db, organizationId, [SEGMENTS, BASELINE_SEGMENTS]);
    await database.close();

    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: PASSWORD, WEB_DIST: webDist, LOG_LEVEL: 'warn' });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s`);
    const login = await fetch(`${api.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const session = (await login.json()) as { token: string; user: unknown; mercure_token?: string; mercure_topics?: string[] };
    const headers = { authorization: `Bearer ${session.token}` };

    // The API alone.
    const apiTimes: Record<number, number[]> = { [bigId]: [], [smallId]: [] };
    const edgesOf: Record<number, number> = {};
    for (let i = 0; i < 21; i++) {
      for (const id of [bigId, smallId]) {
        const t0 = performance.now();
        const res = await fetch(`${api.base}/api/lmc/${id}/topology`, { headers });
        const body = (await res.json()) as { edges: { kind: string }[] };
        if (i > 0) apiTimes[id].push(performance.now() - t0);
        edgesOf[id] = body.edges.filter((e) => e.kind === 'segment').length;
      }
    }
    if (edgesOf[bigId] !== SEGMENTS || edgesOf[smallId] !== BASELINE_SEGMENTS) throw new Error(`unexpected edges: ${JSON.stringify(edgesOf)}`);
    log(`API topology: ${SEGMENTS} segments median ${ms(quantile(apiTimes[bigId], 0.5))} ms; ${BASELINE_SEGMENTS} segments ${ms(quantile(apiTimes[smallId], 0.5))} ms`);

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    let context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    /** The session in localStorage, as the login page leaves it (apps/web/src/core/storage.ts). */
    const storeSession = ([s, minutes]: readonly [typeof session, number]) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('tokenExpiration', String(Date.now() + minutes * 60_000));
      localStorage.setItem('userData', JSON.stringify(s.user));
      localStorage.setItem('mercure_token', s.mercure_token ?? '');
      localStorage.setItem('mercure_topics', JSON.stringify(s.mercure_topics ?? []));
      localStorage.setItem('tinymce_key', 'gpl');
    };
    await context.addInitScript(storeSession, [session, 750] as const);

    /** One load in a new page: navigation start → every segment's label in the DOM (ms). */
    const load = async (id: number, expected: number, screenshot?: string) => {
      const page = await context.newPage();
      try {
        await page.goto(`${api!.base}/lmc/topology/${id}`, { waitUntil: 'commit' });
        const handle = await page.waitForFunction((n) => (document.querySelectorAll('[data-testid^="edge-lmx-"]').length >= n ? performance.now() : false), expected, { polling: 'raf', timeout: 60_000 });
        const t = (await handle.jsonValue()) as number;
        // When the topology's answer arrived and when the app's shell was parsed (DOMContentLoaded).
        const marks = await page.evaluate(() => ({
          answer: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('/topology'))?.responseEnd ?? NaN,
          layout: performance.getEntriesByName('topology-layout').at(-1)?.duration ?? NaN,
          dom: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? NaN,
        }));
        if (process.env.BENCH_TRACE)
          console.log(
            await page.evaluate(() =>
              [
                ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => `${e.startTime.toFixed(0)}→${e.responseEnd.toFixed(0)} ${e.name.replace(location.origin, '')}`),
                ...performance.getEntriesByType('mark').map((e) => `${e.startTime.toFixed(0)} mark ${e.name}`),
                ...performance.getEntriesByType('measure').map((e) => `${e.startTime.toFixed(0)}→${(e.startTime + e.duration).toFixed(0)} measure ${e.name}`),
              ].join('\n'),
            ),
          );
        if (screenshot) {
          await page.waitForTimeout(300);
          await page.screenshot({ path: screenshot });
        }
        return { t, answer: marks.answer, dom: marks.dom, layout: marks.layout };
      } finally {
        await page.close();
      }
    };

    /**
     * In the app: a new page opens the LMC list (the shell booted, as when a user clicks through), then the
     * router goes to the topology; time from that navigation → every segment's label in the DOM (ms). The
     * topology's chunk and data are not in this page yet: chunk (HTTP cache), fetch, layout and render.
     */
    const navigate = async (id: number, expected: number) => {
      const page = await context.newPage();
      try {
        await page.goto(`${api!.base}/lmc`, { waitUntil: 'commit' });
        await page.getByText('LMC-10', { exact: true }).first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(150);
        const t0 = await page.evaluate((to) => {
          const t = performance.now();
          history.pushState({}, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
          return t;
        }, `/lmc/topology/${id}`);
        const handle = await page.waitForFunction((n) => (document.querySelectorAll('[data-testid^="edge-lmx-"]').length >= n ? performance.now() : false), expected, { polling: 'raf', timeout: 60_000 });
        return ((await handle.jsonValue()) as number) - t0;
      } finally {
        await page.close();
      }
    };

    for (let i = 0; i < 2; i++)
      for (const [id, n] of [[bigId, SEGMENTS], [smallId, BASELINE_SEGMENTS]] as const) {
        await load(id, n);
        await navigate(id, n);
      }
    const inApp: Record<number, number[]> = { [bigId]: [], [smallId]: [] };
    const times: Record<number, number[]> = { [bigId]: [], [smallId]: [] };
    const answers: Record<number, number[]> = { [bigId]: [], [smallId]: [] };
    const after: Record<number, number[]> = { [bigId]: [], [smallId]: [] };
    const doms: number[] = [];
    const layouts: Record<number, number[]> = { [bigId]: [], [smallId]: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const [id, n] of (i % 2 ? [[smallId, BASELINE_SEGMENTS], [bigId, SEGMENTS]] : [[bigId, SEGMENTS], [smallId, BASELINE_SEGMENTS]]) as [number, number][]) {
        const r = await load(id, n);
        times[id].push(r.t);
        inApp[id].push(await navigate(id, n));
        answers[id].push(r.answer);
        after[id].push(r.t - r.answer);
        doms.push(r.dom);
        layouts[id].push(r.layout);
      }
    }
    if (process.env.BENCH_SCREENSHOT) {
      const shot = process.env.BENCH_SCREENSHOT;
      await load(bigId, SEGMENTS, shot);
      await load(smallId, BASELINE_SEGMENTS, shot.replace(/\.png$/, '-10.png'));
      await context.close();
      // The small one on a phone too.
      context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
      await context.addInitScript(storeSession, [session, 750] as const);
      await load(smallId, BASELINE_SEGMENTS, shot.replace(/\.png$/, '-phone.png'));
    }
    const stat = (xs: number[]) => ({ median: quantile(xs, 0.5), p95: quantile(xs, 0.95), min: Math.min(...xs), max: Math.max(...xs) });
    const big = stat(times[bigId]);
    const bigApp = stat(inApp[bigId]);
    const smallApp = stat(inApp[smallId]);
    log(`in the app: ${SEGMENTS} segments median ${ms(bigApp.median)} ms, p95 ${ms(bigApp.p95)} ms; ${BASELINE_SEGMENTS} segments median ${ms(smallApp.median)} ms, p95 ${ms(smallApp.p95)} ms`);
    const small = stat(times[smallId]);
    const bigAfter = stat(after[bigId]);
    const smallAfter = stat(after[smallId]);
    log(`${SEGMENTS} segments: median ${ms(big.median)} ms, p95 ${ms(big.p95)} ms; ${BASELINE_SEGMENTS} segments: median ${ms(small.median)} ms, p95 ${ms(small.p95)} ms`);
    log(
      `after the answer: ${SEGMENTS} segments median ${ms(bigAfter.median)} ms (ELK ${ms(quantile(layouts[bigId], 0.5))}); ${BASELINE_SEGMENTS} segments median ${ms(smallAfter.median)} ms (ELK ${ms(quantile(layouts[smallId], 0.5))}); DOMContentLoaded median ${ms(quantile(doms, 0.5))} ms`,
    );

    const load1 = os.loadavg()[0];
    const verdictOf = (x: { median: number; p95: number }) => (x.p95 < TARGET_MS ? `yes (p95 ${ms(x.p95)} ms)` : x.median < TARGET_MS ? `median yes, p95 no (${ms(x.p95)} ms)` : 'NO');
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}; Node ${process.version}; ${bench.version}; Chromium ${browser.version()} headless (--disable-gpu), viewport 1440×900; load average ${load1.toFixed(1)}.`,
      `Dataset: an LMC of ${SEGMENTS} chained segments over ${SEGMENTS + 1} assets on 6 sites (every tenth segment over an operator circuit, one circuit down) and a ${BASELINE_SEGMENTS}-segment LMC as the baseline. Each load is a new page of the built app (warm HTTP cache, after 2 warm-up loads each), ${RUNS} loads each, alternating; time = navigation start → every segment label in the DOM (fetch + ELK layout + React Flow render).`,
      '',
      '| LMC | navigation → all edges: median (ms) | p95 (ms) | min / max (ms) | answer received at, median (ms) | answer → all edges: median / p95 (ms) | of which ELK layout, median (ms) | API alone, median (ms) |',
      '|---|---|---|---|---|---|---|---|',
      `| ${SEGMENTS} segments | ${ms(big.median)} | ${ms(big.p95)} | ${ms(big.min)} / ${ms(big.max)} | ${ms(quantile(answers[bigId], 0.5))} | ${ms(bigAfter.median)} / ${ms(bigAfter.p95)} | ${ms(quantile(layouts[bigId], 0.5))} | ${ms(quantile(apiTimes[bigId], 0.5))} |`,
      `| ${BASELINE_SEGMENTS} segments (baseline) | ${ms(small.median)} | ${ms(small.p95)} | ${ms(small.min)} / ${ms(small.max)} | ${ms(quantile(answers[smallId], 0.5))} | ${ms(smallAfter.median)} / ${ms(smallAfter.p95)} | ${ms(quantile(layouts[smallId], 0.5))} | ${ms(quantile(apiTimes[smallId], 0.5))} |`,
      `| ratio ${SEGMENTS} ÷ ${BASELINE_SEGMENTS} (medians) | ${(big.median / small.median).toFixed(2)} | ${(big.p95 / small.p95).toFixed(2)} | | | ${(bigAfter.median / smallAfter.median).toFixed(2)} | ${(quantile(layouts[bigId], 0.5) / quantile(layouts[smallId], 0.5)).toFixed(2)} | |`,
      '',
      `DOMContentLoaded of the app shell: median ${ms(quantile(doms, 0.5))} ms.`,
      '',
      `In the app (the shell already running on /lmc, then the router goes to the topology; its chunk and data not yet in the page), ${RUNS} times each:`,
      '',
      '| LMC | navigation → all edges: median (ms) | p95 (ms) | min / max (ms) |',
      '|---|---|---|---|',
      `| ${SEGMENTS} segments | ${ms(bigApp.median)} | ${ms(bigApp.p95)} | ${ms(bigApp.min)} / ${ms(bigApp.max)} |`,
      `| ${BASELINE_SEGMENTS} segments (baseline) | ${ms(smallApp.median)} | ${ms(smallApp.p95)} | ${ms(smallApp.min)} / ${ms(smallApp.max)} |`,
      `| ratio ${SEGMENTS} ÷ ${BASELINE_SEGMENTS} (medians) | ${(bigApp.median / smallApp.median).toFixed(2)} | ${(bigApp.p95 / smallApp.p95).toFixed(2)} | |`,
      '',
      `Under ${TARGET_MS} ms for ${SEGMENTS} segments: in the app ${verdictOf(bigApp)}; on a deep link (a new page, the app's boot included) ${verdictOf(big)}.`,
      '',
    ];
    publishReport(lines.join('\n'), started, log);
  } finally {
    await browser?.close().catch(() => undefined);
    if (api) await stopServer(api.child);
    await bench.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
