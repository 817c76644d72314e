/**
 * Dispatch board benchmark: `npx tsx apps/api/bench/board.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_board_<random>` database, dropped at the end): one organization with
 * 200 field technicians, 2,000 work orders scheduled within the next day (a fifth of the open ones
 * left unassigned) and 400 events with two participants each in the same day. Then the real server
 * answers, under autocannon at 20 connections, in alternating segments:
 *   - the board's day: `GET /api/schedule/board?from&to` (200 rows, their orders and events, the unassigned list);
 *   - the baseline, a plain list of the same size: the calendar's flat list of the same window
 *     (`GET /api/schedule/calendar?from&to`: the same orders and events, not grouped by technician).
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
const TECHNICIANS = 200;
const ORDERS = 2_000;
const EVENTS = 400;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const RUN = { duration: SECONDS, segments: 2, warmup: 2, connections: 20 };
const JWT_SECRET = randomBytes(32).toString('base64url');
const DAY = 86_400_000;

const log = (msg: string) => console.log(`[bench-board ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_board');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-board-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(`PostgreSQL: ${bench.version}; seeding ${TECHNICIANS} technicians, ${ORDERS} orders and ${EVENTS} events into ${bench.name}`);
    const database = await openDatabase({ databaseUrl: bench.url });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    // Created over the last day, each scheduled a day after its creation: all 2,000 fall in the next 24 hours.
    const seeded = await seedActivities(database.db, { activities: ORDERS, technicians: TECHNICIANS, days: 1 }, log);
    const { run } = sqlSteps(database.db, log);
    const o = seeded.organizationId;
    await run(`UPDATE "user" SET permissions = '{EXTERNAL_ACTIVITY,EXTERNAL_ACTIVITY_DISPATCH,SCHEDULE}'::text[] WHERE id = ${seeded.userId}`);
    await run(`DELETE FROM external_activity_technician t USING external_activity a WHERE a.id = t.activity_id AND a.organization_id = ${o} AND a.status = 'aberta' AND a.id % 5 = 0`);
    await run(`INSERT INTO schedule_event (organization_id, title, starts_at, ends_at, search_text)
      SELECT ${o}, 'Evento ' || g, date_trunc('hour', now()) + ((g % 24) || ' hours')::interval, date_trunc('hour', now()) + ((g % 24) || ' hours')::interval + interval '90 minutes', 'evento ' || g
      FROM generate_series(1, ${EVENTS}) g`);
    const techs = seeded.technicianIds.join(',');
    await run(`INSERT INTO schedule_event_participant (event_id, user_id)
      SELECT e.id, (ARRAY[${techs}])[1 + e.id % ${TECHNICIANS}] FROM schedule_event e WHERE e.organization_id = ${o}
      UNION
      SELECT e.id, (ARRAY[${techs}])[1 + (e.id * 7 + 3) % ${TECHNICIANS}] FROM schedule_event e WHERE e.organization_id = ${o}`);
    await run('ANALYZE schedule_event; ANALYZE schedule_event_participant; ANALYZE external_activity_technician');
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, o);
    const headers = { authorization: `Bearer ${token}` };
    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s`);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + DAY + 3_600_000).toISOString();
    const window = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const boardPath = `/api/schedule/board?${window}`;
    const listPath = `/api/schedule/calendar?${window}`;

    const board = (await (await fetch(api.base + boardPath, { headers })).json()) as { technicians: { items: unknown[] }[]; unassigned: unknown[] };
    const list = (await (await fetch(api.base + listPath, { headers })).json()) as { kind: string }[];
    const boardItems = board.technicians.reduce((n, t) => n + t.items.length, 0);
    const sizes = `board: ${board.technicians.length} technicians, ${boardItems} items in their rows, ${board.unassigned.length} unassigned; list: ${list.filter((x) => x.kind === 'activity').length} orders and ${list.filter((x) => x.kind === 'event').length} events`;
    log(sizes);

    // Each alone first (median and worst of 10 after 2 warm-up calls): a figure that a loaded machine bends less.
    const alone = async (p: string) => {
      const times: number[] = [];
      for (let i = 0; i < 12; i++) {
        const t0 = performance.now();
        await (await fetch(api!.base + p, { headers })).arrayBuffer();
        if (i >= 2) times.push(performance.now() - t0);
      }
      times.sort((x, y) => x - y);
      return { median: times[5], worst: times[9] };
    };
    const single = { board: await alone(boardPath), list: await alone(listPath) };
    log(`alone: board ${ms(single.board.median)} ms, list ${ms(single.list.median)} ms`);
    const pid = api.child.pid!;
    const [b, l] = await cannonPair({ base: api.base, pid, requests: [{ path: boardPath, headers }] }, { base: api.base, pid, requests: [{ path: listPath, headers }] }, RUN);
    const ok = (c: { non2xx: number; errors: number }) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU, load average ${os.loadavg()[0].toFixed(1)}; Node ${process.version}; ${bench.version}.`,
      `Dataset: one organization, ${TECHNICIANS} technicians, ${ORDERS.toLocaleString('en')} work orders scheduled in the next 24 hours (open ones every fifth unassigned), ${EVENTS} events with two participants each. ${sizes}.`,
      `autocannon ${RUN.connections} connections, ${RUN.duration} s per request in ${RUN.segments} alternating segments after ${RUN.warmup} s warm-up, one API process.`,
      '',
      '| request | req/s | p50 (ms) | p99 (ms) | CPU per request (ms) |',
      '|---|---|---|---|---|',
      `| the board's day: \`GET /api/schedule/board\`${ok(b)} | ${b.rps.toFixed(1)} | ${ms(b.p50)} | ${ms(b.p99)} | ${ms(b.cpuUsPerRequest / 1000)} |`,
      `| baseline, the same window as a flat list: \`GET /api/schedule/calendar\`${ok(l)} | ${l.rps.toFixed(1)} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.cpuUsPerRequest / 1000)} |`,
      '',
      b.requests && l.requests
        ? `Board ÷ list: p50 ${(b.p50 / l.p50).toFixed(2)}, p99 ${(b.p99 / l.p99).toFixed(2)}, throughput ${(b.rps / l.rps).toFixed(2)}.`
        : 'No answer completed within a segment: the machine is too loaded for this run to say anything (raise BENCH_SECONDS or run it alone).',
      `Alone (median / worst of 10): board ${ms(single.board.median)} / ${ms(single.board.worst)} ms, list ${ms(single.list.median)} / ${ms(single.list.worst)} ms; ratio ${(single.board.median / single.list.median).toFixed(2)}.`,
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
