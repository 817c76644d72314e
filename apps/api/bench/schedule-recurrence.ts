/**
 * Recurring events benchmark: `npx tsx apps/api/bench/schedule-recurrence.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_rec_<random>` database, dropped at the end): one organization with
 * 500 recurring series (monthly, every other week, every third day; each up to a year long, all
 * touching the month) for one person, and as many one-off events as the series have occurrences in
 * that month for another. Then the real server answers, under autocannon at 20 connections, in
 * alternating segments:
 *   - the month of the series: `GET /api/schedule/calendar?from&to&technician=<series' person>`
 *     (500 rows read, each rule expanded in the window, the moved occurrences looked up);
 *   - the baseline, a plain list of the same size: the same month for the one-offs' person (the same
 *     number of items, no expansion).
 * The figures are p50/p99 of each and their ratio, measured in the same run.
 *
 * Env: BENCH_PG_URL (maintenance database), BENCH_SECONDS (per target, default 12), BENCH_OUT, BENCH_KEEP=1.
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
import { benchDatabase, cannonPair, ms, publishReport, sqlSteps, startServer, stopServer } from './harness';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERIES = 500;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const RUN = { duration: SECONDS, segments: 2, warmup: 2, connections: 20 };
const JWT_SECRET = randomBytes(32).toString('base64url');
const DAY = 86_400_000;

const log = (msg: string) => console.log(`[bench-recurrence ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_rec');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-rec-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(`PostgreSQL: ${bench.version}; seeding ${SERIES} series into ${bench.name}`);
    const database = await openDatabase({ databaseUrl: bench.url });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    // A handful of work orders only: the two people compared hold none.
    const seeded = await seedActivities(database.db, { activities: 10, technicians: 40, days: 1 }, log);
    const { run } = sqlSteps(database.db, log);
    const o = seeded.organizationId;
    const [seriesPerson, plainPerson] = seeded.technicianIds.slice(-2);
    await run(`DELETE FROM external_activity_technician WHERE user_id IN (${seriesPerson}, ${plainPerson})`);
    await run(`UPDATE "user" SET permissions = '{EXTERNAL_ACTIVITY,SCHEDULE}'::text[] WHERE id = ${seeded.userId}`);
    // Started over the last 40 days at whole hours; a year long at most (series_until a generous bound, as the API's is exact).
    await run(`INSERT INTO schedule_event (organization_id, title, starts_at, ends_at, rrule, series_until, search_text)
      SELECT ${o}, 'Série ' || g, s.at, s.at + interval '1 hour',
        CASE g % 3 WHEN 0 THEN 'FREQ=MONTHLY;COUNT=12' WHEN 1 THEN 'FREQ=WEEKLY;INTERVAL=2;BYDAY=' || (ARRAY['MO','TU','WE','TH','FR'])[1 + g % 5] || ';COUNT=26' ELSE 'FREQ=DAILY;INTERVAL=7;COUNT=52' END,
        s.at + interval '366 days', 'serie ' || g
      FROM generate_series(1, ${SERIES}) g
      CROSS JOIN LATERAL (SELECT date_trunc('hour', now() - interval '40 days' + ((g * 7 % (40 * 24)) || ' hours')::interval) AS at) s`);
    await run(`INSERT INTO schedule_event_participant (event_id, user_id) SELECT id, ${seriesPerson} FROM schedule_event WHERE organization_id = ${o}`);
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, o);
    const headers = { authorization: `Bearer ${token}` };
    const from = new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 34 * DAY).toISOString().slice(0, 10);
    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s`);
    const seriesPath = `/api/schedule/calendar?from=${from}&to=${to}&technician=${seriesPerson}`;
    const plainPath = `/api/schedule/calendar?from=${from}&to=${to}&technician=${plainPerson}`;
    const occurrences = (await (await fetch(api.base + seriesPath, { headers })).json()) as { start: string; end: string }[];

    // The baseline: one one-off event per occurrence the series show, at the same times.
    const again = await openDatabase({ databaseUrl: bench.url });
    const steps = sqlSteps(again.db, log);
    const values = occurrences.map((x, i) => `(${o}, 'Avulso ${i}', '${x.start}'::timestamptz, '${x.end}'::timestamptz, 'avulso ${i}')`);
    for (let i = 0; i < values.length; i += 500) await steps.run(`INSERT INTO schedule_event (organization_id, title, starts_at, ends_at, search_text) VALUES ${values.slice(i, i + 500).join(',')}`);
    await steps.run(`INSERT INTO schedule_event_participant (event_id, user_id) SELECT id, ${plainPerson} FROM schedule_event WHERE organization_id = ${o} AND rrule IS NULL`);
    await steps.run('ANALYZE schedule_event; ANALYZE schedule_event_participant');
    await again.close();
    const plain = (await (await fetch(api.base + plainPath, { headers })).json()) as unknown[];
    const sizes = `series' month: ${occurrences.length} occurrences of ${SERIES} series; plain list: ${plain.length} one-off events`;
    log(sizes);

    for (const [name, p] of [['series', seriesPath], ['plain', plainPath]]) {
      const t0 = performance.now();
      await (await fetch(api.base + p, { headers })).text();
      log(`one ${name} month alone: ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const pid = api.child.pid!;
    const [s, p] = await cannonPair({ base: api.base, pid, requests: [{ path: seriesPath, headers }] }, { base: api.base, pid, requests: [{ path: plainPath, headers }] }, RUN);
    const ok = (c: { non2xx: number; errors: number }) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU, load average ${os.loadavg()[0].toFixed(1)}; Node ${process.version}; ${bench.version}.`,
      `Dataset: one organization; ${SERIES} recurring series (a third monthly, a third every other week, a third every seventh day) for one person, as many one-off events as their occurrences in the month for another. ${sizes}. Window ${from} to ${to} (a month view).`,
      `autocannon ${RUN.connections} connections, ${RUN.duration} s per request in ${RUN.segments} alternating segments after ${RUN.warmup} s warm-up, one API process.`,
      '',
      '| request | req/s | p50 (ms) | p99 (ms) | CPU per request (ms) |',
      '|---|---|---|---|---|',
      `| the month of 500 series: \`GET /api/schedule/calendar\`${ok(s)} | ${s.rps.toFixed(1)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.cpuUsPerRequest / 1000)} |`,
      `| baseline, the same number of one-off events: \`GET /api/schedule/calendar\`${ok(p)} | ${p.rps.toFixed(1)} | ${ms(p.p50)} | ${ms(p.p99)} | ${ms(p.cpuUsPerRequest / 1000)} |`,
      '',
      `Series ÷ plain list: p50 ${(s.p50 / p.p50).toFixed(2)}, p99 ${(s.p99 / p.p99).toFixed(2)}, throughput ${(s.rps / p.rps).toFixed(2)}.`,
      '',
    ];
    publishReport(lines.join('\n'), started, log);
  } finally {
    if (api) await stopServer(api.child);
    if (process.env.BENCH_KEEP) log(`kept ${bench.url}`);
    else await bench.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
