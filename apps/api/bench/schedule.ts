/**
 * Schedule benchmark: `npx tsx apps/api/bench/schedule.ts` (from the repository root).
 *
 * On PostgreSQL (a fresh `bench_ag_<random>` database, dropped at the end): the field-service seed
 * (500,000 work orders over two years, 40 technicians) plus 20,000 events with two participants
 * each over the same two years. Then the real server answers, alone (median and worst of 20):
 *   - the baseline: the technicians' tuned list `GET /api/external-activity?technician=…&status=agendada`;
 *   - a technician's week on the calendar (`GET /api/schedule/calendar?technician=…`);
 *   - the organization's week (every technician: more than the 2,000 activities an answer holds);
 *   - creating an event with three participants in this week (the busy check under their locks, `force`).
 * Figures are ratios against the baseline measured in the same run.
 *
 * Env: BENCH_ACTIVITIES, BENCH_EVENTS, BENCH_PG_URL (maintenance database), BENCH_OUT (write the report there too),
 * BENCH_KEEP=1 (keep the database, to EXPLAIN its queries).
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
import { benchDatabase, ms, publishReport, sqlSteps, startServer, stopServer } from './harness';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 500_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const JWT_SECRET = randomBytes(32).toString('base64url');
const DAY = 86_400_000;

const log = (msg: string) => console.log(`[bench-schedule ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_ag');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-ag-'));
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(`PostgreSQL: ${bench.version}; seeding ${ACTIVITIES.toLocaleString('en')} activities and ${EVENTS.toLocaleString('en')} events into ${bench.name}`);
    const database = await openDatabase({ databaseUrl: bench.url });
    database.pool?.on('error', () => undefined);
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    const seeded = await seedActivities(database.db, { activities: ACTIVITIES, technicians: 40, days: 730 }, log);
    const { run, timed } = sqlSteps(database.db, log);
    const o = seeded.organizationId;
    await run(`UPDATE "user" SET permissions = '{EXTERNAL_ACTIVITY,SCHEDULE}'::text[] WHERE id = ${seeded.userId}`);
    await timed(`events (${EVENTS})`, async () => {
      await run(`INSERT INTO schedule_event (organization_id, title, starts_at, ends_at, search_text)
        SELECT ${o}, 'Evento ' || g, s.at, s.at + interval '90 minutes', 'evento ' || g
        FROM generate_series(1, ${EVENTS}) g
        CROSS JOIN LATERAL (SELECT date_trunc('hour', now() - interval '700 days' + (((g::bigint * 7919) % (730 * 24)) || ' hours')::interval) AS at) s`);
      const techs = seeded.technicianIds.join(',');
      await run(`INSERT INTO schedule_event_participant (event_id, user_id)
        SELECT e.id, (ARRAY[${techs}])[1 + e.id % ${seeded.technicianIds.length}] FROM schedule_event e WHERE e.organization_id = ${o}
        UNION
        SELECT e.id, (ARRAY[${techs}])[1 + (e.id * 7 + 3) % ${seeded.technicianIds.length}] FROM schedule_event e WHERE e.organization_id = ${o}`);
      await run('ANALYZE schedule_event; ANALYZE schedule_event_participant');
    });
    await database.close();

    const token = await new Tokens(JWT_SECRET).access(seeded.userId, 0, o);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
    log(`API up in ${(api.startMs / 1000).toFixed(1)} s`);
    const base = api.base;
    const weekStart = new Date(Date.now() - 3 * DAY).toISOString();
    const weekEnd = new Date(Date.now() + 4 * DAY).toISOString();
    const techs = [0, 9, 21, 33].map((i) => seeded.technicianIds[i]);

    const timeOf = async (label: string, request: (i: number) => Promise<Response>) => {
      const times: number[] = [];
      let info = '';
      for (let i = 0; i < 22; i++) {
        const t0 = performance.now();
        const r = await request(i);
        const body = await r.text();
        if (!r.ok) throw new Error(`${label}: ${r.status} ${body.slice(0, 200)}`);
        if (i >= 2) times.push(performance.now() - t0); // two warm-up calls
        if (i === 2) info = `${Array.isArray(JSON.parse(body)) ? `${(JSON.parse(body) as unknown[]).length} items` : `${(JSON.parse(body) as { total_items?: number }).total_items ?? 1} rows`}${r.headers.get('x-calendar-truncated') ? ', truncated' : ''}`;
      }
      times.sort((a, b) => a - b);
      return { label, median: times[10], worst: times[19], info };
    };
    const get = (p: string) => fetch(base + p, { headers });
    const rows = [
      await timeOf('baseline: `GET /api/external-activity?technician=…&status=agendada` (page of 20)', (i) => get(`/api/external-activity?technician=${techs[i % 4]}&status=agendada&page=1&pageSize=20`)),
      await timeOf("a technician's week: `GET /api/schedule/calendar?technician=…`", (i) => get(`/api/schedule/calendar?from=${weekStart}&to=${weekEnd}&technician=${techs[i % 4]}`)),
      await timeOf("the organization's week: `GET /api/schedule/calendar`", () => get(`/api/schedule/calendar?from=${weekStart}&to=${weekEnd}`)),
      await timeOf('create an event with 3 participants this week (busy check, `force`): `POST /api/schedule`', (i) =>
        fetch(base + '/api/schedule', {
          method: 'POST',
          headers,
          body: JSON.stringify({ title: `Reunião ${i}`, starts_at: new Date(Date.now() + DAY).toISOString(), ends_at: new Date(Date.now() + DAY + 3_600_000).toISOString(), participant_ids: techs.slice(0, 3), force: true }),
        }),
      ),
    ];
    const baseline = rows[0].median;
    const load = os.loadavg()[0];
    const lines = [
      `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU, load average ${load.toFixed(1)}; Node ${process.version}; ${bench.version}.`,
      `Dataset: ${ACTIVITIES.toLocaleString('en')} work orders over 730 days and ${EVENTS.toLocaleString('en')} events (two participants each) for 40 technicians, one organization. Each request alone, 20 times after 2 warm-up calls.`,
      '',
      '| request | answer | median (ms) | worst of 20 (ms) | median ÷ baseline |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.label} | ${r.info} | ${ms(r.median)} | ${ms(r.worst)} | ${(r.median / baseline).toFixed(2)} |`),
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
